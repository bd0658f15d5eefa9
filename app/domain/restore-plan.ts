// What restoring a backup onto the venue would change (issue 29, item 3): per station and setting
// the old and the new value, in the order a station's changes are saved; whether a station can be
// restored at all; and the venue-wide settings. Pure: the preview and the apply both compute it
// from the Manager's current answers, so a second apply of the same backup finds nothing to change.
import { UpdateAudioChannelSchema, type Channel } from "~/contract/channels";
import { AudioEncoderSchema, NetworkInterfaceSettingsSchema } from "~/contract/station-parts";
import type { Station } from "~/contract/stations";
import type { SystemSettings } from "~/contract/settings";
import type { WritableAppCustomization } from "~/contract/app-customization";
import { inAppOrder } from "~/domain/channel-order";
import { networkSettingsOf, type BackupChannel, type BackupStation, type VenueBackup } from "~/domain/venue-backup";

export type PlainValue = string | number | boolean | null;

/** One field of a setting: its value now and in the backup. A secret one shows neither. */
export interface FieldChange {
  field: string;
  old: PlainValue;
  new: PlainValue;
  secret?: boolean;
}

/**
 * The settings of a station, in the order they are saved: the streaming mode first (changing it
 * discards the channel and audio settings, operations.md §4), then the name, the audio input and
 * latency, the noise gate, the output, DNS discovery, each channel (details, PIN, queue), and the
 * network settings last (they may move the station's address).
 */
export const stationSettingKinds = [
  "audioMode",
  "name",
  "audioEncoder",
  "noiseGate",
  "output",
  "dnsDiscovery",
  "channelDetails",
  "channelPin",
  "channelQueue",
  "network",
] as const;
export type StationSettingKind = (typeof stationSettingKinds)[number];

export interface StationItem {
  /** Stable within a station: `name`, `channelDetails.2`, … (what the form's checkboxes name). */
  key: string;
  kind: StationSettingKind;
  channelIndex?: number;
  changes: FieldChange[];
}

export type NotRestorableReason = "missing" | "notRunning" | "otherType" | "notMapped";

export type StationPlan =
  | {
      backupSerialNumber: string;
      targetSerialNumber: string;
      label: string;
      restorable: true;
      items: StationItem[];
      /** Backup channels the target has no channel for. */
      missingChannels: number[];
    }
  | {
      backupSerialNumber: string;
      targetSerialNumber: string | null;
      label: string;
      restorable: false;
      reason: NotRestorableReason;
    };

export const venueSettingKinds = ["systemDnsDiscovery", "channelOrder", "appCustomization"] as const;
export type VenueSettingKind = (typeof venueSettingKinds)[number];

export interface VenueItem {
  key: VenueSettingKind;
  changes: FieldChange[];
}

// The fields compared are the ones the Manager's update calls take, in the contract's order.
const audioEncoderFields = AudioEncoderSchema.keyof().options;
const channelDetailFields = UpdateAudioChannelSchema.omit({ index: true, regenerateAccess: true }).keyof().options;
const interfaceFields = NetworkInterfaceSettingsSchema.keyof().options;

function plain(value: unknown): PlainValue {
  if (Array.isArray(value)) return value.join(", ");
  if (value === undefined) return null;
  return value as PlainValue;
}

/** The fields whose values differ, named as given (prefix for nested parts). */
function diff<T extends object>(fields: readonly (keyof T & string)[], now: T, wanted: T, prefix = ""): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = plain(now[field]);
    const next = plain(wanted[field]);
    if (old !== next) changes.push({ field: `${prefix}${field}`, old, new: next });
  }
  return changes;
}

function item(kind: StationSettingKind, changes: FieldChange[], channelIndex?: number): StationItem {
  return {
    key: channelIndex === undefined ? kind : `${kind}.${channelIndex}`,
    kind,
    ...(channelIndex === undefined ? {} : { channelIndex }),
    changes,
  };
}

function channelItems(now: Channel, wanted: BackupChannel): StationItem[] {
  const items = [item("channelDetails", diff(channelDetailFields, now, wanted), now.index)];
  if (wanted.pinCode !== undefined) {
    const changed = (now.pinCode ?? null) !== (wanted.pinCode ?? null);
    items.push(
      item("channelPin", changed ? [{ field: "pinCode", old: null, new: null, secret: true }] : [], now.index),
    );
  }
  items.push(item("channelQueue", diff(["isQueueEnabled"], now, wanted), now.index));
  return items;
}

/** Every setting of the backup station against the target as it is now, in saving order. */
export function stationItems(backup: BackupStation, now: Station): { items: StationItem[]; missingChannels: number[] } {
  const items: StationItem[] = [
    item("audioMode", diff(["useCaseMode"], now.state.audioMode, { useCaseMode: backup.useCaseMode })),
    item("name", backup.name === null ? [] : diff(["name"], { name: now.name }, { name: backup.name })),
    item("audioEncoder", diff(audioEncoderFields, now.state.audioEncoder, backup.audioEncoder)),
    item("noiseGate", diff(["thresholdDb"], now.configuration.noiseGate, backup.noiseGate)),
    item("output", diff(["level", "gainDb"], now.configuration.output, backup.output)),
    item(
      "dnsDiscovery",
      diff(["useDnsDiscovery", "managerIpAddress"], now.configuration.dnsDiscovery, backup.dnsDiscovery),
    ),
  ];
  const missingChannels: number[] = [];
  for (const wanted of backup.channels) {
    const channel = now.audioChannels.find((candidate) => candidate.index === wanted.index);
    if (channel) items.push(...channelItems(channel, wanted));
    else missingChannels.push(wanted.index);
  }
  if (backup.network) {
    const current = networkSettingsOf(now);
    items.push(
      item("network", [
        ...diff(
          interfaceFields,
          current.controlNetworkInterface,
          backup.network.controlNetworkInterface,
          "controlNetworkInterface.",
        ),
        ...diff(
          interfaceFields,
          current.streamingNetworkInterface,
          backup.network.streamingNetworkInterface,
          "streamingNetworkInterface.",
        ),
      ]),
    );
  }
  return { items, missingChannels };
}

/** A station can be restored when it is there, running, of the backup's type and not busy. */
export function notRestorableReason(backup: BackupStation, target: Station | undefined): NotRestorableReason | null {
  if (!target) return "missing";
  if (target.type !== backup.type) return "otherType";
  if (target.deviceState.computedState !== "Connected" || target.deviceState.isChangingMode) return "notRunning";
  return null;
}

/**
 * Which current station each backup station goes onto: the chosen serial number, else its own.
 * "" (chosen: do not restore) maps onto none.
 */
export type Mapping = ReadonlyMap<string, string>;

export function targetOf(backup: BackupStation, mapping: Mapping): string | null {
  const chosen = mapping.get(backup.serialNumber);
  if (chosen === undefined) return backup.serialNumber;
  return chosen === "" ? null : chosen;
}

export function stationPlan(
  backup: BackupStation,
  stations: ReadonlyMap<string, Station>,
  mapping: Mapping,
): StationPlan {
  const targetSerialNumber = targetOf(backup, mapping);
  const label = backup.name ?? backup.serialNumber;
  const base = { backupSerialNumber: backup.serialNumber, label };
  if (targetSerialNumber === null) return { ...base, targetSerialNumber, restorable: false, reason: "notMapped" };
  const target = stations.get(targetSerialNumber);
  const reason = notRestorableReason(backup, target);
  if (reason || !target) return { ...base, targetSerialNumber, restorable: false, reason: reason ?? "missing" };
  return { ...base, targetSerialNumber, restorable: true, ...stationItems(backup, target) };
}

/** Each target serial number at most once: a later backup station mapped onto a taken one is not restored. */
export function venuePlan(
  backup: VenueBackup,
  stations: ReadonlyMap<string, Station>,
  mapping: Mapping,
): StationPlan[] {
  const taken = new Set<string>();
  return backup.stations.map((backupStation) => {
    const plan = stationPlan(backupStation, stations, mapping);
    if (plan.restorable && taken.has(plan.targetSerialNumber))
      return { ...plan, restorable: false as const, reason: "notMapped" as const };
    if (plan.targetSerialNumber) taken.add(plan.targetSerialNumber);
    return plan;
  });
}

export function systemDnsItem(backup: VenueBackup, now: SystemSettings): VenueItem {
  return {
    key: "systemDnsDiscovery",
    changes: diff(
      ["useDnsDiscovery", "managerIpAddress"],
      now.dnsDiscoverySettings,
      backup.systemSettings.dnsDiscoverySettings,
    ),
  };
}

/** The customization: the logo and onboarding screens hold images, shown only as changed. */
export function customizationItem(backup: VenueBackup, now: WritableAppCustomization | null): VenueItem {
  const wanted = backup.appCustomization;
  if (!wanted) return { key: "appCustomization", changes: [] };
  const changes: FieldChange[] = now
    ? diff(["isActive", "backgroundColor", "highlightColor", "fontColor"], now, wanted)
    : diff(["isActive", "backgroundColor", "highlightColor", "fontColor"], {} as WritableAppCustomization, wanted);
  if ((now?.logo ?? null) !== wanted.logo) changes.push({ field: "logo", old: null, new: null, secret: true });
  if (JSON.stringify(now?.onboardings ?? []) !== JSON.stringify(wanted.onboardings))
    changes.push({ field: "onboardings", old: null, new: null, secret: true });
  return { key: "appCustomization", changes };
}

export interface OrderChannel {
  id: string;
  name: string;
  index: number;
  sortId: number;
  stationSerialNumber: string;
}

/**
 * The App view's order after the restore: the restored stations' channels take their backup
 * positions, every other channel keeps its own; ties keep the current order. Returns the channel
 * ids in the new order, and the channels whose position changes.
 */
export function channelOrderAfter(
  channels: readonly OrderChannel[],
  backupSortIds: ReadonlyMap<string, ReadonlyMap<number, number>>,
): { order: string[]; changes: FieldChange[] } {
  const current = inAppOrder(channels);
  const position = new Map(current.map((channel, offset) => [channel.id, offset + 1]));
  const keyed = current.map((channel) => ({
    ...channel,
    sortId: backupSortIds.get(channel.stationSerialNumber)?.get(channel.index) ?? channel.sortId,
  }));
  const wanted = [...keyed].sort((a, b) => a.sortId - b.sortId || position.get(a.id)! - position.get(b.id)!);
  const changes: FieldChange[] = [];
  wanted.forEach((channel, offset) => {
    const old = position.get(channel.id)!;
    if (old !== offset + 1)
      changes.push({ field: `${channel.stationSerialNumber} ${channel.index} ${channel.name}`, old, new: offset + 1 });
  });
  return { order: wanted.map((channel) => channel.id), changes };
}

export const hasChanges = (entry: { changes: FieldChange[] }) => entry.changes.length > 0;
