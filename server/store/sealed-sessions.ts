// Sessions on any backend that keeps text under an id with an expiry: the data is sealed
// (app/auth/session-crypto.server.ts) before it leaves the process, so neither the SQLite file
// nor Redis (or its snapshots and replicas) holds a readable token. Because the backend only
// sees sealed text, a change of one session is an optimistic read-change-swap: the swap
// succeeds only while the stored text is still the one read, else the change runs again on the
// newer data.
import { createSessionSealer } from "../../app/auth/session-crypto.server";
import type { SessionStore } from "../../app/store/shared-store.server";

export interface SessionRows {
  /** The stored text of an unexpired session. */
  get(id: string): Promise<string | null>;
  put(id: string, text: string, expiresAt: Date): Promise<void>;
  /** Replaces the text only while it is still `expected`, keeping the expiry. */
  swap(id: string, expected: string, text: string): Promise<boolean>;
  delete(id: string): Promise<void>;
}

/** Far more than the requests of one session that ever change it at the same moment. */
const maxAttempts = 100;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sealedSessions(rows: SessionRows, secrets: readonly string[]): SessionStore {
  const sealer = createSessionSealer(secrets);
  const sealed = (id: string, data: unknown) => sealer.seal(id, JSON.stringify(data));

  /** The stored text and its data; null when there is none or it does not open. */
  async function load(id: string) {
    const text = await rows.get(id);
    if (text === null) return null;
    const plaintext = sealer.open(id, text);
    // Sealed by a secret no longer listed, or altered: as good as no session.
    if (plaintext === null) return null;
    return { text, plaintext };
  }

  return {
    async create(id, data, expiresAt) {
      await rows.put(id, sealed(id, data), expiresAt);
    },
    async read(id) {
      const loaded = await load(id);
      if (!loaded) return null;
      // After a rotation, active sessions move to the newest key before the old one is dropped.
      if (sealer.isStale(loaded.text)) await rows.swap(id, loaded.text, sealer.seal(id, loaded.plaintext));
      return JSON.parse(loaded.plaintext);
    },
    async update(id, data, expiresAt) {
      await rows.put(id, sealed(id, data), expiresAt);
    },
    async modify(id, change) {
      for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
        const loaded = await load(id);
        if (!loaded) return { found: false };
        const data = JSON.parse(loaded.plaintext) as Record<string, unknown>;
        const result = change(data);
        const changed = JSON.stringify(data);
        // A change that changed nothing (a look at the tokens, no flash to take) writes nothing.
        if (changed === loaded.plaintext) return { found: true, result };
        if (await rows.swap(id, loaded.text, sealer.seal(id, changed))) return { found: true, result };
        // Another request wrote in between; a short random pause keeps many from colliding again.
        if (attempt >= 3) await pause(Math.random() * Math.min(50, attempt * 2));
      }
      throw new Error(`Session changed by others ${maxAttempts} times while this request tried to change it`);
    },
    async remove(id) {
      await rows.delete(id);
    },
  };
}
