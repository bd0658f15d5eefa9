// Refresh tokens rotate: a refresh token used twice is refused, and the user signed out. The
// instances of the console therefore refresh a session's tokens one at a time under a lock in
// the shared store; the others wait (bounded) and take the refreshed tokens from the session
// (docs/decisions/017-shared-state.md).
import type { SessionData, SessionTokens } from "~/auth/session.server";
import type { SharedStore } from "~/store/shared-store.server";

export interface RefreshOnceOptions {
  store: SharedStore;
  sessionId: string;
  /** The tokens this request read with its session. */
  tokens: SessionTokens;
  needsRefresh(tokens: SessionTokens): boolean;
  /** Asks the identity provider; `current` holds the newest refresh token stored. */
  refresh(current: SessionTokens): Promise<SessionTokens>;
  /** How long a holder may take before another instance may try (a holder that died). */
  leaseMs?: number;
  /** How long a request waits for another instance's refresh. */
  waitMs?: number;
  pollMs?: number;
}

export class RefreshWaitTimeoutError extends Error {
  constructor() {
    super("Waited too long for another instance to refresh the session's tokens");
    this.name = "RefreshWaitTimeoutError";
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function storedTokens(store: SharedStore, sessionId: string) {
  const data = (await store.sessions.read(sessionId)) as Partial<SessionData> | null;
  return data?.tokens ?? null;
}

/** Fresh tokens for the session: refreshed here under the lock, or by whoever held it. */
export async function refreshOnce(options: RefreshOnceOptions): Promise<SessionTokens> {
  const { store, sessionId, needsRefresh } = options;
  const lockName = `refresh:${sessionId}`;
  const deadline = Date.now() + (options.waitMs ?? 20_000);
  for (;;) {
    // This request may have read the session just before another one stored a refresh: the
    // refresh token it holds has been used, so the stored tokens come first.
    const stored = await storedTokens(store, sessionId);
    if (stored && !needsRefresh(stored)) return stored;
    const lock = await store.locks.acquire(lockName, options.leaseMs ?? 15_000);
    if (lock) {
      try {
        // The holder before may have stored its refresh between the look above and the lock.
        const current = (await storedTokens(store, sessionId)) ?? stored ?? options.tokens;
        if (!needsRefresh(current)) return current;
        const refreshed = await options.refresh(current);
        await store.sessions.modify(sessionId, (data) => {
          data.tokens = refreshed;
        });
        return refreshed;
      } finally {
        await store.locks.release(lockName, lock);
      }
    }
    if (Date.now() >= deadline) throw new RefreshWaitTimeoutError();
    await pause(options.pollMs ?? 50);
  }
}
