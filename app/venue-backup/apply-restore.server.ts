// Applying a previewed restore (issues 29 and 33): exactly the ticked settings, each station's in
// saving order (app/domain/restore-plan.ts), at most eight stations at a time; a failure stops
// that station and names the setting that failed. A setting whose value in the file was refused,
// or that was not ticked, is never written — a streaming-mode change writes only what it resets
// and was left ticked on the preview. Every write goes through recordingWrite, as every screen's
// writes do, so the audit log holds each one with its old and new values (secrets only as
// "changed"). Each station is read again first and compared, so what is already as in the backup
// is left alone: applying the same backup twice changes nothing the second time.
import type { SessionUser } from "~/auth/user";
import { noteWrite, recordingWrite } from "~/audit/write-record.server";
import type { Station } from "~/contract/stations";
import { channelOrderPayload } from "~/domain/channel-order";
import {
  channelOrderAfter,
  hasChanges,
  stationItems,
  type FieldChange,
  type StationItem,
  type StationPlan,
  type VenueItem,
  type VenueSettingKind,
} from "~/domain/restore-plan";
import { passedValue } from "~/domain/backup-rules";
import type { CheckedStation } from "~/domain/venue-backup";
import type { AuditChange } from "~/records/audit-log";
import { saveAppCustomization } from "~/manager/app-customization.server";
import { getAppViewStations, updateChannelOrder } from "~/manager/app-view.server";
import { setChannelPin, updateAudioChannel } from "~/manager/channels.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";
import { updateModerationChannel } from "~/manager/moderation.server";
import { updateSystemSettings } from "~/manager/settings.server";
import {
  changeStreamingMode,
  getStation,
  renameStation,
  updateAudioEncoder,
  updateNetworkSettings,
  updateStationConfiguration,
} from "~/manager/stations.server";
import { managerCallsInFlight, mapWithConcurrency } from "~/utils/bounded-concurrency";
import { backupSortIdsOf, type RestoreInput } from "./restore-input.server";
import {
  countStatuses,
  type ItemFailure,
  type ResultItem,
  type RestoreResult,
  type StationResult,
} from "./restore-result";

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

/** The write that brings one setting to the file's value; answers the station as it is after it. */
async function writeItem(
  manager: ManagerClient,
  station: Station,
  backup: CheckedStation,
  entry: StationItem,
): Promise<Station> {
  const serialNumber = station.serialNumber;
  const wantedChannel = backup.channels.find((channel) => channel.index === entry.channelIndex);
  const withChannel = (channel: Station["audioChannels"][number]): Station => ({
    ...station,
    audioChannels: station.audioChannels.map((each) => (each.index === channel.index ? channel : each)),
  });
  switch (entry.kind) {
    case "audioMode":
      await changeStreamingMode(manager, serialNumber, backup.useCaseMode!);
      return waitForModeChange(manager, serialNumber);
    case "name":
      return renameStation(manager, serialNumber, backup.name!);
    case "audioEncoder":
      return updateAudioEncoder(manager, serialNumber, backup.audioEncoder!);
    case "noiseGate":
      return updateStationConfiguration(manager, serialNumber, { noiseGate: backup.noiseGate! });
    case "output":
      return updateStationConfiguration(manager, serialNumber, { output: backup.output! });
    case "dnsDiscovery":
      return updateStationConfiguration(manager, serialNumber, { dnsDiscovery: backup.dnsDiscovery! });
    case "channelDetails":
      return updateAudioChannel(manager, serialNumber, {
        index: wantedChannel!.index,
        ...wantedChannel!.details!,
        regenerateAccess: false,
      });
    case "channelPin":
      return withChannel(
        await setChannelPin(manager, serialNumber, wantedChannel!.index, wantedChannel!.pinCode ?? ""),
      );
    case "channelQueue": {
      // The moderation update is the only call that sets the queue: the channel's other values as they are.
      const channel = station.audioChannels.find((each) => each.index === entry.channelIndex)!;
      const answer = await updateModerationChannel(manager, channel.id, {
        name: channel.name,
        pinCode: channel.pinCode ?? "",
        uplinkEnabled: channel.uplinkEnabled,
        uplinkMuted: !channel.uplinkUnmuted,
        isQueueEnabled: wantedChannel!.isQueueEnabled!,
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

interface ApplyContext {
  manager: ManagerClient;
  user: SessionUser;
  /** Whether the user left the setting ticked (`serialNumber/key` or `venue/key`). */
  isChosen: (key: string) => boolean;
}

const resultOf = (entry: StationItem, rest: Omit<ResultItem, "key" | "kind">): ResultItem => ({
  key: entry.key,
  kind: entry.kind,
  ...(entry.channelIndex === undefined ? {} : { channelIndex: entry.channelIndex }),
  ...rest,
});

async function applyStation(
  { manager, user, isChosen }: ApplyContext,
  plan: Extract<StationPlan, { restorable: true }>,
  backup: CheckedStation,
): Promise<StationResult> {
  const result: StationResult = {
    backupSerialNumber: plan.backupSerialNumber,
    targetSerialNumber: plan.targetSerialNumber,
    label: plan.label,
    items: [],
    unchanged: 0,
  };
  const chosen = (entry: StationItem) => isChosen(`${plan.backupSerialNumber}/${entry.key}`);
  let station = await getStation(manager, plan.targetSerialNumber);
  let items = stationItems(backup, station).items;
  let failed = false;
  for (let at = 0; at < items.length; at += 1) {
    const entry = items[at]!;
    if (entry.refusals) result.items.push(resultOf(entry, { status: "skipped", skipReason: "refused" }));
    else if (!hasChanges(entry)) result.unchanged += 1;
    else if (failed) result.items.push(resultOf(entry, { status: "skipped", skipReason: "afterFailure" }));
    else if (!chosen(entry)) result.items.push(resultOf(entry, { status: "skipped", skipReason: "notChosen" }));
    else {
      try {
        station = await recorded(user, `restore.${entry.kind}`, auditTargetOf(station, entry), entry.changes, () =>
          writeItem(manager, station, backup, entry),
        );
        result.items.push(resultOf(entry, { status: "done" }));
      } catch (error) {
        result.items.push(resultOf(entry, { status: "failed", failure: failureOf(error) }));
        failed = true;
        continue;
      }
      if (entry.kind === "audioMode") {
        // The new mode reset the audio input and channels: what comes after is compared again
        // with the station as it is now; a backup channel the new mode has no place for is named.
        const after = stationItems(backup, station).items.slice(at + 1);
        const keys = new Set(after.map((each) => each.key));
        for (const gone of items.slice(at + 1).filter((each) => each.channelIndex !== undefined && !keys.has(each.key)))
          result.items.push(resultOf(gone, { status: "skipped", skipReason: "noSuchChannel" }));
        items = [...items.slice(0, at + 1), ...after];
      }
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
    ...(plan.blockedBy ? { blockedBy: plan.blockedBy } : {}),
    items: [],
    unchanged: 0,
  };
}

async function applyVenueItem(
  { user, isChosen }: ApplyContext,
  entry: VenueItem,
  compute: () => Promise<{ changes: FieldChange[]; write: () => Promise<unknown> }>,
): Promise<ResultItem> {
  const key: VenueSettingKind = entry.key;
  if (entry.refusals) return { key, kind: key, status: "skipped", skipReason: "refused" };
  if (!hasChanges(entry)) return { key, kind: key, status: "unchanged" };
  if (!isChosen(`venue/${key}`)) return { key, kind: key, status: "skipped", skipReason: "notChosen" };
  try {
    const { changes, write } = await compute();
    if (changes.length === 0) return { key, kind: key, status: "unchanged" };
    const target = key === "appCustomization" ? { kind: "customization" as const } : { kind: "settings" as const };
    await recorded(user, `restore.${key}`, target, changes, write);
    return { key, kind: key, status: "done" };
  } catch (error) {
    return { key, kind: key, status: "failed", failure: failureOf(error) };
  }
}

/**
 * Writes what the plan (the preview's, compared by its digest) holds and the user left ticked:
 * the stations first, then the venue's settings.
 */
export async function applyRestore(
  context: ApplyContext,
  input: RestoreInput,
  plans: StationPlan[],
  venue: VenueItem[],
): Promise<Omit<RestoreResult, "backupId">> {
  const backups = new Map(input.backup.stations.map((station) => [station.serialNumber, station]));
  const results = await mapWithConcurrency(plans, managerCallsInFlight, (plan) =>
    plan.restorable
      ? applyStation(context, plan, backups.get(plan.backupSerialNumber)!)
      : Promise.resolve(notRestorable(plan)),
  );
  const stations = results.filter((station) => station.reason || station.items.length > 0);
  const { manager } = context;
  const [systemDns, order, customization] = venue;
  const venueResults = [
    await applyVenueItem(context, systemDns!, async () => ({
      changes: systemDns!.changes,
      write: () =>
        updateSystemSettings(manager, { dnsDiscoverySettings: passedValue(input.backup.venue.systemDnsDiscovery) }),
    })),
    // The App view's order after the stations' writes (a new streaming mode makes new channels).
    await applyVenueItem(context, order!, async () => {
      const appView = await getAppViewStations(manager);
      const after = channelOrderAfter(
        appView.flatMap((station) => station.channels),
        backupSortIdsOf(plans, input.backup.stations),
      );
      return { changes: after.changes, write: () => updateChannelOrder(manager, channelOrderPayload(after.order)) };
    }),
    await applyVenueItem(context, customization!, async () => ({
      changes: customization!.changes,
      write: () => saveAppCustomization(manager, passedValue(input.backup.venue.appCustomization)),
    })),
  ];
  return {
    stations,
    venue: venueResults,
    counts: countStatuses(stations, venueResults),
    notInVenue: input.backup.missing.count,
  };
}
