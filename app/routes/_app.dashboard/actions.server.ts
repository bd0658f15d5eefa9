// What the dashboard does on POST: dismiss one system event, or all of them. Both are harmless
// when sent twice (the Manager ignores a second dismissal) and answer with one redirect back to
// the panel as it was (its `events` count kept).
import { data, redirect } from "@remix-run/node";
import { doneReply } from "~/route-helpers/form-reply";
import type { ActionContext } from "~/route-helpers/form-declaration";
import { shownEventCount, systemEventPageSize } from "~/domain/system-events";
import { errorPage } from "~/error-pages.server";
import { actionFailure } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import { dismissAllSystemEvents, dismissSystemEvent } from "~/manager/system-events.server";
import { setFlash } from "~/utils/flash.server";

export function dashboardPath(formData: FormData) {
  const shown = shownEventCount(String(formData.get("events") ?? ""));
  return shown > systemEventPageSize ? `/dashboard?events=${shown}` : "/dashboard";
}

/**
 * The answer to a dismissal: a redirect for a plain form post; for a fetcher (it sends
 * respond=data) a small data answer, after which Remix reloads every loader of the page — a
 * fetcher's redirect to the page it is on does not.
 */
export function answer({ formData, intent }: ActionContext) {
  return formData.get("respond") === "data" ? data(doneReply(intent)) : redirect(dashboardPath(formData));
}

async function reportFailure(request: Request, error: unknown) {
  if (!isManagerError(error)) throw error;
  if (error.failure.kind === "notFound") {
    // Already gone (dismissed elsewhere, or pruned from the log): nothing left to do.
    return;
  }
  await setFlash(request, { kind: "error", message: (await actionFailure(error, request)).messageKey });
}

export async function dismissOne(context: ActionContext) {
  const { request, formData } = context;
  const id = formData.get("eventId");
  // No form of ours sends this: answered like an unknown intent, not as a server failure.
  if (typeof id !== "string" || !id) throw errorPage("notFound");
  try {
    await dismissSystemEvent(context.manager, id);
    await setFlash(request, { kind: "success", message: "dashboard:systemEvents.dismissed" });
  } catch (error) {
    await reportFailure(request, error);
  }
  return answer(context);
}

export async function dismissAll(context: ActionContext) {
  const { request } = context;
  try {
    await dismissAllSystemEvents(context.manager);
    await setFlash(request, { kind: "success", message: "dashboard:systemEvents.allDismissed" });
  } catch (error) {
    await reportFailure(request, error);
  }
  return answer(context);
}
