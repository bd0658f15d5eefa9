// What restoring a backup onto the venue would change (issues 29 and 33): per station and setting
// the old and the new value, in the order a station's changes are saved, or why the file's value
// was refused; whether a station can be written now at all; what a streaming-mode change resets
// and so writes after it; and the venue-wide settings. Pure: the preview and the apply both
// compute it from the Manager's current answers and the file's values as the Manager stores them,
// so what the preview shows is what the apply writes, and a second preview after an apply finds
// nothing to change.
import { UpdateAudioChannelSchema, type Channel } from "~/contract/channels";
import {
  AudioEncoderSchema,
  NetworkInterfaceSettingsSchema,
  type DnsDiscoverySettings,
} from "~/contract/station-parts";
import type { Station } from "~/contract/stations";
import type { SystemSettings } from "~/contract/settings";
import type { WritableAppCustomization } from "~/contract/app-customization";
import type { ChannelDetails, Checked, Refusal } from "~/domain/backup-rules";
import { inAppOrder } from "~/domain/channel-order";
import { stationAvailability, type BlockedReason } from "~/domain/station-state";
import { networkSettingsOf, type CheckedChannel, type CheckedStation } from "~/domain/venue-backup";

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

/** What a new streaming mode resets: the audio input and every channel (operations.md §4). */
export const resetByModeChange: readonly StationSettingKind[] = [
  "audioEncoder",
  "channelDetails",
  "channelPin",
  "channelQueue",
];

export interface StationItem {
  /** Stable within a station: `name`, `channelDetails.2`, … (what the form's checkboxes name). */
  key: string;
  kind: StationSettingKind;
  channelIndex?: number;
  changes: FieldChange[];
  /** The file's value broke the forms' rules: shown with why, never written. */
  refusals?: Refusal[];
  /**
   * The streaming mode changes first and resets this setting: it is written after, as in the
   * backup, whatever it is now (its changes list every field, with the backup's values).
   */
  afterModeChange?: true;
}

export type NotRestorableReason = "missing" | "otherType" | "notMapped" | "blocked";

export type StationPlan =
  | {
      backupSerialNumber: string;
      targetSerialNumber: string;
      label: string;
      restorable: true;
      items: StationItem[];
      /** Backup channels the target has no channel for. */
      missingChannels: number[];
      /** The streaming mode changes, resetting the audio input and channels. */
      modeChange: boolean;
    }
  | {
      backupSerialNumber: string;
      targetSerialNumber: string | null;
      label: string;
      restorable: false;
      reason: NotRestorableReason;
      /** Why the unit cannot be written now (rebooting, not running, …), as its own page says. */
      blockedBy?: BlockedReason;
    };

export const venueSettingKinds = ["systemDnsDiscovery", "channelOrder", "appCustomization"] as const;
export type VenueSettingKind = (typeof venueSettingKinds)[number];

export interface VenueItem {
  key: VenueSettingKind;
  changes: FieldChange[];
  refusals?: Refusal[];
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

/** Every field with the backup's value: a setting the mode change resets is written whole. */
function whole<T extends object>(fields: readonly (keyof T & string)[], wanted: T): FieldChange[] {
  return fields.map((field) => ({ field, old: null, new: plain(wanted[field]) }));
}

function item(kind: StationSettingKind, changes: FieldChange[], channelIndex?: number): StationItem {
  return {
    key: channelIndex === undefined ? kind : `${kind}.${channelIndex}`,
    kind,
    ...(channelIndex === undefined ? {} : { channelIndex }),
    changes,
  };
}

const secretChange = (field: string): FieldChange => ({ field, old: null, new: null, secret: true });

/**
 * The item of one setting: refused (the file's value broke a rule), written whole after the mode
 * change, or what differs now.
 */
function settingItem<T>(
  backup: CheckedStation,
  kind: StationSettingKind,
  wanted: T | undefined,
  compare: (wanted: T) => FieldChange[],
  options: { channelIndex?: number; afterModeChange?: boolean; everything?: (wanted: T) => FieldChange[] } = {},
): StationItem | null {
  const entry = item(kind, [], options.channelIndex);
  const refusals = backup.refusals[entry.key];
  if (refusals) return { ...entry, refusals };
  if (wanted === undefined) return null;
  if (options.afterModeChange && options.everything)
    return { ...entry, changes: options.everything(wanted), afterModeChange: true };
  return { ...entry, changes: compare(wanted) };
}

function channelItems(
  backup: CheckedStation,
  wanted: CheckedChannel,
  now: Channel | undefined,
  afterModeChange: boolean,
) {
  const index = wanted.index;
  const current = now ?? ({} as Partial<Channel>);
  const details = settingItem(
    backup,
    "channelDetails",
    wanted.details,
    (details) => diff(channelDetailFields, current as ChannelDetails, details),
    { channelIndex: index, afterModeChange, everything: (details) => whole(channelDetailFields, details) },
  );
  const pin = settingItem(
    backup,
    "channelPin",
    wanted.pinCode,
    (pinCode) => ((current.pinCode ?? null) !== pinCode ? [secretChange("pinCode")] : []),
    { channelIndex: index, afterModeChange, everything: () => [secretChange("pinCode")] },
  );
  const queue = settingItem(
    backup,
    "channelQueue",
    wanted.isQueueEnabled,
    (isQueueEnabled) => diff(["isQueueEnabled"], { isQueueEnabled: current.isQueueEnabled }, { isQueueEnabled }),
    {
      channelIndex: index,
      afterModeChange,
      everything: (isQueueEnabled) => whole(["isQueueEnabled"], { isQueueEnabled }),
    },
  );
  return [details, pin, queue].filter((entry): entry is StationItem => entry !== null);
}

/**
 * Every setting of the backup station against the target as it is now, in saving order. When the
 * streaming mode changes, what it resets is listed whole, to be written after it.
 */
export function stationItems(
  backup: CheckedStation,
  now: Station,
): { items: StationItem[]; missingChannels: number[]; modeChange: boolean } {
  const mode = settingItem(backup, "audioMode", backup.useCaseMode, (useCaseMode) =>
    diff(["useCaseMode"], now.state.audioMode, { useCaseMode }),
  );
  const modeChange = Boolean(mode && mode.changes.length > 0);
  const items: (StationItem | null)[] = [
    mode,
    settingItem(backup, "name", backup.name, (name) =>
      name === null ? [] : diff(["name"], { name: now.name }, { name }),
    ),
    settingItem(
      backup,
      "audioEncoder",
      backup.audioEncoder,
      (encoder) => diff(audioEncoderFields, now.state.audioEncoder, encoder),
      {
        afterModeChange: modeChange,
        everything: (encoder) => whole(audioEncoderFields, encoder),
      },
    ),
    settingItem(backup, "noiseGate", backup.noiseGate, (noiseGate) =>
      diff(["thresholdDb"], now.configuration.noiseGate, noiseGate),
    ),
    settingItem(backup, "output", backup.output, (output) =>
      diff(["level", "gainDb"], now.configuration.output, output),
    ),
    settingItem(backup, "dnsDiscovery", backup.dnsDiscovery, (dnsDiscovery) =>
      diff(["useDnsDiscovery", "managerIpAddress"], now.configuration.dnsDiscovery, dnsDiscovery),
    ),
  ];
  const missingChannels: number[] = [];
  for (const wanted of backup.channels) {
    const channel = now.audioChannels.find((candidate) => candidate.index === wanted.index);
    // After a mode change the station's channels are new: which of them there will be is known then.
    if (!channel && !modeChange) missingChannels.push(wanted.index);
    if (channel || modeChange) items.push(...channelItems(backup, wanted, channel, modeChange));
  }
  const current = networkSettingsOf(now);
  items.push(
    settingItem(backup, "network", backup.network, (network) => [
      ...diff(
        interfaceFields,
        current.controlNetworkInterface,
        network.controlNetworkInterface,
        "controlNetworkInterface.",
      ),
      ...diff(
        interfaceFields,
        current.streamingNetworkInterface,
        network.streamingNetworkInterface,
        "streamingNetworkInterface.",
      ),
    ]),
  );
  return { items: items.filter((entry): entry is StationItem => entry !== null), missingChannels, modeChange };
}

export const hasChanges = (entry: { changes: FieldChange[] }) => entry.changes.length > 0;
/** A setting to show: one that would change, or one the file's value was refused for. */
export const isShown = (entry: { changes: FieldChange[]; refusals?: Refusal[] }) =>
  entry.changes.length > 0 || Boolean(entry.refusals);

/**
 * Why the backup station cannot go onto the target now: it is not in the venue, of another type,
 * or cannot be written at the moment (not running, rebooting — the 6.0.3 station stuck reporting
 * Rebooting too —, updating, changing mode), by the rules of the station's own page.
 */
export function notRestorableReason(
  backup: Pick<CheckedStation, "type">,
  target: Station | undefined,
  firmwareStatus: number,
): { reason: NotRestorableReason; blockedBy?: BlockedReason } | null {
  if (!target) return { reason: "missing" };
  if (target.type !== backup.type) return { reason: "otherType" };
  const { editBlockedBy } = stationAvailability(target, firmwareStatus);
  return editBlockedBy ? { reason: "blocked", blockedBy: editBlockedBy } : null;
}

/**
 * Which current station each backup station goes onto: the chosen serial number, else its own.
 * "" (chosen: do not restore) maps onto none.
 */
export type Mapping = ReadonlyMap<string, string>;

export function targetOf(backup: Pick<CheckedStation, "serialNumber">, mapping: Mapping): string | null {
  const chosen = mapping.get(backup.serialNumber);
  if (chosen === undefined) return backup.serialNumber;
  return chosen === "" ? null : chosen;
}

export interface VenueNow {
  stations: ReadonlyMap<string, Station>;
  /** Each station's firmware update status (the updater's), by serial number. */
  firmwareStatus: ReadonlyMap<string, number>;
}

export function stationPlan(backup: CheckedStation, venue: VenueNow, mapping: Mapping): StationPlan {
  const targetSerialNumber = targetOf(backup, mapping);
  const base = { backupSerialNumber: backup.serialNumber, label: backup.label };
  if (targetSerialNumber === null) return { ...base, targetSerialNumber, restorable: false, reason: "notMapped" };
  const target = venue.stations.get(targetSerialNumber);
  const refused = notRestorableReason(backup, target, venue.firmwareStatus.get(targetSerialNumber) ?? 0);
  if (refused || !target) return { ...base, targetSerialNumber, restorable: false, reason: "missing", ...refused };
  return { ...base, targetSerialNumber, restorable: true, ...stationItems(backup, target) };
}

/**
 * Plans backup stations one after the other, each target serial number at most once: a later
 * backup station mapped onto a taken one is not restored. A caller may plan in chunks.
 */
export function venuePlanner(venue: VenueNow, mapping: Mapping) {
  const taken = new Set<string>();
  return (backupStation: CheckedStation): StationPlan => {
    const plan = stationPlan(backupStation, venue, mapping);
    if (plan.restorable && taken.has(plan.targetSerialNumber))
      return { ...plan, restorable: false as const, reason: "notMapped" as const };
    if (plan.targetSerialNumber) taken.add(plan.targetSerialNumber);
    return plan;
  };
}

export function venuePlan(stations: readonly CheckedStation[], venue: VenueNow, mapping: Mapping): StationPlan[] {
  return stations.map(venuePlanner(venue, mapping));
}

export function systemDnsItem(wanted: Checked<DnsDiscoverySettings>, now: SystemSettings): VenueItem {
  if (!wanted.ok) return { key: "systemDnsDiscovery", changes: [], refusals: wanted.refusals };
  return {
    key: "systemDnsDiscovery",
    changes: diff(["useDnsDiscovery", "managerIpAddress"], now.dnsDiscoverySettings, wanted.value),
  };
}

/** The customization: the logo and onboarding screens hold images, shown only as changed. */
export function customizationItem(
  wanted: Checked<WritableAppCustomization> | null,
  now: WritableAppCustomization | null,
): VenueItem {
  if (!wanted) return { key: "appCustomization", changes: [] };
  if (!wanted.ok) return { key: "appCustomization", changes: [], refusals: wanted.refusals };
  const value = wanted.value;
  const changes = diff(
    ["isActive", "backgroundColor", "highlightColor", "fontColor"],
    now ?? ({} as WritableAppCustomization),
    value,
  );
  if ((now?.logo ?? null) !== value.logo) changes.push(secretChange("logo"));
  if (JSON.stringify(now?.onboardings ?? []) !== JSON.stringify(value.onboardings))
    changes.push(secretChange("onboardings"));
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
