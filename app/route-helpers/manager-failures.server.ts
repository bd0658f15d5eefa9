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
 * In an action: 401, 403 and a missing station/channel still leave the page; anything else
 * answers the locale key of the message to show with the form. `typed` and `validation`
 * failures are returned to the caller untouched when it handles them (see `recoverable`).
 */
export async function actionFailureMessage(
  error: unknown,
  request: Request,
  options: { notFound?: NotFoundKind; saveFailedKey?: string } = {},
): Promise<string> {
  await throwCommon(error, request, options.notFound);
  if (!isManagerError(error)) throw error;
  switch (error.failure.kind) {
    case "noInternet":
      return "errors.noConnection.message";
    case "unreachable":
    case "serverError":
    case "notJson":
    case "contract":
      return "errors.unexpectedError";
    default:
      return options.saveFailedKey ?? "errors.unexpectedError";
  }
}
