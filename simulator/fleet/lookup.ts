// Finding what a call addresses, and refusing calls the station's state does not allow.
import type { Channel } from "../../app/contract/channels";
import { updateStatus, updateStatuses } from "../../app/contract/enums";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { computedStateOf, isEditable } from "./derive";
import type { StationRecord } from "./records";

export function requireStation(state: ManagerState, serialNumber: string): StationRecord {
  const record = state.findStation(serialNumber);
  if (!record) throw problems.stationNotFound(serialNumber);
  return record;
}

/** Channels are addressed by their 1-based index on the station; anything else is not found. */
export function requireChannel(record: StationRecord, channelIndex: string | number): Channel {
  const index =
    typeof channelIndex === "number" ? channelIndex : /^\d+$/.test(channelIndex) ? Number(channelIndex) : NaN;
  const channel = record.station.audioChannels.find((candidate) => candidate.index === index);
  if (!channel) throw problems.channelNotFound(record.station.serialNumber, channelIndex);
  return channel;
}

/** Why the station cannot be edited now, in the words of the spec's operating states. */
export function notEditableReason(record: StationRecord): string | null {
  if (isEditable(record)) return null;
  if (record.activity?.kind === "audioModeChange") return "changingMode";
  if (record.activity?.kind === "factoryReset") return "resetting";
  if (record.activity?.kind === "reboot" || record.firmware.status === updateStatus.Rebooting) return "rebooting";
  if (record.activity?.kind === "firmwareUpdate") return "updating";
  const computedState = computedStateOf(record);
  if (computedState !== "Connected") return `computedState:${computedState}`;
  return `firmwareStatus:${updateStatuses[record.firmware.status] ?? record.firmware.status}`;
}

export function requireEditable(record: StationRecord) {
  const reason = notEditableReason(record);
  if (reason) throw problems.stationNotEditable(record.station.serialNumber, reason);
}
