// Log out ends the identity provider's session too (RP-initiated logout): the browser goes to the
// provider's end-session endpoint from its discovery document, with the ID token as the hint and
// PUBLIC_URL's /login as the way back. A provider without one: the console says so on /login.
import { mkdtempSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitSession, getSession, takeSignOutReturn, type SessionTokens } from "~/auth/session.server";
import { parseConfig } from "~/config.server";
import { setRuntime } from "~/runtime.server";
import { signOut } from "~/routes/logout/sign-out.server";
import { withStore } from "../support/runtime";

/** A provider's discovery document, with or without an end-session endpoint. */
function discoveryServer(endSession: boolean) {
  const server = createServer((_request, response) => {
    const { port } = server.address() as AddressInfo;
    const issuer = `http://127.0.0.1:${port}`;
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        issuer,
        jwks_uri: `${issuer}/jwks`,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        ...(endSession ? { end_session_endpoint: `${issuer}/oauth2/logout?p=b2c_1_signin` } : {}),
      }),
    );
  });
  return server;
}

const tokens: SessionTokens = {
  accessToken: "access",
  refreshToken: "refresh",
  idToken: "header.payload.signature",
  expiresAt: Date.now() + 3_600_000,
  refreshedAt: Date.now(),
};
const user = { subject: "s", name: "Alex Admin", organizationName: "Venue", tenantId: "t", roles: ["Admin" as const] };

function useProvider(server: Server) {
  const { port } = server.address() as AddressInfo;
  setRuntime(
    withStore({
      config: parseConfig({
        DATA_DIRECTORY: mkdtempSync(join(tmpdir(), "sign-out-test-")),
        OIDC_ISSUER: `http://127.0.0.1:${port}`,
        PUBLIC_URL: "https://console.example",
        AUTH_CLIENT_ID: "console-client",
        AUTH_CLIENT_SECRET: "secret",
      }),
      managerUrl: "http://manager.test",
      sessionSecrets: ["s".repeat(32)],
      embeddedIdentity: null,
    }),
  );
}

async function signedInRequest() {
  const session = await getSession(new Request("https://console.example/"));
  session.set("user", user);
  session.set("tokens", tokens);
  const cookie = (await commitSession(new Request("https://console.example/"), session)).split(";")[0]!;
  return new Request("https://console.example/logout", { method: "POST", headers: { Cookie: cookie } });
}

const cookieOf = (response: Response) => response.headers.get("set-cookie")!.split(";")[0]!;
const requestWith = (cookie: string, path = "/login") =>
  new Request(`https://console.example${path}`, { headers: { Cookie: cookie } });

describe("signing out", () => {
  const servers = [discoveryServer(true), discoveryServer(false)];
  beforeAll(async () => {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))));
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  });

  it("sends the browser to the provider's end-session endpoint, and back to PUBLIC_URL's /login", async () => {
    useProvider(servers[0]!);
    const answer = await signOut(await signedInRequest(), "/stations/MCS-0042");
    const target = new URL(answer.headers.get("location")!);
    const { port } = servers[0]!.address() as AddressInfo;
    expect(target.origin + target.pathname).toBe(`http://127.0.0.1:${port}/oauth2/logout`);
    expect(target.searchParams.get("p")).toBe("b2c_1_signin");
    expect(target.searchParams.get("id_token_hint")).toBe(tokens.idToken);
    expect(target.searchParams.get("client_id")).toBe("console-client");
    expect(target.searchParams.get("post_logout_redirect_uri")).toBe("https://console.example/login");
    const state = target.searchParams.get("state")!;
    expect(state).toMatch(/^[\w-]{20,}$/);

    // The browser's new session holds the message and the way back, for that state only, once.
    const cookie = cookieOf(answer);
    expect(await takeSignOutReturn(requestWith(cookie), "another-state")).toBeNull();
    const again = await signOut(await signedInRequest(), "/stations/MCS-0042");
    const secondState = new URL(again.headers.get("location")!).searchParams.get("state")!;
    expect(await takeSignOutReturn(requestWith(cookieOf(again)), secondState)).toBe("/stations/MCS-0042");
    expect(await takeSignOutReturn(requestWith(cookieOf(again)), secondState)).toBeNull();
    const session = await getSession(requestWith(cookieOf(again)));
    expect(session.get("flash")).toEqual({ kind: "info", message: "login.signedOut" });
    expect(session.get("tokens")).toBeUndefined();
  });

  it("without an end-session endpoint, comes back to /login saying the provider may still be signed in", async () => {
    useProvider(servers[1]!);
    const answer = await signOut(await signedInRequest(), "/stations");
    expect(answer.headers.get("location")).toBe("/login?redirectTo=%2Fstations");
    const session = await getSession(requestWith(cookieOf(answer)));
    expect(session.get("flash")).toEqual({ kind: "info", message: "login.signedOutProviderMayRemain" });
  });

  it("with no sign-in left to end, goes straight to /login", async () => {
    useProvider(servers[0]!);
    const answer = await signOut(new Request("https://console.example/logout", { method: "POST" }), null);
    expect(answer.headers.get("location")).toBe("/login");
  });
});
