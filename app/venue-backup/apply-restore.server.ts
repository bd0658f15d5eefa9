// Applying a previewed restore (issue 29, item 3): each chosen station's changes in saving order
// (app/domain/restore-plan.ts), at most eight stations at a time; a failure stops that station and
// names the setting that failed. Every write goes through recordingWrite, as every screen's writes
// do, so the audit log holds each one with its old and new values (secrets only as "changed").
// Each station is read again first and compared, so what is already as in the backup is left
// alone: applying the same backup twice changes nothing the second time.
import type { SessionUser } from "~/auth/user";
import { noteWrite, recordingWrite } from "~/audit/write-record.server";
import type { Channel } from "~/contract/channels";
import type { Station } from "~/contract/stations";
import { channelOrderPayload } from "~/domain/channel-order";
import {
  channelOrderAfter,
  customizationItem,
  hasChanges,
  stationItems,
  systemDnsItem,
  venuePlan,
  type FieldChange,
  type Mapping,
  type StationItem,
  type StationPlan,
  type VenueSettingKind,
} from "~/domain/restore-plan";
import { writableCustomizationOf, type BackupStation, type VenueBackup } from "~/domain/venue-backup";
import type { AuditChange } from "~/records/audit-log";
import { getAppCustomization, saveAppCustomization } from "~/manager/app-customization.server";
import { getAppViewStations, updateChannelOrder } from "~/manager/app-view.server";
import { setChannelPin, updateAudioChannel } from "~/manager/channels.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { updateModerationChannel } from "~/manager/moderation.server";
import { getSystemSettings, updateSystemSettings } from "~/manager/settings.server";
import {
  changeStreamingMode,
  getStation,
  renameStation,
  updateAudioEncoder,
  updateNetworkSettings,
  updateStationConfiguration,
} from "~/manager/stations.server";
import { managerCallsInFlight, mapWithConcurrency } from "~/utils/bounded-concurrency";
import { allStations } from "~/venue-backup/venue-state.server";
import {
  countStatuses,
  type ItemFailure,
  type ResultItem,
  type RestoreResult,
  type StationResult,
} from "./restore-result";

export interface RestoreChoice {
  mapping: Mapping;
  /** `serialNumber/key` of each chosen station item, `venue/key` of each chosen venue item. */
  chosen: ReadonlySet<string>;
}

/** A mode change takes a while on the station; it is editable again when it is done. */
const modeChangeWaitMs = 120_000;
const modeChangePollMs = 250;

function auditChanges(changes: FieldChange[]): AuditChange[] {
  return changes.map((change) =>
    change.secret
      ? { field: change.field, secret: true as const }
      : { field: change.field, old: change.old, new: change.new },
  );
}

function failureOf(error: unknown): ItemFailure {
  if (isManagerError(error)) {
    const { failure } = error;
    if (failure.kind === "validation") {
      const detail = Object.values(failure.fieldErrors).flat()[0];
      return detail ? { kind: failure.kind, detail } : { kind: failure.kind };
    }
    return { kind: failure.kind };
  }
  return { kind: "unexpected" };
}

async function waitForModeChange(manager: ManagerClient, serialNumber: string): Promise<Station> {
  const until = Date.now() + modeChangeWaitMs;
  for (;;) {
    const station = await getStation(manager, serialNumber);
    if (!station.deviceState.isChangingMode) return station;
    if (Date.now() > until) throw new Error(`${serialNumber} is still changing its streaming mode`);
    await new Promise((resolve) => setTimeout(resolve, modeChangePollMs));
  }
}

/** The write that brings one setting to the backup's value; answers the station as it is after it. */
async function writeItem(
  manager: ManagerClient,
  station: Station,
  backup: BackupStation,
  entry: StationItem,
): Promise<Station> {
  const serialNumber = station.serialNumber;
  const channelOf = (stationNow: Station) =>
    stationNow.audioChannels.find((channel) => channel.index === entry.channelIndex)!;
  const wantedChannel = backup.channels.find((channel) => channel.index === entry.channelIndex)!;
  const withChannel = (channel: Channel): Station => ({
    ...station,
    audioChannels: station.audioChannels.map((each) => (each.index === channel.index ? channel : each)),
  });
  switch (entry.kind) {
    case "audioMode":
      await changeStreamingMode(manager, serialNumber, backup.useCaseMode);
      return waitForModeChange(manager, serialNumber);
    case "name":
      return renameStation(manager, serialNumber, backup.name ?? serialNumber);
    case "audioEncoder":
      return updateAudioEncoder(manager, serialNumber, backup.audioEncoder);
    case "noiseGate":
      return updateStationConfiguration(manager, serialNumber, { noiseGate: backup.noiseGate });
    case "output":
      return updateStationConfiguration(manager, serialNumber, { output: backup.output });
    case "dnsDiscovery":
      return updateStationConfiguration(manager, serialNumber, { dnsDiscovery: backup.dnsDiscovery });
    case "channelDetails": {
      const { name, group, isHidden, isEnabled, uplinkEnabled, uplinkOutputIndex } = wantedChannel;
      const { inputInterfaceLeft, inputInterfaceRight } = wantedChannel;
      return updateAudioChannel(manager, serialNumber, {
        index: wantedChannel.index,
        name,
        group,
        isHidden,
        isEnabled,
        uplinkEnabled,
        uplinkOutputIndex,
        inputInterfaceLeft,
        inputInterfaceRight,
        regenerateAccess: false,
      });
    }
    case "channelPin":
      return withChannel(await setChannelPin(manager, serialNumber, wantedChannel.index, wantedChannel.pinCode ?? ""));
    case "channelQueue": {
      const channel = channelOf(station);
      const answer = await updateModerationChannel(manager, channel.id, {
        name: channel.name,
        pinCode: channel.pinCode ?? "",
        uplinkEnabled: channel.uplinkEnabled,
        uplinkMuted: !channel.uplinkUnmuted,
        isQueueEnabled: wantedChannel.isQueueEnabled,
      });
      const { stationName: _stationName, speakers: _speakers, ...updated } = answer;
      return withChannel(updated);
    }
    case "network":
      return updateNetworkSettings(manager, serialNumber, backup.network!);
  }
}

function auditTargetOf(station: Station, entry: StationItem) {
  return entry.channelIndex === undefined
    ? { kind: "station" as const, serialNumber: station.serialNumber, label: station.name ?? station.serialNumber }
    : { kind: "channel" as const, serialNumber: station.serialNumber, channelIndex: entry.channelIndex };
}

/** One write, recorded in the audit log like every other write of the console. */
function recorded<T>(
  user: SessionUser,
  action: string,
  target: Parameters<typeof recordingWrite>[0]["target"],
  changes: FieldChange[],
  work: () => Promise<T>,
) {
  return recordingWrite({ user, action, target }, async () => {
    noteWrite({ changes: auditChanges(changes) });
    return work();
  });
}

async function applyStation(
  manager: ManagerClient,
  user: SessionUser,
  plan: Extract<StationPlan, { restorable: true }>,
  backup: BackupStation,
  chosen: ReadonlySet<string>,
): Promise<StationResult> {
  const result: StationResult = {
    backupSerialNumber: plan.backupSerialNumber,
    targetSerialNumber: plan.targetSerialNumber,
    label: plan.label,
    items: [],
  };
  const isChosen = (key: string) => chosen.has(`${plan.backupSerialNumber}/${key}`);
  let station = await getStation(manager, plan.targetSerialNumber);
  let items = stationItems(backup, station).items;
  // A new streaming mode discards the channel and audio settings: all of them are then restored.
  let everything = false;
  let failed = false;
  for (let at = 0; at < items.length; at += 1) {
    const entry = items[at]!;
    const base = {
      key: entry.key,
      kind: entry.kind,
      ...(entry.channelIndex === undefined ? {} : { channelIndex: entry.channelIndex }),
    };
    // What already matches is unchanged, chosen or not (a preview offers no box for it).
    if (!failed && !hasChanges(entry)) {
      result.items.push({ ...base, status: "unchanged" });
      continue;
    }
    if (failed || !(everything || isChosen(entry.key))) {
      result.items.push({ ...base, status: "skipped" });
      continue;
    }
    try {
      station = await recorded(user, `restore.${entry.kind}`, auditTargetOf(station, entry), entry.changes, () =>
        writeItem(manager, station, backup, entry),
      );
      result.items.push({ ...base, status: "done" });
      if (entry.kind === "audioMode") {
        everything = true;
        // Compared again with what the station holds after the change.
        items = [...items.slice(0, at + 1), ...stationItems(backup, station).items.slice(at + 1)];
      }
    } catch (error) {
      result.items.push({ ...base, status: "failed", failure: failureOf(error) });
      failed = true;
    }
  }
  return result;
}

function notRestorable(plan: Extract<StationPlan, { restorable: false }>): StationResult {
  return {
    backupSerialNumber: plan.backupSerialNumber,
    targetSerialNumber: plan.targetSerialNumber,
    label: plan.label,
    reason: plan.reason,
    items: [],
  };
}

async function applyVenueItem(
  user: SessionUser,
  key: VenueSettingKind,
  chosen: ReadonlySet<string>,
  compute: () => Promise<{ changes: FieldChange[]; write: () => Promise<unknown> }>,
): Promise<ResultItem> {
  try {
    const { changes, write } = await compute();
    if (changes.length === 0) return { key, kind: key, status: "unchanged" };
    if (!chosen.has(`venue/${key}`)) return { key, kind: key, status: "skipped" };
    const target = key === "appCustomization" ? { kind: "customization" as const } : { kind: "settings" as const };
    await recorded(user, `restore.${key}`, target, changes, write);
    return { key, kind: key, status: "done" };
  } catch (error) {
    return { key, kind: key, status: "failed", failure: failureOf(error) };
  }
}

export async function applyRestore(
  manager: ManagerClient,
  user: SessionUser,
  backup: VenueBackup,
  choice: RestoreChoice,
): Promise<RestoreResult> {
  const current = new Map((await allStations(manager)).map((station) => [station.serialNumber, station]));
  const plans = venuePlan(backup, current, choice.mapping);
  const backups = new Map(backup.stations.map((station) => [station.serialNumber, station]));
  const stations = await mapWithConcurrency(plans, managerCallsInFlight, (plan) =>
    plan.restorable
      ? applyStation(manager, user, plan, backups.get(plan.backupSerialNumber)!, choice.chosen)
      : Promise.resolve(notRestorable(plan)),
  );
  const restored = plans.filter((plan) => plan.restorable);
  const venue = [
    await applyVenueItem(user, "systemDnsDiscovery", choice.chosen, async () => {
      return {
        changes: systemDnsItem(backup, await getSystemSettings(manager)).changes,
        write: () => updateSystemSettings(manager, backup.systemSettings),
      };
    }),
    await applyVenueItem(user, "channelOrder", choice.chosen, async () => {
      const appView = await getAppViewStations(manager);
      const { order, changes } = channelOrderAfter(
        appView.flatMap((station) => station.channels),
        backupSortIdsOf(restored, backups),
      );
      return { changes, write: () => updateChannelOrder(manager, channelOrderPayload(order)) };
    }),
    await applyVenueItem(user, "appCustomization", choice.chosen, async () => {
      return {
        changes: customizationItem(backup, writableCustomizationOf(await getAppCustomization(manager))).changes,
        write: () => saveAppCustomization(manager, backup.appCustomization!),
      };
    }),
  ];
  return { stations, venue, counts: countStatuses(stations, venue) };
}

/** Target serial number → channel index → the backup's position of that channel. */
export function backupSortIdsOf(plans: StationPlan[], backups: ReadonlyMap<string, BackupStation>) {
  return new Map(
    plans
      .filter((plan) => plan.restorable)
      .map((plan) => [
        plan.targetSerialNumber!,
        new Map(backups.get(plan.backupSerialNumber)!.channels.map((channel) => [channel.index, channel.sortId])),
      ]),
  );
}
