// What happens to a channel's listeners when the channel changes under them.
import type { Channel } from "../../app/contract/channels";
import type { ManagerState } from "../state";

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
