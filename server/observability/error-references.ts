// Unexpected errors of a page's loader or action become the "unexpected" error page with the
// request's reference. Remix would send them to the browser sanitized ("Unexpected Server
// Error"): a page loaded in full still finds the reference in the root loader's data, but after
// a client-side navigation (a `.data` request) only the answer itself can carry the right one.
// Each such error is logged here with its stack (Remix no longer sees it as an error).
import { data, type ServerBuild } from "@remix-run/node";
import type { ConsoleObservability } from "../../app/observability.server";

type Handler = (args: { request: Request }) => unknown;

function isAnswer(thrown: unknown) {
  return (
    thrown instanceof Response ||
    (typeof thrown === "object" &&
      thrown !== null &&
      ((thrown as { type?: unknown }).type === "DataWithResponseInit" ||
        // An ErrorResponse (Remix's own 404/405): already a page.
        ("status" in thrown && "statusText" in thrown && "internal" in thrown)))
  );
}

function withReference(handler: Handler, observability: ConsoleObservability): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (thrown) {
      if (isAnswer(thrown) || args.request.signal.aborted) throw thrown;
      observability.error(thrown, "Unexpected error while serving a request");
      const reference = observability.requestId();
      throw data({ errorPage: "unexpected", ...(reference ? { reference } : {}) }, { status: 500 });
    }
  };
}

/** The build with every page route's loader and action wrapped; resource routes keep Remix's answer. */
export function withErrorReferences(build: ServerBuild, observability: ConsoleObservability): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      if (!route) return [id, route];
      const module = route.module;
      const isPage = Boolean(module.default || module.ErrorBoundary);
      if (!isPage || (!module.loader && !module.action)) return [id, route];
      return [
        id,
        {
          ...route,
          module: {
            ...module,
            ...(module.loader ? { loader: withReference(module.loader as Handler, observability) } : {}),
            ...(module.action ? { action: withReference(module.action as Handler, observability) } : {}),
          },
        },
      ];
    }),
  );
  return { ...build, routes } as ServerBuild;
}
