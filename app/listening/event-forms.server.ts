// Naming, changing, starting and ending events (issue 35, item 2): each an audit record through
// the screens' intents (`listeningEvent.createEvent`, …), its title as the record's label. A form
// sent twice creates one event (once per submission); "end now" sent twice ends it once.
import { redirect } from "@remix-run/node";
import { noteWrite, auditUserOf } from "~/audit/write-record.server";
import { parseLocalTime } from "~/domain/listening-ranges";
import { eventFormMessages, type eventFormSchema, type startNowSchema } from "~/domain/listening-events";
import type { ListeningEvent } from "~/records/listening";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type { FormReply } from "~/route-helpers/form-reply";
import { parseForm } from "~/route-helpers/parse-form";
import { getRuntime } from "~/runtime.server";
import { setFlash } from "~/utils/flash.server";
import { oncePerSubmission } from "~/utils/once-per-submission.server";
import { listeningStore, withinBound } from "./store.server";

export const eventPath = (id: string) => `/listening/events/${id}`;

type Outcome = { kind: "saved"; id: string } | { kind: "failed" };

/** The entries of a scope the history does not know (never sampled): a field error. */
async function unknownEntries(scope: readonly string[]): Promise<string[]> {
  if (scope.length === 0) return [];
  const entities = await listeningStore().entities();
  const known = new Set(
    entities.map((entity) =>
      entity.channelIndex === 0 ? entity.serialNumber : `${entity.serialNumber}/${entity.channelIndex}`,
    ),
  );
  return scope.filter((entry) => !known.has(entry));
}

async function unavailable(intent: string, request: Request): Promise<FormReply> {
  await setFlash(request, { kind: "error", message: "listening:events.errors.unavailable" });
  noteWrite({ outcome: { kind: "failed", message: "listening history unavailable" } });
  return { intent, result: { status: "error", error: { "": ["listening:events.errors.unavailable"] } } };
}

/** Create (no event id in the URL) or change the event in the URL. */
export async function saveEvent(context: ActionContext, schema: typeof eventFormSchema): Promise<FormReply | Response> {
  const { request, user, formData, intent, params } = context;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  const { value } = submission;
  const startsAt = parseLocalTime(value.startsAt);
  const endsAt = value.endsAt === undefined ? null : parseLocalTime(value.endsAt);
  if (startsAt === null || (value.endsAt !== undefined && endsAt === null)) {
    const field = startsAt === null ? "startsAt" : "endsAt";
    return { intent, result: submission.reply({ fieldErrors: { [field]: [eventFormMessages.timeInvalid] } }) };
  }
  const changes = { title: value.title, startsAt, endsAt, scope: value.scope };
  let outcome: Outcome;
  try {
    const unknown = await withinBound(unknownEntries(value.scope));
    if (unknown.length > 0) {
      noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "scope" } });
      return { intent, result: submission.reply({ fieldErrors: { scope: [eventFormMessages.scopeUnknown] } }) };
    }
    const events = listeningStore().events;
    const eventId = params.eventId;
    outcome = await oncePerSubmission<Outcome>(
      getRuntime().store.submissions,
      { form: eventId ? "listeningEvent.save" : "listeningEvent.create", id: formData.get("submissionId") },
      async () => {
        const saved: ListeningEvent | null = eventId
          ? await withinBound(events.update(eventId, changes, Date.now()))
          : await withinBound(events.create({ ...changes, createdBy: auditUserOf(user) }, Date.now()));
        return saved ? { kind: "saved", id: saved.id } : { kind: "failed" };
      },
      (settled) => settled.kind === "saved",
    );
  } catch {
    return unavailable(intent, request);
  }
  if (outcome.kind === "failed") throw redirect("/listening/events");
  noteWrite({ target: { kind: "listeningEvent", id: outcome.id, label: value.title } });
  await setFlash(request, {
    kind: "success",
    message: params.eventId ? "listening:events.messages.saved" : "listening:events.messages.created",
    values: { title: value.title },
  });
  return redirect(eventPath(outcome.id));
}

/** "Start now": an event from this moment, without an end until "end now". */
export async function startEventNow(
  context: ActionContext,
  schema: typeof startNowSchema,
): Promise<FormReply | Response> {
  const { request, user, formData, intent } = context;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  let outcome: Outcome;
  try {
    outcome = await oncePerSubmission<Outcome>(
      getRuntime().store.submissions,
      { form: "listeningEvent.startNow", id: formData.get("submissionId") },
      async () => {
        const created = await withinBound(
          listeningStore().events.create(
            {
              title: submission.value.title,
              startsAt: Date.now(),
              endsAt: null,
              scope: [],
              createdBy: auditUserOf(user),
            },
            Date.now(),
          ),
        );
        return { kind: "saved", id: created.id };
      },
      (settled) => settled.kind === "saved",
    );
  } catch {
    return unavailable(intent, request);
  }
  if (outcome.kind !== "saved") throw redirect("/listening/events");
  noteWrite({ target: { kind: "listeningEvent", id: outcome.id, label: submission.value.title } });
  await setFlash(request, {
    kind: "success",
    message: "listening:events.messages.started",
    values: { title: submission.value.title },
  });
  return redirect(eventPath(outcome.id));
}

/** "End now": only a running event; a second click (or a stale page) changes nothing and says so. */
export async function endEventNow({ request, params, intent }: ActionContext): Promise<FormReply | Response> {
  const id = params.eventId ?? "";
  let ended: ListeningEvent | null;
  let event: ListeningEvent | null;
  try {
    event = await withinBound(listeningStore().events.get(id));
    ended = event ? await withinBound(listeningStore().events.end(id, Date.now())) : null;
  } catch {
    return unavailable(intent, request);
  }
  if (!event) throw redirect("/listening/events");
  noteWrite({ target: { kind: "listeningEvent", id, label: event.title } });
  if (!ended) {
    noteWrite({ outcome: { kind: "refused", reason: "wrongState", detail: "notRunning" } });
    await setFlash(request, {
      kind: "info",
      message: "listening:events.messages.notRunning",
      values: { title: event.title },
    });
  } else {
    await setFlash(request, {
      kind: "success",
      message: "listening:events.messages.ended",
      values: { title: event.title },
    });
  }
  return redirect(eventPath(id));
}

export async function deleteEvent({ request, params, intent }: ActionContext): Promise<FormReply | Response> {
  const id = params.eventId ?? "";
  let event: ListeningEvent | null;
  try {
    event = await withinBound(listeningStore().events.get(id));
    if (event) await withinBound(listeningStore().events.remove(id));
  } catch {
    return unavailable(intent, request);
  }
  noteWrite({ target: { kind: "listeningEvent", id, label: event?.title } });
  await setFlash(request, {
    kind: event ? "success" : "info",
    message: event ? "listening:events.messages.deleted" : "listening:events.messages.alreadyGone",
    values: { title: event?.title ?? "" },
  });
  return redirect("/listening/events");
}
