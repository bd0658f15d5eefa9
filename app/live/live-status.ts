// The state of the live connection, for the header's reconnecting spinner and the
// "live updates interrupted" message. A tiny store: read with useLiveStatus().
import { useSyncExternalStore } from "react";

export interface LiveStatus {
  /** Some hub lost its socket and is trying again. */
  reconnecting: boolean;
  /** Some hub gave up (or failed to start after its retries): reload advised. */
  disconnected: boolean;
}

let status: LiveStatus = { reconnecting: false, disconnected: false };
const listeners = new Set<() => void>();
const serverStatus: LiveStatus = { reconnecting: false, disconnected: false };

export function setLiveStatus(next: Partial<LiveStatus>) {
  const merged = { ...status, ...next };
  if (merged.reconnecting === status.reconnecting && merged.disconnected === status.disconnected) return;
  status = merged;
  for (const listener of listeners) listener();
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
    () => serverStatus,
  );
}
