// What a station action answers a form with (a success redirects instead), shared by the
// server, which builds it, and the page, which hands each form its own part.
import type { SubmissionResult } from "@conform-to/react";

export interface FormReply {
  intent: string;
  result: SubmissionResult<string[]>;
  /** The values to post again once the user confirmed (the action asks first). */
  confirm?: Record<string, string>;
}

/** The answer to a fetcher whose success the page shows by reloading (and the flash message). */
export function doneReply<Intent extends string>(intent: Intent) {
  return { intent, result: { status: "success" } } satisfies FormReply;
}

/** A reply that carries only a message for the whole form (a locale key), no field values. */
export function formErrorReply<Intent extends string>(intent: Intent, messageKey: string) {
  return { intent, result: { status: "error", error: { "": [messageKey] } } } satisfies FormReply;
}

/** The form's own answer, for the form that sent it (a page has several). */
export function replyFor(reply: FormReply | undefined, intent: string) {
  return reply?.intent === intent ? reply.result : undefined;
}

export const confirmedField = "confirmed";
