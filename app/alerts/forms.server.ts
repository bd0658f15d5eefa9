// Adding and deleting rules, adding and removing webhooks, sending a test, acknowledging an alert
// (issue 36): each an audit record through the screens' intents (`alertRule.createRule`, …). A
// form sent twice adds one rule (once per submission); every collection is bounded (a venue's
// rules and webhooks by alertLimits, a rule's stations by those the Manager has).
import { redirect } from "@remix-run/node";
import { auditUserOf, noteWrite } from "~/audit/write-record.server";
import { checkDestinationUrl } from "~/alerts/webhook.server";
import { testBody } from "~/alerts/payload";
import {
  alertFormMessages,
  alertLimits,
  type destinationFormSchema,
  type emailDestinationFormSchema,
  type ruleFormSchema,
} from "~/domain/alert-forms";
import { eventScopedKinds, stationScopedKinds } from "~/domain/alert-rules";
import type { NewWebhookDestination } from "~/records/alerts";
import { stationPages } from "~/manager/stations.server";
import type { ActionContext } from "~/route-helpers/form-declaration";
import type { FormReply } from "~/route-helpers/form-reply";
import { parseForm } from "~/route-helpers/parse-form";
import { getRuntime } from "~/runtime.server";
import { setFlash } from "~/utils/flash.server";
import { oncePerSubmission } from "~/utils/once-per-submission.server";
import { alertStore, withinBound } from "./store.server";

const rulesPath = "/alerts/rules";
const destinationsPath = "/alerts/destinations";

async function unavailable(intent: string, request: Request): Promise<FormReply> {
  await setFlash(request, { kind: "error", message: "alerts:errors.unavailable" });
  noteWrite({ outcome: { kind: "failed", message: "alerts unavailable" } });
  return { intent, result: { status: "error", error: { "": ["alerts:errors.unavailable"] } } };
}

/** The serial numbers the Manager does not know (read page by page, never the venue at once). */
async function unknownStations(context: ActionContext, serialNumbers: readonly string[]) {
  if (serialNumbers.length === 0) return [];
  const missing = new Set(serialNumbers);
  for await (const page of stationPages(context.manager, {})) {
    for (const station of page.stations) missing.delete(station.serialNumber);
    if (missing.size === 0) break;
  }
  return [...missing];
}

/** A record's id from a form: a whole number, else null (never a made-up value in the audit record). */
const idOf = (formData: FormData, name: string) => {
  const id = String(formData.get(name) ?? "");
  return /^\d{1,12}$/.test(id) ? id : null;
};

type Saved = { kind: "saved"; id: string } | { kind: "tooMany" };

export async function createRule(context: ActionContext, schema: typeof ruleFormSchema): Promise<FormReply | Response> {
  const { request, user, formData, intent } = context;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  const { value } = submission;
  // Only a rule about stations names them: the Manager is one, a rollout names its own stations,
  // and a station asking to be authorized is not known before it asks.
  const stations = stationScopedKinds.includes(value.kind) ? value.stations : [];
  const duringEventsOnly = eventScopedKinds.includes(value.kind) && value.duringEventsOnly;
  const unknown = await unknownStations(context, stations);
  if (unknown.length > 0) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "stations" } });
    return {
      intent,
      result: submission.reply({
        fieldErrors: { stations: [alertFormMessages.stationsUnknown] },
      }),
    };
  }
  let saved: Saved;
  try {
    saved = await oncePerSubmission<Saved>(
      getRuntime().store.submissions,
      { form: "alertRule.create", id: formData.get("submissionId") },
      async () => {
        const rules = alertStore().rules;
        if ((await withinBound(rules.list())).length >= alertLimits.rules) return { kind: "tooMany" };
        const rule = await withinBound(
          rules.create(
            {
              kind: value.kind,
              graceSeconds: value.graceSeconds,
              stations,
              duringEventsOnly,
              createdBy: auditUserOf(user),
            },
            Date.now(),
          ),
        );
        return { kind: "saved", id: rule.id };
      },
      (outcome) => outcome.kind === "saved",
    );
  } catch {
    return unavailable(intent, request);
  }
  if (saved.kind === "tooMany") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "tooMany" } });
    return { intent, result: submission.reply({ formErrors: [alertFormMessages.tooManyRules] }) };
  }
  noteWrite({ target: { kind: "alertRule", id: saved.id, label: saved.id } });
  await setFlash(request, { kind: "success", message: "alerts:rules.messages.created" });
  return redirect(rulesPath);
}

export async function deleteRule({ request, formData, intent }: ActionContext): Promise<FormReply | Response> {
  const id = idOf(formData, "ruleId");
  let removed;
  try {
    removed = id ? await withinBound(alertStore().rules.remove(id, Date.now())) : null;
  } catch {
    return unavailable(intent, request);
  }
  noteWrite({ target: { kind: "alertRule", id: id ?? undefined, label: id ?? undefined } });
  await setFlash(request, {
    kind: removed ? "success" : "info",
    message: removed ? "alerts:rules.messages.deleted" : "alerts:rules.messages.alreadyGone",
  });
  return redirect(rulesPath);
}

export async function createDestination(
  context: ActionContext,
  schema: typeof destinationFormSchema,
): Promise<FormReply | Response> {
  const { user, formData, intent } = context;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply({ hideFields: ["secret"] }) };
  const { value } = submission;
  const refusal = await checkDestinationUrl(value.url, {
    allowPrivate: getRuntime().config.alerts.allowPrivateWebhooks,
  });
  if (refusal) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: refusal } });
    const message =
      refusal === "privateAddress"
        ? alertFormMessages.urlPrivate
        : refusal === "unresolvable"
          ? alertFormMessages.urlUnresolvable
          : alertFormMessages.urlInvalid;
    return { intent, result: submission.reply({ fieldErrors: { url: [message] }, hideFields: ["secret"] }) };
  }
  return saveDestination(
    context,
    { kind: "webhook", name: value.name, url: value.url, secret: value.secret, createdBy: auditUserOf(user) },
    (options) => submission.reply({ ...options, hideFields: ["secret"] }),
  );
}

/** Without SMTP_URL no e-mail can go out: the form says so and adds nothing. */
export async function createEmailDestination(
  context: ActionContext,
  schema: typeof emailDestinationFormSchema,
): Promise<FormReply | Response> {
  const { user, formData, intent } = context;
  const submission = parseForm(formData, schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  if (!getRuntime().config.alerts.smtpUrl) {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "emailOff" } });
    return { intent, result: submission.reply({ formErrors: [alertFormMessages.emailOff] }) };
  }
  const { value } = submission;
  return saveDestination(
    context,
    { kind: "email", name: value.name, email: value.email, language: value.language, createdBy: auditUserOf(user) },
    (options) => submission.reply(options),
  );
}

/** Adds a destination once per submission, within the venue's bound. */
async function saveDestination(
  { request, formData, intent }: ActionContext,
  destination: NewWebhookDestination,
  reply: (options: { formErrors: string[] }) => FormReply["result"],
): Promise<FormReply | Response> {
  let saved: Saved;
  try {
    saved = await oncePerSubmission<Saved>(
      getRuntime().store.submissions,
      { form: "alertDestination.create", id: formData.get("submissionId") },
      async () => {
        const destinations = alertStore().destinations;
        if ((await withinBound(destinations.list())).length >= alertLimits.destinations) return { kind: "tooMany" };
        const created = await withinBound(destinations.create(destination, Date.now()));
        return { kind: "saved", id: created.id };
      },
      (outcome) => outcome.kind === "saved",
    );
  } catch {
    return unavailable(intent, request);
  }
  if (saved.kind === "tooMany") {
    noteWrite({ outcome: { kind: "refused", reason: "validation", detail: "tooMany" } });
    return { intent, result: reply({ formErrors: [alertFormMessages.tooManyDestinations] }) };
  }
  noteWrite({ target: { kind: "alertDestination", id: saved.id, label: destination.name } });
  await setFlash(request, {
    kind: "success",
    message: "alerts:destinations.messages.created",
    values: { name: destination.name },
  });
  return redirect(destinationsPath);
}

export async function removeDestination({ request, formData, intent }: ActionContext): Promise<FormReply | Response> {
  const id = idOf(formData, "destinationId");
  let removed;
  try {
    removed = id ? await withinBound(alertStore().destinations.remove(id)) : null;
  } catch {
    return unavailable(intent, request);
  }
  noteWrite({ target: { kind: "alertDestination", id: id ?? undefined, label: removed?.name } });
  await setFlash(request, {
    kind: removed ? "success" : "info",
    message: removed ? "alerts:destinations.messages.removed" : "alerts:destinations.messages.alreadyGone",
    values: { name: removed?.name ?? "" },
  });
  return redirect(destinationsPath);
}

/** Queues a test delivery: the evaluator's holder sends it within a second or two. */
export async function sendTest({ request, formData, intent }: ActionContext): Promise<FormReply | Response> {
  const id = idOf(formData, "destinationId");
  let queued;
  try {
    queued = id
      ? await withinBound(
          oncePerSubmission(
            getRuntime().store.submissions,
            { form: "alertDestination.sendTest", id: formData.get("submissionId") },
            () => alertStore().destinations.queueTest(id, Date.now(), (deliveryId) => testBody(deliveryId, Date.now())),
            (delivery) => delivery !== null,
          ),
        )
      : null;
  } catch {
    return unavailable(intent, request);
  }
  noteWrite({ target: { kind: "alertDestination", id: id ?? undefined, label: queued?.destinationName } });
  if (!queued) {
    await setFlash(request, {
      kind: "info",
      message: "alerts:destinations.messages.alreadyGone",
      values: { name: "" },
    });
    return redirect(destinationsPath);
  }
  await setFlash(request, {
    kind: "success",
    message: "alerts:destinations.messages.testQueued",
    values: { name: queued.destinationName },
  });
  return redirect("/alerts/deliveries");
}

export async function acknowledgeAlert({
  request,
  user,
  formData,
  intent,
}: ActionContext): Promise<FormReply | Response> {
  const id = idOf(formData, "alertId");
  let acknowledged;
  try {
    acknowledged = id ? await withinBound(alertStore().alerts.acknowledge(id, auditUserOf(user), Date.now())) : null;
  } catch {
    return unavailable(intent, request);
  }
  noteWrite({ target: { kind: "alert", id: id ?? undefined, label: acknowledged?.serialNumber || undefined } });
  if (!acknowledged) noteWrite({ outcome: { kind: "refused", reason: "wrongState", detail: "alreadyAcknowledged" } });
  await setFlash(request, {
    kind: acknowledged ? "success" : "info",
    message: acknowledged ? "alerts:list.messages.acknowledged" : "alerts:list.messages.alreadyAcknowledged",
  });
  const back = String(formData.get("redirectTo") ?? "");
  return redirect(back.startsWith("/alerts") && !back.startsWith("//") ? back : "/alerts");
}
