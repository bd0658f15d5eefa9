// The state the console instances share: sessions, the per-session refresh lock, the sign-in
// counters, the once-per-submission ids, the stations chosen on /stations and the documents a
// form keeps between its steps (a restore's backup). Two implementations keep the same contract
// (tests/console/shared-store.contract.ts): the embedded SQLite file, shared by the processes of
// one host, and Redis when REDIS_URL is set, shared by instances anywhere
// (docs/decisions/017-shared-state.md).

export interface SessionStore {
  /** Stores a new session (or replaces one) until `expiresAt`. */
  create(id: string, data: unknown, expiresAt: Date): Promise<void>;
  /** The session's data, or null when there is none, it expired or cannot be opened. */
  read(id: string): Promise<unknown | null>;
  update(id: string, data: unknown, expiresAt: Date): Promise<void>;
  /**
   * Changes a session's data in one step: requests of the same session running side by side
   * (the loaders of a page, a refresh, an action) on any instance each change their own keys and
   * never write back a stale copy of another's. `change` edits the data in place and returns what
   * the caller wants back; it may run more than once (when another write came between), so it
   * must do nothing but edit the data. Nothing happens without a session; the expiry is kept.
   */
  modify<T>(
    id: string,
    change: (data: Record<string, unknown>) => T,
  ): Promise<{ found: false } | { found: true; result: T }>;
  remove(id: string): Promise<void>;
}

export interface LockStore {
  /**
   * Takes the named lock for at most `leaseMs` (a holder that dies frees it when the lease ends).
   * Returns the holder's token, or null while someone else holds it.
   */
  acquire(name: string, leaseMs: number): Promise<string | null>;
  /**
   * Extends the lease to `leaseMs` from now if the token still holds it: false when the lease had
   * ended (and may be someone else's now). A long-running holder (the rollout driver) renews.
   */
  renew(name: string, token: string, leaseMs: number): Promise<boolean>;
  /** Frees the lock if the token still holds it (not after its lease passed to someone else). */
  release(name: string, token: string): Promise<void>;
}

export interface CounterStore {
  /**
   * Adds one to `key`'s count in the numbered `window` and returns it with the count of the
   * window before (0 when none). A count is forgotten `keepMs` after its last change.
   */
  add(key: string, window: number, keepMs: number): Promise<{ current: number; previous: number }>;
  /** Takes back one count added to `key` in `window`. */
  takeBack(key: string, window: number): Promise<void>;
}

/** What is known of a submission id: being worked on, or its outcome. */
export type SubmissionEntry = { state: "pending" } | { state: "succeeded" | "failed"; outcome: unknown };

export interface SubmissionStore {
  /**
   * Claims the id for `owner` for at most `leaseMs`, unless it is being worked on or succeeded:
   * then returns that entry instead. A failed outcome is claimed over (a corrected form runs).
   * Returns null when claimed.
   */
  claim(id: string, owner: string, leaseMs: number): Promise<SubmissionEntry | null>;
  read(id: string): Promise<SubmissionEntry | null>;
  /** Stores the owner's outcome (JSON) for `keepMs`; nothing if its claim was lost meanwhile. */
  settle(
    id: string,
    owner: string,
    entry: Exclude<SubmissionEntry, { state: "pending" }>,
    keepMs: number,
  ): Promise<void>;
  /** Forgets the owner's claim (its work threw). */
  release(id: string, owner: string): Promise<void>;
}

/**
 * Named sets of strings that live a while: the stations a user chose on /stations, kept on the
 * server so the choice survives paging and sorting without a URL that grows with each station.
 */
export interface SelectionStore {
  /** The set's members, in no particular order (none when it is unknown or expired). */
  members(id: string): Promise<string[]>;
  /**
   * Changes the set in one step — emptied first when `clear`, then `remove`d, then `add`ed — and
   * keeps it `keepMs` from now; returns how many members it has.
   */
  change(
    id: string,
    change: { clear?: boolean; add?: readonly string[]; remove?: readonly string[] },
    keepMs: number,
  ): Promise<number>;
}

/**
 * Documents a form keeps between its steps, a while: the backup a restore previews and then
 * applies (docs/decisions/063-venue-backup.md), so the page never carries it. Sealed like
 * sessions (a backup may hold channel PINs); one key holds one document, a new one replaces it.
 */
export interface DocumentStore {
  /** Keeps the bytes under `key` until `expiresAt`, replacing what was there. */
  put(key: string, bytes: Uint8Array, expiresAt: Date): Promise<void>;
  /** The bytes, or null when there are none, they expired or do not open. */
  get(key: string): Promise<Uint8Array | null>;
  remove(key: string): Promise<void>;
}

export interface SharedStore {
  readonly kind: "sqlite" | "redis";
  sessions: SessionStore;
  locks: LockStore;
  counters: CounterStore;
  submissions: SubmissionStore;
  selections: SelectionStore;
  documents: DocumentStore;
  /** Whether the store answers (for readiness). */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface SharedStoreOptions {
  /** The session secrets, newest first: the newest seals, any opens. */
  secrets: readonly string[];
}
