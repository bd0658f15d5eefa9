// What a Manager failure means for the user (DESIGN.md §4): loaders get an error page or a
// sign-in redirect; actions get a message to show next to the form, keeping what was typed.
import { signOutAndRedirect } from "~/auth/guard.server";
import { currentPath, errorPage } from "~/error-pages.server";
import { isManagerError } from "~/manager/http.server";

export type NotFoundKind = "station" | "channel";

function throwCommon(error: unknown, request: Request, notFound?: NotFoundKind): void | Promise<never> {
  if (!isManagerError(error)) throw error;
  const { failure } = error;
  switch (failure.kind) {
    case "unauthorized":
      if (failure.tokenInvalid) throw errorPage("expiredSession", { redirectTo: currentPath(request) });
      return signOutAndRedirect(request);
    case "forbidden":
      throw errorPage("forbidden", { redirectTo: currentPath(request) });
    case "notFound":
      if (notFound === "station") throw errorPage("stationNotFound");
      if (notFound === "channel") throw errorPage("channelNotFound");
      return;
    default:
      return;
  }
}

/** In a loader: every failure becomes its page (or a sign-in redirect). Never returns. */
export async function throwLoaderFailure(error: unknown, request: Request, notFound?: NotFoundKind): Promise<never> {
  await throwCommon(error, request, notFound);
  if (!isManagerError(error)) throw error;
  const { failure } = error;
  switch (failure.kind) {
    case "unreachable":
      throw errorPage("noBackend");
    case "noInternet":
      throw errorPage("noConnection");
    case "notFound":
      throw errorPage("notFound");
    case "notJson":
    case "contract":
      throw errorPage("unexpected", { detail: error.message });
    default:
      throw errorPage("unexpected");
  }
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
 * What a Manager failure during an action means for the user, tagged: the Manager had no
 * internet connection; the Manager failed (unreachable, a server error, an answer the console
 * cannot read); or it refused this request, which the screen explains with its own message.
 */
export type ActionFailure =
  | { kind: "noConnection"; messageKey: typeof noConnectionKey }
  | { kind: "managerFailed"; messageKey: typeof unexpectedErrorKey }
  | { kind: "refused"; messageKey: string };

export const noConnectionKey = "errors.noConnection.message";
export const unexpectedErrorKey = "errors.unexpectedError";

/**
 * In an action: 401, 403 and a missing station/channel still leave the page (sign-in, the
 * forbidden page, the not-found page); anything else is described for a message beside the form
 * or in the flash. `fallbackKey` is the screen's own message for a refusal.
 */
export async function actionFailure(
  error: unknown,
  request: Request,
  options: { notFound?: NotFoundKind; fallbackKey?: string } = {},
): Promise<ActionFailure> {
  await throwCommon(error, request, options.notFound);
  if (!isManagerError(error)) throw error;
  switch (error.failure.kind) {
    case "noInternet":
      return { kind: "noConnection", messageKey: noConnectionKey };
    case "unreachable":
    case "serverError":
    case "notJson":
    case "contract":
      return { kind: "managerFailed", messageKey: unexpectedErrorKey };
    default:
      return { kind: "refused", messageKey: options.fallbackKey ?? unexpectedErrorKey };
  }
}

/** The message of a failed command: no connection says so; anything else is the command's own. */
export function commandFailureKey(failure: ActionFailure, failedKey: string) {
  return failure.kind === "noConnection" ? failure.messageKey : failedKey;
}
