// The parts of a Station that follow from others: the connection state from authorization,
// presence and firmware; the firmware fields from the firmware state and the catalogue; the
// moderation counters from the speaker queue. Recomputed after every change, so they never drift.
import type { Station } from "../../app/contract/stations";
import { stationTypes, type ComputedState } from "../../app/contract/enums";
import { isInAppView as isAppViewStation } from "../../app/domain/app-view";
import { brokenRebootVersion, compareVersions, isRebooting, isUpdating } from "../../app/domain/firmware";
import type { SpeakerQueue, StationRecord } from "./records";

/** v2 firmware below this cannot be managed until it is updated (computedState UpdateRequired). */
export const minimumSupportedVersion = "6.0.0";
/** Firmware before this cannot reboot on request (and 6.0.3 reports Rebooting forever after one). */
export const firstVersionWithRemoteReboot = "6.1.0";

export function computedStateOf(record: StationRecord): ComputedState {
  const { station } = record;
  if (!station.authorization.isAuthorized) return "Unauthorized";
  if (!record.isOnline) return "Disconnected";
  if (station.type === stationTypes.v1) return "Unsupported";
  if (station.type === stationTypes.unknown) return "Unknown";
  if (compareVersions(record.firmware.currentVersion, minimumSupportedVersion) < 0) return "UpdateRequired";
  return "Connected";
}

/** The 6.0.3 bug: the station came back from a reboot but its firmware still says Rebooting. */
export function isStuckInBrokenReboot(record: StationRecord): boolean {
  return (
    record.firmware.currentVersion === brokenRebootVersion &&
    isRebooting(record.firmware.status) &&
    record.activity === null
  );
}

/**
 * Spec §4: only a Connected station that is not updating, rebooting or changing mode is
 * editable — by the same firmware-status rules the console applies (app/domain/firmware.ts).
 */
export function isEditable(record: StationRecord): boolean {
  return (
    record.presence === "present" &&
    computedStateOf(record) === "Connected" &&
    record.activity === null &&
    !isUpdating(record.firmware.status) &&
    !isRebooting(record.firmware.status)
  );
}

/** Listed in the stations list (rejected stations are hidden). */
export function isVisible(record: StationRecord): boolean {
  return record.presence === "present" && !record.station.authorization.isRejected;
}

/** In the app view, the channel list and channel ordering: authorized stations (app/domain/app-view.ts). */
export function isInAppView(record: StationRecord): boolean {
  return isVisible(record) && isAppViewStation(record.station.authorization);
}

/** Channels a moderator sees: those of authorized v2 stations (v1 has no audience mic). */
export function isModerated(record: StationRecord): boolean {
  return isInAppView(record) && record.station.type === stationTypes.v2;
}

export function refreshStation(
  record: StationRecord,
  latestVersionFor: (stationType: Station["type"]) => string | null,
  queueOf: (channelId: string) => SpeakerQueue | undefined,
) {
  const { station, firmware } = record;
  station.deviceState.computedState = computedStateOf(record);
  station.currentFirmwareVersion = firmware.currentVersion;
  station.latestFirmwareVersion = latestVersionFor(station.type);
  station.functionalities.hasAudienceMic = station.type === stationTypes.v2;
  station.functionalities.canReboot =
    station.type === stationTypes.v2 && compareVersions(firmware.currentVersion, firstVersionWithRemoteReboot) >= 0;
  station.deviceState.isChangingMode = record.activity?.kind === "audioModeChange";
  const linkState = record.isOnline ? "Up" : "Down";
  station.state.controlNetworkInterface.state = linkState;
  station.state.streamingNetworkInterface.state = linkState;
  for (const channel of station.audioChannels) {
    const speakers = queueOf(channel.id)?.speakers ?? [];
    channel.stationSerialNumber = station.serialNumber;
    channel.speakersWaiting = speakers.filter((speaker) => !speaker.isSpeaking).length;
    channel.speakerMuted = speakers.find((speaker) => speaker.isSpeaking)?.isMuted ?? false;
  }
}
