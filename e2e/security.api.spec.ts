// Security at the HTTP level: headers, CSRF, sessions and secrets (no browser needed).
import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import { signInToConsole } from "../tests/support/console-session";
import { consoleUrl } from "./support/ports";

const origin = new URL(consoleUrl).origin;
const jwtPattern = /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}/;

/**
 * The start of an upload whose declared length is `bytes`, as a browser begins to send one: the
 * console judges the declared length, so its answer comes while the rest of the body is unsent.
 */
function startUpload(
  path: string,
  headers: Record<string, string>,
  bytes: number,
): Promise<{ status: number; text: string }> {
  const boundary = "console-test-boundary";
  const start = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="logoFile"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(path, consoleUrl),
      {
        method: "POST",
        headers: {
          ...headers,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(bytes),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part: string) => (text += part));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, text });
          request.destroy();
        });
      },
    );
    request.on("error", reject);
    request.write(Buffer.concat([start, Buffer.alloc(64 * 1024)]));
  });
}

test("every page carries the security headers, and every script its CSP nonce", async () => {
  const response = await fetch(`${consoleUrl}/login`);
  const csp = response.headers.get("content-security-policy") ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  expect(response.headers.get("referrer-policy")).toBe("same-origin");
  expect(response.headers.get("strict-transport-security")).toBeNull();
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1]!);
  expect(scripts.length).toBeGreaterThan(0);
  for (const attributes of scripts) {
    const isExternal = /\ssrc=/.test(attributes);
    if (!isExternal) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  // A second response gets another nonce.
  const again = (await fetch(`${consoleUrl}/login`)).headers.get("content-security-policy");
  expect(again).not.toBe(csp);
});

test("behind an HTTPS proxy the console sends HSTS and Secure cookies", async () => {
  const response = await fetch(`${consoleUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "x-forwarded-proto": "https",
      origin: origin.replace("http:", "https:"),
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "redirectTo=%2F",
  });
  expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
  const cookies = response.headers.getSetCookie();
  const session = cookies.find((cookie) => cookie.startsWith("__session="));
  expect(session).toMatch(/; Secure/i);
  expect(session).toMatch(/HttpOnly/i);
  expect(session).toMatch(/SameSite=Lax/i);
});

test("a cross-origin POST to an action is refused", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  for (const path of ["/logout", "/preferences", "/login", "/stations", "/dashboard"]) {
    const crossSite = await admin.fetch(path, {
      method: "POST",
      headers: { origin: "http://evil.example" },
      body: new URLSearchParams({ intent: "x" }),
    });
    expect(crossSite.status, path).toBe(403);
  }
  // Without Origin, the Referer decides (pure-HTML browsers send neither: trust-pure-html.api.spec.ts).
  const foreignReferer = await fetch(`${consoleUrl}/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: admin.cookie, referer: "http://evil.example/page" },
  });
  expect(foreignReferer.status).toBe(403);
  // The session survived the refused sign-out.
  expect((await admin.fetch("/")).headers.get("location")).toBe("/dashboard");
});

test("signing in starts a new session id, and signing out ends the server session", async () => {
  const start = await fetch(`${consoleUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: "redirectTo=%2Fstations",
  });
  const before = start.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith("__session="))!
    .split(";")[0]!;
  const session = await signInToConsole(consoleUrl, "owner");
  expect(session.cookie).toContain("__session=");
  expect(session.cookie).not.toContain(before);

  expect((await session.fetch("/")).status).toBe(302);
  expect((await session.fetch("/")).headers.get("location")).toBe("/dashboard");
  const signOut = await session.fetch("/logout", { method: "POST", body: new URLSearchParams() });
  // On to end the identity provider's session too (RP-initiated logout), then back to /login.
  const endSession = new URL(signOut.headers.get("location")!);
  expect(endSession.origin + endSession.pathname).toBe(`${consoleUrl}/oidc/session/end`);
  expect(endSession.searchParams.get("post_logout_redirect_uri")).toBe(`${consoleUrl}/login`);
  expect(endSession.searchParams.get("client_id")).toBe("station-console");
  expect(endSession.searchParams.get("id_token_hint")).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(endSession.searchParams.get("state")).toMatch(/^[\w-]{20,}$/);
  // The old cookie no longer opens anything.
  const reused = await session.fetch("/dashboard");
  expect(reused.status).toBe(302);
  expect(reused.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard");
});

test("no access token, ID token or secret reaches the browser", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const paths = [
    "/",
    "/login",
    "/dashboard",
    "/stations",
    "/stations/MCS-0042",
    "/appView",
    "/moderation",
    "/settings",
    "/apiTokens",
    "/appCustomization",
  ];
  for (const path of paths) {
    for (const variant of [path, `${path === "/" ? "/_root" : path}.data`]) {
      const response = await admin.fetch(variant);
      const bytes = `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${await response.text()}`;
      expect(bytes, variant).not.toMatch(jwtPattern);
      expect(bytes, variant).not.toContain("station-console-development-secret");
    }
  }
  expect(admin.cookie).not.toMatch(jwtPattern);
});

test("bodies that are not HTML forms, or too large, are refused with a clear answer", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const json = await admin.fetch("/logout", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(json.status).toBe(415);
  expect(await json.text()).toMatch(/HTML form submissions only/);
  const huge = await admin.fetch("/preferences", {
    method: "POST",
    body: new URLSearchParams({ redirectTo: "/", padding: "x".repeat(2 * 1024 * 1024) }),
  });
  expect(huge.status).toBe(413);
  expect(await huge.text()).toMatch(/too large \(more than 8 KB\)/);
  const hugeUpload = await startUpload("/appCustomization", { cookie: admin.cookie, origin }, 17 * 1024 * 1024);
  expect(hugeUpload.status).toBe(413);
  expect(hugeUpload.text).toMatch(/too large \(more than 16 MB\)/);
  // The session is still fine.
  expect((await admin.fetch("/")).headers.get("location")).toBe("/dashboard");
});
