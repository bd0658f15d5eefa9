import { pipeline } from "node:stream";
import { createReadableStreamFromReadable, type EntryContext, type HandleErrorFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { i18next, pageTranslationsText, renderingI18n } from "~/i18n/i18next.server";
import { PageTranslationsProvider } from "~/i18n/page-translations";
import { observability } from "~/observability.server";
import { NonceProvider } from "~/utils/nonce";
import { withoutReactPadding } from "~/utils/react-stream-padding.server";
import { scriptsAfterFirstPaint } from "~/utils/scripts-after-first-paint.server";

// What server.ts needs from inside the build (one instance of sessions and runtime).
export { setRuntime } from "~/runtime.server";
export { setObservability } from "~/observability.server";
export { authorizeHubRequest } from "~/live/hub-access.server";
export { checkSessionStore } from "~/auth/session.server";
export { startRolloutDriver } from "~/rollouts/driver.server";
export { endVenueCopies } from "~/venue-copies/end-copies.server";
export { startListeningSampler } from "~/listening/sampler.server";
export { recordRefusedRequest } from "~/audit/refused-requests.server";

const streamTimeout = 10_000;

/** Errors a loader, action or render threw: logged with their stack (an aborted request's are not errors). */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  observability().error(error, "Unexpected error while serving a request");
};

export interface ConsoleLoadContext {
  cspNonce: string;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: ConsoleLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const language = await i18next.getLocale(request);
  const instance = await renderingI18n(language);

  const waitForAll = isbot(request.headers.get("user-agent")) || remixContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <PageTranslationsProvider value={pageTranslationsText(language)}>
          <I18nextProvider i18n={instance}>
            <RemixServer context={remixContext} url={request.url} nonce={nonce} abortDelay={streamTimeout} />
          </I18nextProvider>
        </PageTranslationsProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = withoutReactPadding();
          // An error in one part ends the other (and the response) too.
          const page = pipeline(body, scriptsAfterFirstPaint(), () => {});
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(page), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell is ready are reported by onShellError.
          if (shellRendered) observability().error(error, "Error while rendering a page");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
