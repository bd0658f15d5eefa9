// Pure-HTML browsers (w3m, lynx, some kiosk browsers) send neither Origin nor Referer. They must
// be able to sign in and act; a request naming another origin in either header is still refused.
// What keeps a cross-site post without those headers harmless is the SameSite=Lax session
// cookie: the browser does not send it, so the post acts as nobody.
import { expect, test } from "@playwright/test";
import { CookieJar } from "../tests/support/identity";
import { consoleUrl } from "./support/ports";
import { simulator } from "./support/simulator";

const origin = new URL(consoleUrl).origin;
const stationPage = "/stations/MCS-0042";
const renameAction = `${stationPage}?index`;

test.afterAll(() => simulator.reset());

/** A form post as a browser without Origin and Referer sends it. */
function bareHtmlPost(
  jar: CookieJar,
  url: URL | string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return jar.fetch(new URL(url, consoleUrl), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Landing page form, identity provider's form, callback — no request carries Origin or Referer. */
async function signInWithoutOriginOrReferer(username: string) {
  const jar = new CookieJar();
  let response = await bareHtmlPost(jar, "/login", { redirectTo: stationPage });
  expect(response.status, "the sign-in form's post").toBe(302);
  for (let step = 0; step < 20; step += 1) {
    const location = response.headers.get("location");
    if (location !== null) {
      response = await jar.fetch(new URL(location, response.url));
      continue;
    }
    const page = await response.text();
    if (/name="password"/.test(page)) {
      const action = /<form[^>]*\saction="([^"]*)"/.exec(page)![1]!.replaceAll("&amp;", "&");
      response = await bareHtmlPost(jar, new URL(action, response.url), { username, password: username });
      continue;
    }
    expect(new URL(response.url).pathname).toBe(stationPage);
    return { jar, page };
  }
  throw new Error("sign-in did not end");
}

async function stationName(jar: CookieJar) {
  const page = await (await jar.fetch(new URL(stationPage, consoleUrl))).text();
  return (
    /<input[^>]*name="name"[^>]*value="([^"]*)"/.exec(page)?.[1] ?? /value="([^"]*)"[^>]*name="name"/.exec(page)?.[1]
  );
}

test("a browser that sends neither Origin nor Referer signs in, renames a station and signs out", async () => {
  const { jar, page } = await signInWithoutOriginOrReferer("admin");
  expect(page).toContain("MCS-0042");

  const renamed = await bareHtmlPost(jar, renameAction, { intent: "rename", name: "Plain HTML Hall" });
  expect(renamed.status).toBe(302);
  expect(await stationName(jar)).toBe("Plain HTML Hall");

  const preferences = await bareHtmlPost(jar, "/preferences", { language: "de", redirectTo: stationPage });
  expect(preferences.status).toBe(302);
  expect(await (await jar.fetch(new URL(stationPage, consoleUrl))).text()).toContain('lang="de"');

  const signedOut = await bareHtmlPost(jar, "/logout", {});
  expect(signedOut.status).toBe(302);
  expect((await jar.fetch(new URL(stationPage, consoleUrl))).headers.get("location")).toMatch(/^\/login/);
});

test("a post whose Origin or Referer names another origin is refused, signed in or not", async () => {
  const { jar } = await signInWithoutOriginOrReferer("admin");
  const before = await stationName(jar);
  const foreign: Array<Record<string, string>> = [
    { origin: "http://evil.example" },
    { origin: "null" },
    { origin: origin.replace("127.0.0.1", "localhost") },
    { referer: "http://evil.example/attack.html" },
    { referer: `http://evil.example/?from=${origin}` },
    { referer: "not a url" },
    // Origin decides when both are sent.
    { origin: "http://evil.example", referer: `${origin}${stationPage}` },
  ];
  for (const headers of foreign) {
    const refused = await bareHtmlPost(
      jar,
      renameAction,
      { intent: "rename", name: "Renamed by another site" },
      headers,
    );
    expect(refused.status, JSON.stringify(headers)).toBe(403);
    expect(await refused.text()).toMatch(/sent from another website/);
    const signIn = await bareHtmlPost(new CookieJar(), "/login", { redirectTo: "/" }, headers);
    expect(signIn.status, `sign-in ${JSON.stringify(headers)}`).toBe(403);
  }
  expect(await stationName(jar)).toBe(before);

  // Our own origin in either header is fine.
  const ownReferer = await bareHtmlPost(
    jar,
    renameAction,
    { intent: "rename", name: "Own Referer Hall" },
    { referer: `${origin}${stationPage}` },
  );
  expect(ownReferer.status).toBe(302);
  expect(await stationName(jar)).toBe("Own Referer Hall");
});

test("a cross-site post without Origin or Referer carries no session cookie, so it acts as nobody", async () => {
  const { jar } = await signInWithoutOriginOrReferer("admin");
  const before = await stationName(jar);
  const session = jar.header(new URL("/", consoleUrl));
  expect(session).toContain("__session=");

  // The cookie the browser would refuse to attach to another site's post.
  const signInAnswer = await bareHtmlPost(new CookieJar(), "/login", { redirectTo: "/" });
  const cookie = signInAnswer.headers.getSetCookie().find((line) => line.startsWith("__session="));
  expect(cookie).toMatch(/SameSite=Lax/i);

  const crossSite = await fetch(new URL(renameAction, consoleUrl), {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "rename", name: "Renamed by another site" }).toString(),
  });
  expect(crossSite.status).toBe(302);
  expect(crossSite.headers.get("location")).toMatch(/^\/login/);
  expect(await stationName(jar)).toBe(before);
});
