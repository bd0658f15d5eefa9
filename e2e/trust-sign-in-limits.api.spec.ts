// Sign-in throttling as a kiosk room and as an attacker meet it, on a console of its own with
// the default budget (the shared test server runs with a raised one). It sits behind a proxy
// on loopback (TRUST_PROXY=loopback), so each test names its client address the way that
// proxy would: as the last X-Forwarded-For entry.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { defaultSignInRateLimitPerMinute } from "../app/config.server";
import { CookieJar } from "../tests/support/identity";
import { startOwnConsole, type OwnConsole } from "./support/own-console";

const tooManyAttempts = Object.fromEntries(
  ["en", "de"].map((language) => [
    language,
    (
      JSON.parse(readFileSync(new URL(`../public/locales/${language}/common.json`, import.meta.url), "utf8")) as {
        server: { tooManySignInAttempts: string };
      }
    ).server.tooManySignInAttempts,
  ]),
);

let own: OwnConsole;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnConsole({ TRUST_PROXY: "loopback", SIMULATOR_RESEED: "true" });
});

test.afterAll(async () => {
  await own?.stop();
});

interface Client {
  address: string;
  userAgent?: string;
}

function clientHeaders(client: Client, extra: Record<string, string> = {}) {
  return { "x-forwarded-for": client.address, "user-agent": client.userAgent ?? "KioskBrowser/1.0", ...extra };
}

function formPost(jar: CookieJar, url: URL, client: Client, fields: Record<string, string>) {
  return jar.fetch(url, {
    method: "POST",
    headers: clientHeaders(client, {
      origin: new URL(own.url).origin,
      "content-type": "application/x-www-form-urlencoded",
    }),
    body: new URLSearchParams(fields).toString(),
  });
}

/** From the landing page's form to the identity provider's password form. */
async function openPasswordForm(jar: CookieJar, client: Client) {
  let response = await formPost(jar, new URL("/login", own.url), client, { redirectTo: "/" });
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get("location");
    if (location === null) break;
    response = await jar.fetch(new URL(location, response.url), { headers: clientHeaders(client) });
  }
  const page = await response.text();
  expect(page, `answer ${response.status}`).toMatch(/name="password"/);
  return new URL(/<form[^>]*\saction="([^"]*)"/.exec(page)![1]!.replaceAll("&amp;", "&"), response.url);
}

/** A whole sign-in; resolves with the status of every answer on the way. */
async function signIn(client: Client, username: string) {
  const jar = new CookieJar();
  const form = await openPasswordForm(jar, client);
  let response = await formPost(jar, form, client, { username, password: username });
  const statuses = [response.status];
  for (let step = 0; step < 10; step += 1) {
    const location = response.headers.get("location");
    if (location === null) break;
    const next = new URL(location, response.url);
    if (next.pathname === "/dashboard") return { statuses, signedIn: jar.header(next).includes("__session=") };
    response = await jar.fetch(next, { headers: clientHeaders(client) });
    statuses.push(response.status);
  }
  return { statuses, signedIn: false };
}

test("a room of 30 kiosks behind one address signs in within a minute", async () => {
  const started = Date.now();
  const room = Array.from({ length: 30 }, (_, kiosk) => ({
    address: "192.0.2.10",
    userAgent: `KioskBrowser/1.0 (seat ${kiosk + 1})`,
  }));
  // Ten at a time, as people sit down, so a loaded test machine stays within the minute.
  const results = [];
  for (let batch = 0; batch < 3; batch += 1) {
    results.push(
      ...(await Promise.all(room.slice(batch * 10, batch * 10 + 10).map((kiosk) => signIn(kiosk, "owner")))),
    );
  }
  expect(Date.now() - started).toBeLessThan(60_000);
  for (const result of results) {
    expect(result.statuses).not.toContain(429);
    expect(result.signedIn).toBe(true);
  }
});

test("50 wrong passwords for one account are refused after the first few, from whatever address", async () => {
  const jar = new CookieJar();
  const form = await openPasswordForm(jar, { address: "203.0.113.1" });
  const answers = [];
  for (let guess = 0; guess < 50; guess += 1) {
    // Each guess from another address: the per-address limit never sees more than one.
    const response = await formPost(
      jar,
      form,
      { address: `203.0.113.${guess + 1}` },
      { username: "moderator", password: `guess-${guess}` },
    );
    answers.push({ status: response.status, page: await response.text() });
  }
  const wrong = answers.filter((answer) => answer.page.includes("The username or password is incorrect."));
  const refused = answers.filter(
    (answer) => answer.status === 429 && answer.page.includes("Too many failed sign-ins for this account."),
  );
  expect(wrong.length).toBeLessThanOrEqual(10);
  expect(refused.length).toBe(50 - wrong.length);

  // While refused, the right password gets no further, and says so.
  const right = await formPost(
    jar,
    form,
    { address: "203.0.113.200" },
    { username: "moderator", password: "moderator" },
  );
  expect(right.status).toBe(429);
  expect(await right.text()).toContain("Too many failed sign-ins for this account.");
  // Other accounts are not affected.
  expect((await signIn({ address: "203.0.113.201" }, "admin")).signedIn).toBe(true);
});

/**
 * Resolves once the wall clock is in a minute with at least `needed` ms of it left. The limit is
 * a sliding-window estimate over per-minute counts (server/rate-limit.ts): attempts that cross a
 * minute's turn see the old minute's count fade, so an exact count holds only within one minute.
 */
async function minuteWithTimeLeft(needed: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < needed) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

test("rotating User-Agent, language and a made-up X-Forwarded-For does not walk around the address limit", async () => {
  await minuteWithTimeLeft(20_000);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < defaultSignInRateLimitPerMinute + 10; attempt += 1) {
    const language = ["en", "de", "fr", "nl"][attempt % 4]!;
    const response = await fetch(new URL("/login", own.url), {
      method: "POST",
      redirect: "manual",
      headers: {
        origin: new URL(own.url).origin,
        "content-type": "application/x-www-form-urlencoded",
        "user-agent": `Browser/${attempt}`,
        "accept-language": language,
        // The client's own left-most entry is ignored: the trusted proxy's last one counts.
        "x-forwarded-for": `10.${attempt % 250}.0.1, 198.51.100.77`,
      },
      body: "redirectTo=%2F",
    });
    statuses.push(response.status);
    if (response.status === 429) {
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      // In the reader's language (English for those the console does not speak).
      // Followed by the reference to quote (decision 016).
      const text = await response.text();
      expect(text.startsWith(`${tooManyAttempts[language === "de" ? "de" : "en"]} `)).toBe(true);
      expect(text).toContain(response.headers.get("x-request-id")!);
    }
  }
  expect(statuses.filter((status) => status !== 429)).toHaveLength(defaultSignInRateLimitPerMinute);
  expect(statuses.slice(defaultSignInRateLimitPerMinute).every((status) => status === 429)).toBe(true);
  // Another address signs in as usual.
  expect((await signIn({ address: "198.51.100.78" }, "owner")).signedIn).toBe(true);
});
