// Issue 11, items 2 and 3 at the HTTP level: a cross-site GET of /logout changes nothing, and
// no answer that depends on the session may be kept by a browser or proxy cache.
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { consoleUrl } from "./support/ports";

test("a cross-site GET of /logout leaves the user signed in", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  // What a browser sends for a link or a meta refresh on another site (SameSite=Lax sends the cookie).
  const crossSite = await admin.fetch("/logout", {
    headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate", referer: "http://evil.example/" },
  });
  expect(crossSite.status).toBe(200);
  expect(crossSite.headers.getSetCookie()).toEqual([]);
  expect(await crossSite.text()).toContain('method="post" action="/logout"');
  expect((await admin.fetch("/")).headers.get("location")).toBe("/dashboard");
});

test("every session-dependent answer is Cache-Control: no-store: documents, .data, resources, redirects", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const paths = [
    "/dashboard",
    "/dashboard.data",
    "/_root.data",
    "/stations/MCS-0042",
    "/stations/MCS-0042.data",
    "/appView",
    "/logout",
    "/systemEvents/download",
    "/",
    "/login",
  ];
  for (const path of paths) {
    const response = await admin.fetch(path);
    expect(response.status, path).toBeLessThan(400);
    expect(response.headers.get("cache-control"), path).toMatch(/\bno-store\b/);
  }
  const signedOut = await fetch(`${consoleUrl}/stations`, { redirect: "manual" });
  expect(signedOut.headers.get("cache-control")).toMatch(/\bno-store\b/);
});
