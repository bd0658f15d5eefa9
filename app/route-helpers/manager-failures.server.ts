// What a Manager failure means for the user (DESIGN.md §4), in one table: for each kind of
// failure, what a loader shows (an error page, or signing in again) and what an action says (leave
// the page the same way, or a message beside the form that keeps what was typed, with the
// errors.unexpectedError / no-connection notification). The Manager's typed answers that a screen
// handles itself (a changed fingerprint, a station still getting ready, one busy now) are read here
// too, so a screen never looks into a failure's shape.
import type { SubmissionResult } from "@conform-to/react";
import { signOutAndRedirect } from "~/auth/guard.server";
import { FingerprintMismatchDetailSchema, problemTypes } from "~/contract/problems";
import { blockedReasonFromManager } from "~/domain/station-state";
import type { ErrorPageKind } from "~/error-pages";
import { currentPath, errorPage } from "~/error-pages.server";
import { isManagerError, type ManagerError, type ManagerFailure } from "~/manager/http.server";
import { failedOutcome, notFoundOutcome, noteWrite } from "~/audit/write-record.server";
import { setFlash } from "~/utils/flash.server";

export type NotFoundKind = "station" | "channel";

export const noConnectionKey = "errors.noConnection.message";
export const unexpectedErrorKey = "errors.unexpectedError";

type Kind = ManagerFailure["kind"];

/** What leaves the page whatever the screen: signing in again, or an error page. */
type Leave = { leave: "signIn" } | { leave: "page"; page: ErrorPageKind } | { leave: "notFoundPage" };
/** A message for the form or the flash: the Manager failed or had no connection; or it refused, in the screen's words. */
type Say = { say: "noConnection" | "managerFailed" | "refused" };

interface Meaning {
  loader: Leave;
  action: Leave | Say;
}

const failureTable: Record<Kind, Meaning> = {
  unauthorized: { loader: { leave: "signIn" }, action: { leave: "signIn" } },
  forbidden: { loader: { leave: "page", page: "forbidden" }, action: { leave: "page", page: "forbidden" } },
  // In an action, only for the station or channel the screen is about; else the screen explains.
  notFound: { loader: { leave: "notFoundPage" }, action: { leave: "notFoundPage" } },
  unreachable: { loader: { leave: "page", page: "noBackend" }, action: { say: "managerFailed" } },
  serverError: { loader: { leave: "page", page: "unexpected" }, action: { say: "managerFailed" } },
  noInternet: { loader: { leave: "page", page: "noConnection" }, action: { say: "noConnection" } },
  notJson: { loader: { leave: "page", page: "unexpected" }, action: { say: "managerFailed" } },
  contract: { loader: { leave: "page", page: "unexpected" }, action: { say: "managerFailed" } },
  validation: { loader: { leave: "page", page: "unexpected" }, action: { say: "refused" } },
  typed: { loader: { leave: "page", page: "unexpected" }, action: { say: "refused" } },
};

function notFoundPageOf(notFound: NotFoundKind | undefined) {
  return notFound === "station" ? "stationNotFound" : notFound === "channel" ? "channelNotFound" : "notFound";
}

/** Throws what leaves the page (the page, or the sign-in redirect). */
async function leave(how: Leave, error: ManagerError, request: Request, notFound?: NotFoundKind): Promise<never> {
  const { failure } = error;
  switch (how.leave) {
    case "signIn":
      if (failure.kind === "unauthorized" && failure.tokenInvalid)
        throw errorPage("expiredSession", { redirectTo: currentPath(request) });
      return signOutAndRedirect(request);
    case "notFoundPage":
      throw errorPage(notFoundPageOf(notFound));
    case "page":
      if (how.page === "forbidden") throw errorPage("forbidden", { redirectTo: currentPath(request) });
      // The page names which answer the console could not read.
      if (failure.kind === "notJson" || failure.kind === "contract")
        throw errorPage(how.page, { detail: error.message });
      throw errorPage(how.page);
  }
}

/** In a loader: every failure becomes its page (or a sign-in redirect). Never returns. */
export async function throwLoaderFailure(error: unknown, request: Request, notFound?: NotFoundKind): Promise<never> {
  if (!isManagerError(error)) throw error;
  return leave(failureTable[error.failure.kind].loader, error, request, notFound);
}

/** Runs loader work and maps its Manager failures. */
export async function loadOrThrow<T>(request: Request, work: () => Promise<T>, notFound?: NotFoundKind): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return throwLoaderFailure(error, request, notFound);
  }
}

/**
 * What a Manager failure during an action means, when it does not leave the page: the Manager
 * had no internet connection; the Manager failed (unreachable, a server error, an answer the
 * console cannot read); or it refused this request, which the screen explains with its own message.
 */
export type ActionFailure =
  | { kind: "noConnection"; messageKey: typeof noConnectionKey }
  | { kind: "managerFailed"; messageKey: typeof unexpectedErrorKey }
  | { kind: "refused"; messageKey: string };

/**
 * In an action: signing in again, the forbidden page and a missing station/channel still leave
 * the page; anything else is described for a message beside the form or in the flash.
 * `fallbackKey` is the screen's own message for a refusal.
 */
export async function actionFailure(
  error: unknown,
  request: Request,
  options: { notFound?: NotFoundKind; fallbackKey?: string } = {},
): Promise<ActionFailure> {
  if (!isManagerError(error)) throw error;
  // The audit record says how the Manager failed (issue 28); a target it does not know was not
  // written to: the write is refused, never done (issue 33).
  noteWrite({
    outcome:
      error.failure.kind === "notFound" ? notFoundOutcome(notFoundPageOf(options.notFound)) : failedOutcome(error),
  });
  const meaning = failureTable[error.failure.kind].action;
  // A missing station or channel leaves its page; anything else missing is the screen's to explain.
  const leaves = "leave" in meaning && (meaning.leave !== "notFoundPage" || options.notFound !== undefined);
  if (leaves) return leave(meaning, error, request, options.notFound);
  if ("leave" in meaning) return { kind: "refused", messageKey: options.fallbackKey ?? unexpectedErrorKey };
  switch (meaning.say) {
    case "noConnection":
      return { kind: "noConnection", messageKey: noConnectionKey };
    case "managerFailed":
      return { kind: "managerFailed", messageKey: unexpectedErrorKey };
    case "refused": {
      const blocked = notEditableReasonOf(error);
      return {
        kind: "refused",
        messageKey: blocked ? blockedMessageKey(blocked.reason) : (options.fallbackKey ?? unexpectedErrorKey),
      };
    }
  }
}

/** The message of a failed command: no connection, or a station busy now, says so; anything else is the command's own. */
export function commandFailureKey(failure: ActionFailure, failedKey: string) {
  if (failure.kind === "noConnection") return failure.messageKey;
  return failure.kind === "refused" && failure.messageKey.startsWith(blockedKeyPrefix) ? failure.messageKey : failedKey;
}

/**
 * Why the Manager refused or failed one station of many (a bulk action): the message key shown
 * beside that station, while the others go on — nothing here leaves the page. A station busy now
 * says so; a changed fingerprint, a station still getting ready and a station gone say so too;
 * no connection says so; the Manager's failures are errors.unexpectedError; any other refusal is
 * `failedKey`, the action's own.
 */
export function stationFailureKey(error: unknown, failedKey: string): string {
  if (!isManagerError(error)) return unexpectedErrorKey;
  if (currentFingerprintOf(error) !== null) return "stations:authorization.fingerprintMismatch";
  if (isStationNotReady(error)) return "stations:authorization.notReady";
  const blocked = notEditableReasonOf(error);
  if (blocked) return blockedMessageKey(blocked.reason);
  switch (error.failure.kind) {
    case "noInternet":
      return noConnectionKey;
    case "notFound":
      return "stations:bulk.failures.gone";
    case "unauthorized":
    case "forbidden":
      return "stations:bulk.failures.refused";
    case "unreachable":
    case "serverError":
    case "notJson":
    case "contract":
      return unexpectedErrorKey;
    default:
      return failedKey;
  }
}

interface Replyable {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }): SubmissionResult<string[]>;
}

/**
 * A failure while saving a form: the user keeps what they typed and reads the form's "please try
 * again" message beside it (or why the station cannot be changed now), with the
 * errors.unexpectedError or no-connection notification (operations.md §8); field errors the
 * Manager names are shown at their fields.
 */
export async function managerFailureReply(
  request: Request,
  submission: Replyable,
  error: unknown,
  options: { saveFailedKey: string; notFound?: NotFoundKind; fieldNames?: Record<string, string> },
): Promise<SubmissionResult<string[]>> {
  const failure = await actionFailure(error, request, {
    notFound: options.notFound,
    fallbackKey: options.saveFailedKey,
  });
  if (failure.kind === "refused" && failure.messageKey.startsWith(blockedKeyPrefix)) {
    return submission.reply({ formErrors: [failure.messageKey] });
  }
  if (isManagerError(error) && error.failure.kind === "validation") {
    const fieldErrors: Record<string, string[]> = {};
    for (const [managerField, messages] of Object.entries(error.failure.fieldErrors)) {
      fieldErrors[options.fieldNames?.[managerField] ?? managerField] = messages;
    }
    return submission.reply({ formErrors: [options.saveFailedKey], fieldErrors });
  }
  await setFlash(request, {
    kind: "error",
    message: failure.kind === "noConnection" ? failure.messageKey : unexpectedErrorKey,
  });
  return submission.reply({ formErrors: [options.saveFailedKey] });
}

// The Manager's typed answers about stations (RFC 9457 `type` + JSON `detail`).

type TypedFailure = Extract<ManagerFailure, { kind: "typed" }>;

function typedFailure(error: unknown, type: string): TypedFailure | null {
  if (!isManagerError(error, "typed")) return null;
  const { failure } = error;
  return failure.kind === "typed" && failure.type === type ? failure : null;
}

/** The fingerprint the station presents now, when an Accept failed because it changed. */
export function currentFingerprintOf(error: unknown): string | null {
  const failure = typedFailure(error, problemTypes.fingerprintMismatch);
  const detail = FingerprintMismatchDetailSchema.safeParse(failure?.detail);
  return detail.success ? detail.data.currentFingerprint : null;
}

/** The Manager refuses to accept a station that is still getting ready. */
export function isStationNotReady(error: unknown): boolean {
  return typedFailure(error, problemTypes.stationNotReady) !== null;
}

/** Why the Manager refused a write on a station in its current state ("rebooting", …), or null. */
export function notEditableReasonOf(error: unknown): { reason: unknown } | null {
  const failure = typedFailure(error, problemTypes.stationNotEditable);
  if (!failure) return null;
  const detail = failure.detail as { reason?: unknown } | null;
  return { reason: detail?.reason };
}

const blockedKeyPrefix = "stations:blocked.";

/** The locale key that explains why a station cannot be changed now. */
export function blockedMessageKey(reason: unknown) {
  return `${blockedKeyPrefix}${blockedReasonFromManager(reason)}`;
}
