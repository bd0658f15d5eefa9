// Whether Mantine's notification stack could be loaded: when its chunk fails (a kiosk that lost
// part of the JavaScript), messages stay in the page as they are shown without JavaScript.
import { useSyncExternalStore } from "react";

let unavailable = false;
const listeners = new Set<() => void>();

export function markNotificationsUnavailable() {
  unavailable = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the notification stack failed to load; false on the server and until then. */
export function useNotificationsUnavailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => unavailable,
    () => false,
  );
}
