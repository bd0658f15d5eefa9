// Who must know at once when a session is deleted in this process (a sign-out): the hub bridge
// closes its sockets through the runtime's hook (server.ts); work lent the session (the venue
// copies, decision 072) registers here. Other processes notice at their next check of the session.
const listeners = new Set<(sessionId: string) => void>();

export function onSessionEnd(listener: (sessionId: string) => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function sessionEnded(sessionId: string) {
  for (const listener of listeners) listener(sessionId);
}
