// What happens to a channel's listeners when the channel changes under them, and the listener
// counts the test controls set.
import type { Channel } from "../../app/contract/channels";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { requireChannel, requireStation } from "./lookup";
import type { StationRecord } from "./records";

/** Empties the speaker and the waiting list (without committing: the caller commits). */
export function clearQueue(state: ManagerState, channel: Channel) {
  const queue = state.queueOf(channel.id);
  if (queue && queue.speakers.length > 0) state.saveQueue({ ...queue, speakers: [] });
}

/** Listeners of a channel whose access or security changed must rejoin; the mic queue empties. */
export function disconnectListeners(state: ManagerState, channel: Channel) {
  channel.listenerCount = 0;
  clearQueue(state, channel);
}

/** The station leaves the network (reboot, reset, update, dropping off): every listener loses it. Not committed. */
export function takeOffline(state: ManagerState, record: StationRecord) {
  record.isOnline = false;
  for (const channel of record.station.audioChannels) disconnectListeners(state, channel);
}

/**
 * Sets how many listeners a channel (or every channel of the station) has — the count the
 * Manager reports as each channel's listenerCount. Fewer listeners than people in the mic queue
 * means the last to ask have left; none empties it. A station that is not running has nobody.
 */
export function setListenerCount(
  state: ManagerState,
  serialNumber: string,
  count: number,
  channelIndex?: number,
): StationRecord {
  const record = requireStation(state, serialNumber);
  if (count > 0 && !record.isOnline) {
    throw problems.conflict("The station is not on the network: nobody can listen to it.", { serialNumber });
  }
  const channels = channelIndex === undefined ? record.station.audioChannels : [requireChannel(record, channelIndex)];
  for (const channel of channels) {
    channel.listenerCount = count;
    const queue = state.queueOf(channel.id);
    if (queue && queue.speakers.length > count) state.saveQueue({ ...queue, speakers: queue.speakers.slice(0, count) });
  }
  state.commitStation(record, { channels });
  return record;
}
