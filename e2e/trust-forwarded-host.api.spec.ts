// Issue 33: X-Forwarded-Host counts only when TRUST_PROXY says its sender is a proxy. A POST with
// our own Origin and a forwarded host from an untrusted client was a 500 with a logged stack
// (Remix's own CSRF check compared Origin with that header), signed in or not. Without
// TRUST_PROXY the header is ignored: the request is answered as without it. Behind a trusted
// proxy the forwarded host is the origin, and a form from any other origin is refused.
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { startOwnConsole, type OwnConsole } from "./support/own-console";
import { consoleUrl } from "./support/ports";

// A console of its own: no proxy trusted, and its log to read.
let own: OwnConsole;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  own = await startOwnConsole({ SIMULATOR_RESEED: "true" });
});

test.afterAll(async () => {
  await own?.stop();
});

const form = { "content-type": "application/x-www-form-urlencoded" };

test("without TRUST_PROXY a forwarded host is ignored: no 500, signed out or signed in", async () => {
  const origin = new URL(own.url).origin;
  const forwarded = { ...form, origin, "x-forwarded-host": "elsewhere.example", "x-forwarded-proto": "https" };
  const signIn = await fetch(`${own.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: forwarded,
    body: "redirectTo=%2Fstations",
  });
  expect(signIn.status).toBe(302);
  // On to the sign-in at the console's own address, not the forwarded one.
  expect(new URL(signIn.headers.get("location")!, own.url).origin).toBe(origin);

  const admin = await signInToConsole(own.url, "admin");
  const rename = await admin.fetch("/stations/MCS-0042?index", {
    method: "POST",
    headers: forwarded,
    body: new URLSearchParams({ intent: "rename", name: "Forwarded Hall" }).toString(),
  });
  expect(rename.status).toBe(302);
  expect(rename.headers.get("location")).toBe("/stations/MCS-0042");
  const page = await (await admin.fetch("/stations/MCS-0042")).text();
  expect(page).toContain("Forwarded Hall");
  // With JavaScript the form posts to the .data URL (a redirect is a 202 there): the same.
  const data = await admin.fetch("/stations/MCS-0042.data?index", {
    method: "POST",
    headers: forwarded,
    body: new URLSearchParams({ intent: "rename", name: "Forwarded Hall 2" }).toString(),
  });
  expect(data.status).toBe(202);
  expect(await (await admin.fetch("/stations/MCS-0042")).text()).toContain("Forwarded Hall 2");
  expect(own.output()).not.toMatch(/header does not match `origin`|Unexpected error/);
});

test("behind a trusted proxy the forwarded host is the origin: a form of ours through it works, any other is refused", async () => {
  // The shared test server trusts one hop (TRUST_PROXY=true), which loopback plays.
  const admin = await signInToConsole(consoleUrl, "admin");
  const send = (origin: string) =>
    admin.fetch("/stations/MCS-0042?index", {
      method: "POST",
      headers: { ...form, origin, "x-forwarded-host": "console.example", "x-forwarded-proto": "https" },
      body: new URLSearchParams({ intent: "rename", name: "Proxied Hall" }).toString(),
    });
  expect((await send("https://console.example")).status).toBe(302);
  expect((await send(new URL(consoleUrl).origin)).status).toBe(403);
});
