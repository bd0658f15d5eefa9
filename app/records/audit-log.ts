// The audit log: one record per write made through the console — who, what, on which target,
// what changed and how it ended (issue 28). Two implementations keep the same contract
// (tests/console/durable-store.contract.ts): the SQLite file of one host and PostgreSQL when
// DATABASE_URL is set (server/records/, docs/decisions/055-durable-records.md). Types and pure
// helpers only, so a screen may import them too.
import { showHiddenCharacters } from "~/domain/text-fields";

/** A value as it is recorded: what JSON can hold. */
export type AuditValue = string | number | boolean | null | AuditValue[] | { [key: string]: AuditValue };

/** The signed-in user who made the write, as the token's claims named them then. */
export interface AuditUser {
  /** The identity provider's subject. */
  id: string;
  name: string;
  role: string;
}

export type AuditTargetKind =
  | "station"
  | "channel"
  | "token"
  | "settings"
  | "customization"
  | "session"
  | "rollout"
  /** The stations a user chose on the list, for a bulk action: the choice's id. */
  | "selection"
  /** A named event of the listening history: its id. */
  | "listeningEvent"
  /** An alert (acknowledged): its id. */
  | "alert"
  /** An alert rule: its id. */
  | "alertRule"
  /** A webhook destination of alerts: its id. */
  | "alertDestination";

export interface AuditTarget {
  kind: AuditTargetKind | null;
  serialNumber?: string;
  channelIndex?: number;
  /** A token's, rollout's or other target's own id. */
  id?: string;
  /** What a person reads for the target (a station's or token's name, when it was written). */
  label?: string;
}

/**
 * One field that changed. A secret one (PIN, token, password, image) says only that it changed:
 * it never carries a value, and the store strips one that is given.
 */
export type AuditChange =
  | { field: string; old?: AuditValue; new?: AuditValue; secret?: never }
  | { field: string; secret: true; old?: never; new?: never };

export type AuditRefusal = "permission" | "validation" | "oncePerSubmission" | (string & {});

/** How many of an act's parts (a bulk action's stations, a restore's settings) ended how. */
export interface AuditCounts {
  done: number;
  failed: number;
  skipped: number;
}

export type AuditOutcome =
  | { kind: "done" }
  /** One act over many parts where some were done and some failed (issue 33): its counts say how many. */
  | { kind: "partly"; counts: AuditCounts }
  | { kind: "refused"; reason: AuditRefusal; detail?: string }
  | { kind: "failed"; managerStatus?: number; message?: string; counts?: AuditCounts };

export type AuditOutcomeKind = AuditOutcome["kind"];
export const auditOutcomeKinds: readonly AuditOutcomeKind[] = ["done", "partly", "refused", "failed"];

/**
 * The outcome of one act over many parts: done when none failed, failed when none was done and
 * some failed, else partly done — with the counts in every case but "done" of parts all done.
 */
export function outcomeOfCounts(counts: AuditCounts): AuditOutcome {
  if (counts.failed === 0) return { kind: "done" };
  if (counts.done === 0) return { kind: "failed", counts };
  return { kind: "partly", counts };
}

export interface AuditRecord {
  id: string;
  /** When the write happened: an ISO 8601 time (UTC, milliseconds). */
  time: string;
  /** The X-Request-Id the response carried. */
  requestId: string;
  /** Null for a refused sign-in that named no user. */
  user: AuditUser | null;
  /** What was done, e.g. `station.rename`, `channel.savePin`, `signIn`, `bulk.reboot`. */
  action: string;
  target: AuditTarget;
  changes: AuditChange[];
  outcome: AuditOutcome;
}

/** What a caller appends: the store gives it an id unless it has one. */
export type NewAuditRecord = Omit<AuditRecord, "id"> & { id?: string };

/** Which records to show; every condition given must hold. */
export interface AuditFilter {
  /** The user's id (subject). */
  userId?: string;
  /** The target station's serial number (its channels' records included). */
  serialNumber?: string;
  /** One action, or every action that starts with a text (`station.` for all of a station's). */
  action?: { equals: string } | { startsWith: string };
  outcome?: AuditOutcomeKind;
  /** From this time on (inclusive). */
  from?: Date;
  /** Before this time (exclusive): for "up to and including a day", the next day's start. */
  to?: Date;
}

/**
 * Whether a record matches the filter — what the stores' SQL says, for records read elsewhere (the
 * spool's, while the database cannot be read).
 */
export function matchesAuditFilter(
  record: Pick<AuditRecord, "time" | "user" | "action" | "target" | "outcome">,
  filter: AuditFilter,
): boolean {
  const time = Date.parse(record.time);
  if (filter.userId !== undefined && record.user?.id !== filter.userId) return false;
  if (filter.serialNumber !== undefined && record.target.serialNumber !== filter.serialNumber) return false;
  if (filter.action && "equals" in filter.action && record.action !== filter.action.equals) return false;
  if (filter.action && "startsWith" in filter.action && !record.action.startsWith(filter.action.startsWith))
    return false;
  if (filter.outcome !== undefined && record.outcome.kind !== filter.outcome) return false;
  if (filter.from !== undefined && time < filter.from.getTime()) return false;
  if (filter.to !== undefined && time >= filter.to.getTime()) return false;
  return true;
}

export interface AuditPage {
  skip: number;
  take: number;
  /**
   * Count at most this many matches (the total then says "more than N"): a count reads one index
   * entry per match, and an unfiltered count of a large log costs more than the page itself.
   * Default: count them all.
   */
  countUpTo?: number;
}

export interface AuditRows {
  /** Newest first; records of the same time, the one appended last first. */
  rows: AuditRecord[];
  /** How many records match the filter in all — at most `countUpTo` when the page gave one. */
  total: number;
  /** False when more than `countUpTo` match: `total` is then `countUpTo`. */
  totalIsExact: boolean;
}

export interface AuditLog {
  /**
   * Stores a record (secret values stripped, see `normalizeAuditRecord`) and returns it as stored.
   * A record whose id is stored already is not stored again: the spool's replay (decision 066)
   * may write a record twice, and the id decides.
   */
  append(record: NewAuditRecord): Promise<AuditRecord>;
  /** One page of the records that match, newest first, and how many match in all. */
  query(filter: AuditFilter, page: AuditPage): Promise<AuditRows>;
  /**
   * Every record that matches, newest first, read in batches of `batchSize` (default 500) so a
   * download of any length never holds them all in memory, nor the event loop for long.
   */
  stream(filter: AuditFilter, options?: { batchSize?: number }): AsyncIterable<AuditRecord>;
  /** The users who have records, each with the name and role of their latest record, by name. */
  distinctUsers(limit?: number): Promise<AuditUser[]>;
  /** The actions that have records, in alphabetical order. */
  distinctActions(limit?: number): Promise<string[]>;
  /** Deletes the records before `time`; returns how many. */
  removeOlderThan(time: Date): Promise<number>;
}

/** How many users or actions the filter form's selects list at most. */
export const distinctLimit = 1000;

/** Longest text kept in a record; a longer one (a pasted document) is cut, marked with "…". */
export const longestRecordedText = 1000;

/**
 * A text as the log keeps it (issue 33): each control and format character written out as its
 * escape (`\u0000`, `\u202e`) — the one rule the store, the screen and the CSV share, so a NUL
 * never ends a page or a cell and a bidi override never reorders what follows it — and a long
 * text cut at `longestRecordedText`, marked "…". Applying it again changes nothing.
 */
export function recordedText(text: string): string {
  const escaped = showHiddenCharacters(text);
  return escaped.length > longestRecordedText ? `${escaped.slice(0, longestRecordedText)}…` : escaped;
}

/** Every text in a value (keys included) through `text`. */
function mapTexts(value: AuditValue, text: (value: string) => string): AuditValue {
  if (typeof value === "string") return text(value);
  if (Array.isArray(value)) return value.map((item) => mapTexts(item ?? null, text));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), mapTexts(item ?? null, text)]));
  }
  return value;
}

/** A value as the log keeps it: every text in it by `recordedText`. */
export const recordedValue = (value: AuditValue) => mapTexts(value, recordedText);

/** A value with its hidden characters escaped and nothing cut: for records kept before the rule. */
export const escapedValue = (value: AuditValue) => mapTexts(value, showHiddenCharacters);

/** A change as it is stored: a secret one without values, texts by the log's rule. */
export function normalizeAuditChange(change: AuditChange): AuditChange {
  if (change.secret) return { field: recordedText(change.field), secret: true };
  const normalized: AuditChange = { field: recordedText(change.field) };
  if (change.old !== undefined) normalized.old = recordedValue(change.old);
  if (change.new !== undefined) normalized.new = recordedValue(change.new);
  return normalized;
}

/** The target's known fields, those given only. */
function normalizeAuditTarget(target: AuditTarget): AuditTarget {
  const normalized: AuditTarget = { kind: target.kind ?? null };
  if (target.serialNumber !== undefined) normalized.serialNumber = recordedText(target.serialNumber);
  if (target.channelIndex !== undefined) normalized.channelIndex = target.channelIndex;
  if (target.id !== undefined) normalized.id = recordedText(target.id);
  if (target.label !== undefined) normalized.label = recordedText(target.label);
  return normalized;
}

/** The outcome's texts (a refusal's reason and detail, a failure's message) by the log's rule. */
function normalizeAuditOutcome(outcome: AuditOutcome): AuditOutcome {
  switch (outcome.kind) {
    case "refused":
      return {
        ...outcome,
        reason: recordedText(outcome.reason),
        ...(outcome.detail !== undefined ? { detail: recordedText(outcome.detail) } : {}),
      };
    case "failed":
      return { ...outcome, ...(outcome.message !== undefined ? { message: recordedText(outcome.message) } : {}) };
    default:
      return outcome;
  }
}

/**
 * A record as the store keeps it: secret changes carry no value even when a caller passed one,
 * every text escaped and bounded by one rule (`recordedText`), only the known fields are kept,
 * and the time is checked and written the one way (ISO, UTC, milliseconds).
 */
export function normalizeAuditRecord(record: NewAuditRecord, id: string): AuditRecord {
  const time = new Date(record.time);
  if (Number.isNaN(time.getTime())) throw new RangeError(`An audit record's time is not a time: ${record.time}`);
  const { user } = record;
  return {
    id,
    time: time.toISOString(),
    requestId: recordedText(record.requestId),
    user: user ? { id: recordedText(user.id), name: recordedText(user.name), role: recordedText(user.role) } : null,
    action: recordedText(record.action),
    target: normalizeAuditTarget(record.target),
    changes: record.changes.map(normalizeAuditChange),
    outcome: normalizeAuditOutcome(record.outcome),
  };
}

/** A secret field that changed, recorded without its values. */
export const secretChange = (field: string): AuditChange => ({ field, secret: true });

/**
 * The fields whose values differ between `before` and `after` (compared as JSON), in the order
 * of `fields`; those named in `secret` recorded only as changed.
 */
export function changesBetween<T extends Record<string, unknown>>(
  before: Partial<T> | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
  secret: readonly (keyof T & string)[] = [],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const old = before?.[field];
    const now = after[field];
    if (JSON.stringify(old) === JSON.stringify(now)) continue;
    if (secret.includes(field)) changes.push(secretChange(field));
    else {
      const change: AuditChange = { field };
      if (old !== undefined) change.old = old as AuditValue;
      if (now !== undefined) change.new = now as AuditValue;
      changes.push(change);
    }
  }
  return changes;
}

/**
 * The group of an action: the text up to and including its first dot (`station.` of
 * `station.rename`), or null for an action without one (`signIn`). A filter on a group's prefix
 * reads its own index.
 */
export function actionGroup(action: string): string | null {
  const dot = action.indexOf(".");
  return dot === -1 ? null : action.slice(0, dot + 1);
}

/**
 * The upper end of the texts that start with `prefix`, in byte order (SQLite's BINARY and
 * PostgreSQL's "C" collation): `action >= prefix AND action < prefixUpperBound(prefix)` finds them
 * on an index, where LIKE would need its wildcards escaped and a collation to match.
 */
export const prefixUpperBound = (prefix: string) => `${prefix}\u{10FFFF}`;
