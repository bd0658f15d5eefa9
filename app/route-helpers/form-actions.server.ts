// How every station screen's action handles a form or a command (DESIGN.md §4): parse with the
// form's schema, ask for confirmation where the spec wants one, call the Manager, then
// post/redirect/get with a flash message — or answer the form with the user's values and the
// message to show beside it. The Manager's "not editable now" answer becomes the reason.
import { parseForm } from "~/route-helpers/parse-form";
import { redirect } from "@remix-run/node";
import * as z from "zod";
import type { FlashMessage } from "~/auth/session.server";
import { confirmedField, type FormReply } from "~/route-helpers/form-reply";
import { blockedReasonFromManager } from "~/domain/station-state";
import { currentPath } from "~/error-pages.server";
import { actionFailure, commandFailureKey, type NotFoundKind } from "~/route-helpers/manager-failures.server";
import { managerFailureReply } from "~/route-helpers/form-failure.server";
import { notEditableReasonOf } from "~/manager/station-errors.server";
import { setFlash } from "~/utils/flash.server";

type Success = Pick<FlashMessage, "message" | "values">;

interface SaveOptions<Schema extends z.ZodType> {
  intent: string;
  schema: Schema;
  /** The form's "please try again" message (a locale key). */
  saveFailedKey: string;
  success: Success;
  save(value: z.output<Schema>): Promise<unknown>;
  notFound?: NotFoundKind;
  /** The Manager's field paths → the form's field names. */
  fieldNames?: Record<string, string>;
  /** Ask before saving (operations.md §4: a change that makes listeners rejoin). */
  confirmFirst?: boolean;
  redirectTo?: string;
}

/** A form whose texts follow stations:<area>.saved and stations:<area>.saveFailed. */
export function savedMessages(area: string, values: FlashMessage["values"], notFound: NotFoundKind = "station") {
  return {
    saveFailedKey: `stations:${area}.saveFailed`,
    success: { message: `stations:${area}.saved`, values },
    notFound,
  };
}

/** The locale key that explains why a station cannot be changed now. */
export function blockedMessageKey(reason: unknown) {
  return `stations:blocked.${blockedReasonFromManager(reason)}`;
}

function submittedFields(formData: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of formData) {
    if (name !== "intent" && name !== confirmedField && typeof value === "string") fields[name] = value;
  }
  return fields;
}

export async function saveForm<Schema extends z.ZodType>(
  request: Request,
  formData: FormData,
  options: SaveOptions<Schema>,
): Promise<FormReply | Response> {
  const { intent } = options;
  const submission = parseForm(formData, options.schema);
  if (submission.status !== "success") return { intent, result: submission.reply() };
  if (options.confirmFirst && formData.get(confirmedField) !== "yes") {
    return { intent, result: submission.reply(), confirm: submittedFields(formData) };
  }
  try {
    await options.save(submission.value as z.output<Schema>);
  } catch (error) {
    const notEditable = notEditableReasonOf(error);
    if (notEditable)
      return { intent, result: submission.reply({ formErrors: [blockedMessageKey(notEditable.reason)] }) };
    return { intent, result: await managerFailureReply(request, submission, error, options) };
  }
  await setFlash(request, { kind: "success", ...options.success });
  return redirect(options.redirectTo ?? currentPath(request));
}

/**
 * The Manager failed before the form could be checked (loading what the form's schema needs):
 * the form comes back with what the user typed and the "please try again" message.
 */
export async function replyWithFailure(
  request: Request,
  formData: FormData,
  options: { intent: string; error: unknown; saveFailedKey: string; notFound?: NotFoundKind },
): Promise<FormReply> {
  const submission = parseForm(formData, anyForm);
  return { intent: options.intent, result: await managerFailureReply(request, submission, options.error, options) };
}

const anyForm = z.looseObject({});

/** Cancelling a confirmation: the form comes back with what the user typed. */
export function reviewForm(formData: FormData, intent: string, schema: z.ZodType): FormReply {
  return { intent, result: parseForm(formData, schema).reply() };
}

interface CommandOptions<Recovered> {
  run(): Promise<unknown>;
  /** The flash message, or a function of what the command answered. */
  success: Success | (() => Success);
  /** The "please try again" message (a locale key). */
  failedKey: string;
  notFound?: NotFoundKind;
  /** Where a success goes (a failure stays on the page). */
  redirectTo?: string;
  /** Handles a failure the command knows better (e.g. a changed fingerprint); null for the usual. */
  recover?(error: unknown): Promise<Response | Recovered | null>;
}

/** A confirmed command without fields (reboot, accept, …): the outcome is the flash message. */
export async function runCommand<Recovered = never>(
  request: Request,
  options: CommandOptions<Recovered>,
): Promise<Response | Recovered> {
  try {
    await options.run();
  } catch (error) {
    const recovered = await options.recover?.(error);
    if (recovered !== null && recovered !== undefined) return recovered;
    const notEditable = notEditableReasonOf(error);
    const message = notEditable
      ? blockedMessageKey(notEditable.reason)
      : commandFailureKey(await actionFailure(error, request, { notFound: options.notFound }), options.failedKey);
    await setFlash(request, { kind: "error", message });
    return redirect(currentPath(request));
  }
  const success = typeof options.success === "function" ? options.success() : options.success;
  await setFlash(request, { kind: "success", ...success });
  return redirect(options.redirectTo ?? currentPath(request));
}
