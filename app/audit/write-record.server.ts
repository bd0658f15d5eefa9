// Every write made through the console leaves an audit record (issue 28): who, what, on which
// target, what changed and how it ended, with the request's X-Request-Id. Recording happens in
// the one place every write passes through — `dispatchIntent` for every screen's intents, and
// sign-in and sign-out — so a new screen cannot forget it. What a handler knows better (the
// values before, a Manager failure, the label of the target) it adds with `noteWrite`; the rest
// is inferred from the answer. A record the database cannot take waits in the spool until it
// answers (docs/decisions/066-records-spool.md), and never turns a done action into a failure.
import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionUser } from "~/auth/user";
import { isErrorPagePayload } from "~/error-pages";
import { isManagerError } from "~/manager/http.server";
import { observability } from "~/observability.server";
import type {
  AuditChange,
  AuditOutcome,
  AuditTarget,
  AuditUser,
  AuditValue,
  NewAuditRecord,
} from "~/records/audit-log";
import { durableWrite } from "~/records/durable-write.server";

interface WriteDraft {
  user: AuditUser | null;
  action: string;
  target: AuditTarget;
  changes: AuditChange[] | null;
  /** Field values before the write, by field name, where a handler read them. */
  before: Record<string, AuditValue> | null;
  outcome: AuditOutcome | null;
  /** Not a write after all (a review step, a draft edited, a replay): nothing is recorded. */
  skip: boolean;
  /** The flash message the answer carries, if any: an error one is never a write done. */
  flash: { kind: string; message: string } | null;
}

const drafts = new AsyncLocalStorage<WriteDraft>();

/** Fields a form sends that are not the user's data. */
const technicalFields = new Set([
  "intent",
  "confirmed",
  "submissionId",
  "redirectTo",
  "respond",
  "events",
  "__intent__",
]);
/**
 * Fields recorded only as "changed": their values are secrets (issue 28: PINs, tokens, secrets,
 * images) — a PIN itself, not a flag about one (pinEnabled).
 */
const secretField = /^pin(code)?$|password|secret|token|image|logo|picture/i;

export function auditUserOf(user: SessionUser): AuditUser {
  return { id: user.subject, name: user.name, role: user.roles[0] ?? "none" };
}

/** Adds what a handler knows to the write being recorded (nothing outside one). */
export function noteWrite(patch: Partial<Omit<WriteDraft, "user">>) {
  const draft = drafts.getStore();
  if (!draft) return;
  if (patch.skip) draft.skip = true;
  if (patch.action !== undefined) draft.action = patch.action;
  if (patch.target !== undefined) draft.target = { ...draft.target, ...patch.target };
  if (patch.changes !== undefined) draft.changes = patch.changes;
  if (patch.before !== undefined) draft.before = patch.before;
  if (patch.outcome !== undefined) draft.outcome = patch.outcome;
  if (patch.flash !== undefined) draft.flash = patch.flash;
}

/** Not a write: a review step, an unchanged form, a replay of a submission already handled. */
export function notAWrite() {
  noteWrite({ skip: true });
}

/** A target that does not exist (the Manager's 404, or the route's): nothing was written to it. */
export function notFoundOutcome(detail: string): AuditOutcome {
  return { kind: "refused", reason: "notFound", detail };
}

/** The Manager's failure, as the record says it. */
export function failedOutcome(error: unknown): AuditOutcome {
  if (isManagerError(error)) {
    const { failure } = error;
    const status = "status" in failure ? failure.status : undefined;
    return { kind: "failed", ...(status !== undefined ? { managerStatus: status } : {}), message: error.message };
  }
  return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
}

/** A submitted text as the type the value had before (a checkbox's "on" as true, a number as one). */
function asBefore(text: string | undefined, before: AuditValue | undefined): AuditValue {
  if (typeof before === "boolean") return text === "on" || text === "true";
  if (typeof before === "number" && text !== undefined && text.trim() !== "" && Number.isFinite(Number(text)))
    return Number(text);
  return text ?? "";
}

/** The submitted fields as changes: values for what is not secret, "changed" for what is. */
function changesOf(formData: FormData | null, before: Record<string, AuditValue> | null): AuditChange[] {
  if (!formData) return [];
  const fields = new Map<string, string[]>();
  const secrets = new Set<string>();
  for (const [name, value] of formData) {
    if (technicalFields.has(name)) continue;
    if (typeof value !== "string" || secretField.test(name)) {
      // A file chosen (an empty file input sends an empty part) or a secret typed.
      if (typeof value === "string" ? value !== "" : value.size > 0) secrets.add(name);
      continue;
    }
    fields.set(name, [...(fields.get(name) ?? []), value]);
  }
  const changes: AuditChange[] = [...secrets].map((field) => ({ field, secret: true as const }));
  // A field read before but not sent is an unchecked box (or a cleared choice).
  const names = new Set([...fields.keys(), ...Object.keys(before ?? {}).filter((name) => !secretField.test(name))]);
  for (const field of names) {
    const values = fields.get(field) ?? [];
    const old = before?.[field];
    const now: AuditValue = values.length > 1 ? values : asBefore(values[0], old);
    if (old !== undefined && JSON.stringify(old) === JSON.stringify(now)) continue;
    changes.push(old === undefined ? { field, new: now } : { field, old, new: now });
  }
  return changes;
}

/**
 * The outcome an answer implies, when the handler did not say: a form answered with its errors
 * was refused; an answer whose flash message is an error did not do what was asked (the
 * handler that knows why notes it; this is the net under those that do not).
 */
function outcomeOfAnswer(answer: unknown, flash: WriteDraft["flash"]): AuditOutcome {
  const reply = answer as { result?: { status?: string } } | null;
  if (reply && typeof reply === "object" && reply.result?.status === "error")
    return { kind: "refused", reason: "validation" };
  if (flash?.kind === "error") return { kind: "failed", message: flash.message };
  return { kind: "done" };
}

/** The not-found pages: the route's own (an unknown intent, a channel index that is none) or the Manager's 404. */
const notFoundPages = new Set(["notFound", "stationNotFound", "channelNotFound"]);

function outcomeOfThrown(thrown: unknown): AuditOutcome | null {
  const status = thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } })?.init?.status;
  const payload = typeof thrown === "object" && thrown !== null && "data" in thrown ? thrown.data : null;
  if (isErrorPagePayload(payload)) {
    if (payload.errorPage === "forbidden") return { kind: "refused", reason: "permission" };
    if (notFoundPages.has(payload.errorPage)) return notFoundOutcome(payload.errorPage);
    if (payload.errorPage === "badRequest") return { kind: "refused", reason: "validation", detail: payload.errorPage };
    return { kind: "failed", message: payload.errorPage };
  }
  // A redirect (to sign in again) is no outcome of the write itself.
  if (status !== undefined && status >= 300 && status < 400) return { kind: "refused", reason: "signedOut" };
  return failedOutcome(thrown);
}

/** Stores the record, or spools it until the database answers: the user's answer never waits long on it. */
function store(record: NewAuditRecord) {
  return durableWrite({ kind: "audit", record });
}

export interface WriteStart {
  user: SessionUser | null;
  action: string;
  target: AuditTarget;
}

/**
 * Runs a write and records it. `formData` gives the changes when the handler did not name them;
 * it is read once the write has run (`readFormData` comes after the permission check).
 */
export async function recordingWrite<T>(
  start: WriteStart,
  work: (draft: { formData: (formData: FormData) => void }) => Promise<T>,
): Promise<T> {
  const draft: WriteDraft = {
    user: start.user ? auditUserOf(start.user) : null,
    action: start.action,
    target: start.target,
    changes: null,
    before: null,
    outcome: null,
    skip: false,
    flash: null,
  };
  let formData: FormData | null = null;
  const finish = async (outcome: AuditOutcome) => {
    if (draft.skip) return;
    await store({
      time: new Date().toISOString(),
      requestId: observability().requestId() ?? "",
      user: draft.user,
      action: draft.action,
      target: draft.target,
      changes: draft.changes ?? changesOf(formData, draft.before),
      outcome: draft.outcome ?? outcome,
    });
  };
  try {
    const answer = await drafts.run(draft, () => work({ formData: (data) => (formData = data) }));
    await finish(outcomeOfAnswer(answer, draft.flash));
    return answer;
  } catch (thrown) {
    const outcome = outcomeOfThrown(thrown);
    if (outcome) await finish(outcome);
    throw thrown;
  }
}

/** A record of its own, outside any screen's action (sign-in and sign-out). */
export function recordEvent(
  record: Omit<NewAuditRecord, "time" | "requestId" | "changes"> & { changes?: AuditChange[] },
) {
  return store({
    time: new Date().toISOString(),
    requestId: observability().requestId() ?? "",
    changes: [],
    ...record,
  });
}
