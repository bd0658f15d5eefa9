// Tokens are refreshed before they expire; a refused refresh ends in the expired-session page.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireUser } from "~/auth/guard.server";
import { commitSession, getSession, type SessionTokens } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { setRuntime } from "~/runtime.server";
import { startTestIdentityProvider, type TestIdentityProvider } from "../support/identity";
import { withStore } from "../support/runtime";

let identity: TestIdentityProvider;
const user = {
  subject: "s",
  name: "Alex Admin",
  organizationName: "Demo Venue",
  tenantId: "t",
  roles: ["Admin" as const],
};

async function requestWithSession(tokens: SessionTokens) {
  const session = await getSession(new Request("http://console.test/"));
  session.set("user", user);
  session.set("tokens", tokens);
  const cookie = (await commitSession(new Request("http://console.test/"), session)).split(";")[0]!;
  return new Request("http://console.test/stations?page=2", { headers: { Cookie: cookie } });
}

beforeAll(async () => {
  identity = await startTestIdentityProvider();
  setRuntime(
    withStore({
      config: parseConfig({
        DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "refresh-test-")),
        IDENTITY_PROVIDER: "oidc",
        OIDC_ISSUER: identity.issuer,
        PUBLIC_URL: "http://localhost:3000",
        AUTH_CLIENT_ID: identity.clientId,
        AUTH_CLIENT_SECRET: identity.clientSecret,
      }),
      managerUrl: "http://manager.test",
      sessionSecrets: ["r".repeat(32)],
      embeddedIdentity: null,
    }),
  );
});

afterAll(() => identity.close());

describe("token refresh", () => {
  it("keeps a fresh token as it is", async () => {
    const signedIn = await identity.signIn("Admin");
    const tokens = { ...signedIn, expiresAt: Date.now() + 10 * 60_000, refreshedAt: Date.now() };
    const request = await requestWithSession(tokens);
    await requireUser(request);
    expect((await getSession(request)).get("tokens")?.accessToken).toBe(signedIn.accessToken);
  });

  it("refreshes a token about to expire and stores the new one in the session", async () => {
    const signedIn = await identity.signIn("Admin");
    const request = await requestWithSession({
      ...signedIn,
      expiresAt: Date.now() + 30_000,
      refreshedAt: Date.now() - 60_000,
    });
    await requireUser(request);
    const stored = (await getSession(request)).get("tokens")!;
    expect(stored.accessToken).not.toBe(signedIn.accessToken);
    expect(stored.expiresAt).toBeGreaterThan(Date.now() + 5 * 60_000);
  });

  it("refreshes 20 minutes after the last refresh even when the token still lasts", async () => {
    const signedIn = await identity.signIn("Admin");
    const request = await requestWithSession({
      ...signedIn,
      expiresAt: Date.now() + 60 * 60_000,
      refreshedAt: Date.now() - 21 * 60_000,
    });
    await requireUser(request);
    expect((await getSession(request)).get("tokens")!.accessToken).not.toBe(signedIn.accessToken);
  });

  it("shows the expired-session page when the identity provider refuses the refresh", async () => {
    const signedIn = await identity.signIn("Admin");
    const request = await requestWithSession({
      ...signedIn,
      refreshToken: "revoked-or-unknown",
      expiresAt: Date.now() - 1000,
      refreshedAt: Date.now() - 3600_000,
    });
    const thrown = await requireUser(request).catch((error: unknown) => error);
    expect(thrown).toMatchObject({
      data: { errorPage: "expiredSession", redirectTo: "/stations?page=2" },
      init: { status: 401 },
    });
  });

  it("sends a signed-out visitor to sign in, with the way back", async () => {
    const thrown = await requireUser(new Request("http://console.test/stations/MCS-0042/network?x=1")).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      "/login?redirectTo=%2Fstations%2FMCS-0042%2Fnetwork%3Fx%3D1",
    );
  });
});
