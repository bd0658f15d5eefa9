// Attack: a link to the console with a hostile redirectTo, hoping the console sends the user on
// to another site after signing in, signing out or changing a preference — or answers with a
// 500 because the value cannot go into a Location header. Every value must end on a page of the
// console's own origin, without a server error, on every way a redirectTo comes in.
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { CookieJar } from "../tests/support/identity";
import { consoleUrl } from "./support/ports";

const origin = new URL(consoleUrl).origin;

const hostileValues = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "https://evil.example/",
  "https:evil.example",
  "http:/evil.example",
  "javascript:alert(1)",
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/%2f%2fevil.example",
  "/%5c%5cevil.example",
  "/@evil.example",
  "/\u20ac",
  "/stations?name=\u20ac#\u{1f600}",
  "/\u0000\u0007\u007f",
  "/\u2028",
  `/${"a".repeat(5000)}`,
];

/** Follows redirects as a browser would, checking every hop stays on our origin without a 500. */
async function followToPage(jar: CookieJar, first: Response, context: string) {
  let response = first;
  for (let hop = 0; hop < 20; hop += 1) {
    expect(response.status, `${context}: ${response.url} answered ${response.status}`).toBeLessThan(500);
    const location = response.headers.get("location");
    if (location === null) return { response, url: new URL(response.url) };
    const next = new URL(location, response.url);
    expect(next.origin, `${context}: Location ${location}`).toBe(origin);
    response = await jar.fetch(next);
  }
  throw new Error(`${context}: too many redirects`);
}

/** The console's own form posts, as a browser sends them. */
function post(jar: CookieJar, path: string, fields: Record<string, string>) {
  return jar.fetch(new URL(path, consoleUrl), {
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs in from the landing page's form with this redirectTo, through the identity provider. */
async function signInReturningTo(jar: CookieJar, redirectTo: string, context: string) {
  let response = await post(jar, "/login", { redirectTo });
  for (let step = 0; step < 20; step += 1) {
    expect(response.status, `${context}: ${response.url} answered ${response.status}`).toBeLessThan(500);
    const location = response.headers.get("location");
    if (location !== null) {
      const next = new URL(location, response.url);
      expect(next.origin, `${context}: Location ${location}`).toBe(origin);
      response = await jar.fetch(next);
      continue;
    }
    const page = await response.clone().text();
    if (!/name="password"/.test(page)) return { response, url: new URL(response.url) };
    const action = /<form[^>]*\saction="([^"]*)"/.exec(page)![1]!.replaceAll("&amp;", "&");
    response = await post(jar, new URL(action, response.url).pathname, { username: "owner", password: "owner" });
  }
  throw new Error(`${context}: sign-in did not end`);
}

test("a hostile redirectTo on the sign-in page is dropped, signed out and signed in", async () => {
  const owner = await signInToConsole(consoleUrl, "owner");
  for (const value of hostileValues) {
    const context = JSON.stringify(value.slice(0, 40));
    const path = `/login?${new URLSearchParams({ redirectTo: value })}`;
    const signedOut = await fetch(new URL(path, consoleUrl));
    expect(signedOut.status, context).toBe(200);
    const hidden = /name="redirectTo" value="([^"]*)"/.exec(await signedOut.text())?.[1] ?? "";
    expect(new URL(hidden.replaceAll("&amp;", "&"), consoleUrl).origin, context).toBe(origin);

    const signedIn = await followToPage(owner.jar, await owner.jar.fetch(new URL(path, consoleUrl)), context);
    expect(signedIn.url.origin, context).toBe(origin);
  }
});

test("a hostile redirectTo through the identity provider's callback is dropped", async () => {
  const owner = await signInToConsole(consoleUrl, "owner");
  for (const value of hostileValues) {
    const context = JSON.stringify(value.slice(0, 40));
    const start = await owner.jar.fetch(new URL(`/callback?${new URLSearchParams({ redirectTo: value })}`, consoleUrl));
    const end = await followToPage(owner.jar, start, context);
    expect(end.url.origin, context).toBe(origin);
  }
});

test("signing in with a hostile redirectTo, then signing out with one, ends on the console", async () => {
  for (const value of hostileValues) {
    const context = JSON.stringify(value.slice(0, 40));
    const jar = new CookieJar();
    const signedIn = await signInReturningTo(jar, value, `${context} sign-in`);
    expect(signedIn.url.origin, context).toBe(origin);
    expect(signedIn.url.pathname, context).not.toMatch(/^\/(login|oidc)/);

    const signedOut = await followToPage(jar, await post(jar, "/logout", { redirectTo: value }), `${context} sign-out`);
    expect(signedOut.url.pathname, context).toBe("/login");
    // And it is really signed out: the landing page offers signing in.
    expect(await signedOut.response.text(), context).toContain('action="/login"');
  }
});

test("a hostile redirectTo on a preference change is dropped", async () => {
  const owner = await signInToConsole(consoleUrl, "owner");
  for (const value of hostileValues) {
    const context = JSON.stringify(value.slice(0, 40));
    for (const fields of [{ colorScheme: "dark" }, { language: "en" }] as Record<string, string>[]) {
      const answer = await post(owner.jar, "/preferences", { ...fields, redirectTo: value });
      expect(answer.status, context).toBe(302);
      const end = await followToPage(owner.jar, answer, context);
      expect(end.url.origin, context).toBe(origin);
    }
  }
});
