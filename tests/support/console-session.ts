// Signs in to a running console over plain HTTP, as a browser without JavaScript would: the
// landing page's form, the development identity provider's sign-in form, the callback. Used by
// the security tests and the benchmarks, which need many sessions and no browser.
import { CookieJar } from "./identity";

export interface ConsoleSession {
  jar: CookieJar;
  /** The Cookie header of the signed-in session. */
  cookie: string;
  /** A request as the signed-in browser: same-origin, with the session cookie. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

function formAction(page: string): string {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(page)?.[1];
  if (action === undefined) throw new Error("sign-in page without a form action");
  return action.replaceAll("&amp;", "&");
}

export async function signInToConsole(
  consoleUrl: string,
  username: string,
  password = username,
  redirectTo = "/",
): Promise<ConsoleSession> {
  const jar = new CookieJar();
  const origin = new URL(consoleUrl).origin;
  let response = await jar.fetch(new URL("/login", consoleUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ redirectTo }).toString(),
  });
  let credentialsSent = false;
  for (let step = 0; step < 20; step += 1) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, response.url || consoleUrl);
      if (next.origin === origin && next.pathname === redirectTo.split("?")[0] && !next.pathname.startsWith("/login"))
        break;
      response = await jar.fetch(next);
      continue;
    }
    const page = await response.text();
    if (/name="password"/.test(page)) {
      if (credentialsSent) throw new Error(`sign-in as ${username} was refused`);
      credentialsSent = true;
      response = await jar.fetch(new URL(formAction(page), response.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin },
        body: new URLSearchParams({ username, password }).toString(),
      });
      continue;
    }
    throw new Error(`unexpected answer ${response.status} during sign-in: ${page.slice(0, 300)}`);
  }
  const sessionCookie = jar.header(new URL("/", consoleUrl));
  if (!sessionCookie.includes("__session=")) throw new Error(`no session after signing in as ${username}`);
  return {
    jar,
    cookie: sessionCookie,
    fetch: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("cookie", sessionCookie);
      if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", origin);
      return fetch(new URL(path, consoleUrl), { ...init, headers, redirect: "manual" });
    },
  };
}
