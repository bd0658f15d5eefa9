// A session's own writes to the Manager, for reads that must show them: a page served from a copy
// kept by the hubs' pushes (decision 072) could come before the push of the write that redirected
// to it, so for a short while after a write the session's pages read the Manager themselves. The
// redirect after a form post comes on the same connection, so to the same process, which is where
// this is kept.
const lastWriteAt = new Map<string, number>();

/** How long after a write its session's reads go to the Manager. */
export const ownWritesWindowMs = 2000;

export function noteOwnWrite(sessionId: string, now = Date.now()) {
  lastWriteAt.set(sessionId, now);
  if (lastWriteAt.size > 1000) {
    for (const [id, at] of lastWriteAt) if (now - at > ownWritesWindowMs) lastWriteAt.delete(id);
  }
}

export function wroteRecently(sessionId: string, now = Date.now()) {
  const at = lastWriteAt.get(sessionId);
  return at !== undefined && now - at <= ownWritesWindowMs;
}
