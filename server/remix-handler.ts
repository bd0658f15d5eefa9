// Hands express requests to Remix. In place of @remix-run/express's adapter, whose request URL
// takes the port from X-Forwarded-Host even from an untrusted client and its host from
// express's own reading: here the URL and the Host header are built on the console's one notion
// of its origin (server/origin.ts), so loaders, actions, sign-in redirects, the cross-origin check
// and Remix's own agree.
import {
  createReadableStreamFromReadable,
  createRequestHandler,
  writeReadableStreamToWritable,
  type ServerBuild,
} from "@remix-run/node";
import type { AppLoadContext } from "@remix-run/node";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import type { OriginResolver } from "./origin";

/**
 * Headers naming the origin a proxy saw: Remix's own CSRF check compares `Origin` with
 * X-Forwarded-Host before Host, and threw (a 500 with a stack) for a forwarded host that no
 * trusted proxy sent (issue 33). The origin was resolved once (server/origin.ts, TRUST_PROXY) and
 * checked against `Origin` already (server/security.ts): Remix sees it as Host, and nothing else.
 */
const forwardedOrigin = new Set(["host", "x-forwarded-host", "x-forwarded-proto"]);

function fetchHeaders(request: ExpressRequest, origin: string) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (forwardedOrigin.has(name)) continue;
    if (Array.isArray(value)) for (const each of value) headers.append(name, each);
    else if (value !== undefined) headers.set(name, value);
  }
  headers.set("host", new URL(origin).host);
  return headers;
}

async function send(response: ExpressResponse, answer: Response) {
  response.statusMessage = answer.statusText;
  response.status(answer.status);
  for (const [name, value] of answer.headers.entries()) response.append(name, value);
  if (answer.body) await writeReadableStreamToWritable(answer.body, response);
  else response.end();
}

export function remixRequestHandler(options: {
  build: ServerBuild;
  mode: "development" | "production";
  origins: OriginResolver;
  getLoadContext(request: ExpressRequest, response: ExpressResponse): AppLoadContext;
}): RequestHandler {
  const handle = createRequestHandler(options.build, options.mode);
  return async (request, response, next) => {
    try {
      const origin = options.origins.requestOrigin(request);
      // An absolute-form target ("GET http://elsewhere/") or "*" is no page of ours.
      if (!origin || !request.originalUrl.startsWith("/"))
        return void response.status(400).type("text/plain").send("Bad Request");
      const controller = new AbortController();
      // Stop loaders and actions once the answer can no longer be sent (close without finish).
      let finished = false;
      response.on("finish", () => (finished = true));
      response.on("close", () => {
        if (!finished) controller.abort();
      });
      const hasBody = request.method !== "GET" && request.method !== "HEAD";
      // A url-encoded form was read already, within its limits (server/body-limits.ts); an upload
      // streams on to the action that reads it.
      const body = Buffer.isBuffer(request.body)
        ? { body: request.body }
        : { body: createReadableStreamFromReadable(request), duplex: "half" };
      const fetchRequest = new Request(`${origin}${request.originalUrl}`, {
        method: request.method,
        headers: fetchHeaders(request, origin),
        signal: controller.signal,
        ...(hasBody ? body : {}),
      } as RequestInit);
      await send(response, await handle(fetchRequest, options.getLoadContext(request, response)));
    } catch (error) {
      next(error);
    }
  };
}
