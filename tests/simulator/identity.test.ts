import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { decodeJwt, exportJWK, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  createAccessTokenVerifier,
  createIdentityProvider,
  demoAccounts,
  InvalidTokenError,
  listenIdentityProvider,
  normalizeRoles,
  type IdentityProvider,
} from "../../simulator/identity";
import {
  CookieJar,
  refreshTokens,
  signInWithPassword,
  SignInRejectedError,
  startTestIdentityProvider,
  type TokenRequestError,
  type TestIdentityProvider,
} from "../support/identity";

describe("development identity provider", () => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startTestIdentityProvider();
  });
  afterAll(async () => {
    await idp?.close();
  });

  const signInRequest = (username: string, password: string) => ({
    issuer: idp.issuer,
    clientId: idp.clientId,
    clientSecret: idp.clientSecret,
    redirectUri: idp.redirectUri,
    username,
    password,
  });

  it("starts, signs in and refreshes without printing warnings", async () => {
    const printed = [
      vi.spyOn(console, "warn").mockImplementation(() => {}),
      vi.spyOn(console, "info").mockImplementation(() => {}),
      vi.spyOn(console, "error").mockImplementation(() => {}),
      vi.spyOn(console, "log").mockImplementation(() => {}),
      vi.spyOn(process, "emitWarning").mockImplementation(() => {}),
    ];
    try {
      const quiet = await startTestIdentityProvider();
      try {
        const tokens = await quiet.signIn("Admin");
        await refreshTokens({
          issuer: quiet.issuer,
          clientId: quiet.clientId,
          clientSecret: quiet.clientSecret,
          refreshToken: tokens.refreshToken,
        });
        await fetch(`${quiet.issuer}/session/end`);
      } finally {
        await quiet.close();
      }
      for (const spy of printed) expect(spy.mock.calls).toEqual([]);
    } finally {
      for (const spy of printed) spy.mockRestore();
    }
  });

  describe.each(demoAccounts.map((account) => [account.username, account] as const))(
    "signing in as %s",
    (_username, account) => {
      it("issues a JWT access token for the Manager with the account's claims", async () => {
        const tokens = await idp.signIn(account.username);
        const claims = decodeJwt(tokens.accessToken);
        expect(claims).toMatchObject({
          iss: idp.issuer,
          aud: idp.managerAudience,
          sub: account.subject,
          scope: idp.managerScope,
          client_id: idp.clientId,
          roles: account.roles,
          name: account.name,
          organizationName: "Demo Venue",
          tenantId: account.tenantId,
        });
        expect(tokens.expiresIn).toBe(900);
        expect(tokens.refreshToken).not.toBe("");
      });

      it("issues an ID token with the profile claims", async () => {
        const tokens = await idp.signIn(account.username);
        expect(decodeJwt(tokens.idToken)).toMatchObject({
          iss: idp.issuer,
          aud: idp.clientId,
          sub: account.subject,
          name: account.name,
          organizationName: account.organizationName,
          roles: account.roles,
          tenantId: account.tenantId,
        });
      });
    },
  );

  it("gives every demo account of the same tenant a role of its own", () => {
    expect(demoAccounts.map((account) => [account.username, account.password, account.roles, account.name])).toEqual([
      ["admin", "admin", ["Admin"], "Alex Admin"],
      ["owner", "owner", ["Owner"], "Olivia Owner"],
      ["moderator", "moderator", ["Moderator"], "Max Moderator"],
    ]);
    expect(new Set(demoAccounts.map((account) => account.tenantId)).size).toBe(1);
  });

  describe("sign-in page", () => {
    async function openSignInPage() {
      const cookies = new CookieJar();
      const authorization = new URL(`${idp.issuer}/auth`);
      authorization.search = new URLSearchParams({
        client_id: idp.clientId,
        response_type: "code",
        redirect_uri: idp.redirectUri,
        scope: "openid profile offline_access manager.api",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      }).toString();
      const redirect = await cookies.fetch(authorization);
      expect(redirect.status).toBe(303);
      const response = await cookies.fetch(new URL(redirect.headers.get("location")!, authorization));
      return { response, html: await response.text() };
    }

    it("is an accessible form that works without JavaScript or external assets", async () => {
      const { response, html } = await openSignInPage();
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(html).toMatch(/<html lang="en">/);
      expect(html).toMatch(/<title>Sign in – Station Console<\/title>/);
      expect(html).toMatch(/<label for="username">Username<\/label>\s*<input id="username" name="username"/);
      expect(html).toMatch(
        /<label for="password">Password<\/label>\s*<input id="password" name="password" type="password"/,
      );
      expect(html).toMatch(/<form method="post" action="\/interaction\/[\w-]+"/);
      expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
      expect(html).not.toMatch(/<script/i);
      expect(html).not.toMatch(/(src|href)=/i);
    });

    it("shows an error and keeps the username when the password is wrong", async () => {
      const attempt = signInWithPassword(signInRequest("admin", "wrong"));
      await expect(attempt).rejects.toBeInstanceOf(SignInRejectedError);
      const page = ((await attempt.catch((error: unknown) => error)) as SignInRejectedError).page;
      expect(page).toContain('role="alert"');
      expect(page).toContain("The username or password is incorrect.");
      expect(page).toMatch(/<title>Error: Sign in – Station Console<\/title>/);
      expect(page).toMatch(/name="username"[^>]*value="admin"/);
      expect(page).toMatch(/id="password"[^>]*aria-invalid="true"/);
    });

    it("rejects an unknown user", async () => {
      await expect(signInWithPassword(signInRequest("nobody", "nobody"))).rejects.toBeInstanceOf(SignInRejectedError);
    });

    it("shows the form again for every authorization, so another account can sign in", async () => {
      const cookies = new CookieJar();
      const first = await signInWithPassword({ ...signInRequest("admin", "admin"), cookies });
      const second = await signInWithPassword({ ...signInRequest("owner", "owner"), cookies });
      expect(decodeJwt(first.accessToken).sub).toBe(demoAccounts[0]!.subject);
      expect(decodeJwt(second.accessToken).sub).toBe(demoAccounts[1]!.subject);
    });
  });

  describe("authorization requests", () => {
    async function authorize(parameters: Record<string, string>) {
      const url = new URL(`${idp.issuer}/auth`);
      url.search = new URLSearchParams({
        client_id: idp.clientId,
        response_type: "code",
        scope: "openid profile",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        ...parameters,
      }).toString();
      return fetch(url, { redirect: "manual" });
    }

    it("standalone, accepts a console's /login on a loopback address only", async () => {
      for (const redirectUri of ["http://127.0.0.1:3000/login", "http://localhost:4123/login"]) {
        const response = await authorize({ redirect_uri: redirectUri });
        expect(response.status).toBe(303);
        expect(new URL(response.headers.get("location")!).pathname).toMatch(/^\/interaction\//);
      }
      for (const redirectUri of ["http://evil.example/login", "http://192.168.1.5:3000/login"]) {
        const response = await authorize({ redirect_uri: redirectUri });
        expect(response.status).toBe(400);
        expect(response.headers.get("location")).toBeNull();
      }
    });

    it("standalone with --console-url, accepts only those consoles' /login", async () => {
      const listed = await startTestIdentityProvider({ consoleOrigins: ["https://console.example.org"] });
      try {
        const authorizeAt = (redirectUri: string) => {
          const url = new URL(`${listed.issuer}/auth`);
          url.search = new URLSearchParams({
            client_id: listed.clientId,
            response_type: "code",
            scope: "openid profile",
            code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
            code_challenge_method: "S256",
            redirect_uri: redirectUri,
          }).toString();
          return fetch(url, { redirect: "manual" });
        };
        expect((await authorizeAt("https://console.example.org/login")).status).toBe(303);
        expect((await authorizeAt("http://localhost:3000/login")).status).toBe(400);
        expect((await authorizeAt("https://console.example.org.evil.example/login")).status).toBe(400);
      } finally {
        await listed.close();
      }
    });

    it("refuses a redirect URI with another path", async () => {
      const response = await authorize({ redirect_uri: "http://localhost:3000/callback" });
      expect(response.status).toBe(400);
      expect(response.headers.get("location")).toBeNull();
      expect(await response.text()).toContain(
        "redirect_uri did not match any of the client&#39;s registered redirect_uris",
      );
    });

    it("requires PKCE", async () => {
      const url = new URL(`${idp.issuer}/auth`);
      url.search = new URLSearchParams({
        client_id: idp.clientId,
        response_type: "code",
        scope: "openid",
        redirect_uri: idp.redirectUri,
      }).toString();
      const response = await fetch(url, { redirect: "manual" });
      const location = new URL(response.headers.get("location")!);
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toBe("invalid_request");
      expect(location.searchParams.get("error_description")).toMatch(/requires PKCE/);
    });
  });

  describe("after a sign-in, the browser's provider session signs nobody in", () => {
    /** An authorization as the console starts it, in a browser that has signed in before. */
    async function authorizeAgain(cookies: CookieJar, extra: Record<string, string>) {
      const url = new URL(`${idp.issuer}/auth`);
      url.search = new URLSearchParams({
        client_id: idp.clientId,
        response_type: "code",
        redirect_uri: idp.redirectUri,
        scope: "openid profile offline_access manager.api",
        state: "s1",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
        ...extra,
      }).toString();
      const response = await cookies.fetch(url);
      expect(response.status).toBe(303);
      return new URL(response.headers.get("location")!, url);
    }

    it.each<Record<string, string>>([{}, { max_age: "86400" }, { prompt: "login" }, { prompt: "consent" }])(
      "asks for the password again with %j",
      async (extra) => {
        const cookies = new CookieJar();
        await signInWithPassword({ ...signInRequest("admin", "admin"), cookies });
        const next = await authorizeAgain(cookies, extra);
        expect(next.pathname).toMatch(/^\/interaction\//);
        const page = await (await cookies.fetch(next)).text();
        expect(page).toMatch(/name="password"/);
      },
    );

    it("answers prompt=none with login_required, never a code", async () => {
      const cookies = new CookieJar();
      await signInWithPassword({ ...signInRequest("admin", "admin"), cookies });
      const next = await authorizeAgain(cookies, { prompt: "none", max_age: "86400" });
      expect(next.origin + next.pathname).toBe(idp.redirectUri);
      expect(next.searchParams.get("error")).toBe("login_required");
      expect(next.searchParams.has("code")).toBe(false);
    });
  });

  describe("sign-out (RP-initiated logout)", () => {
    function endSessionUrl(parameters: Record<string, string>) {
      const url = new URL(`${idp.issuer}/session/end`);
      url.search = new URLSearchParams(parameters).toString();
      return url;
    }

    it("with the console's ID token as the hint, ends the session at once and returns to /login with the state", async () => {
      const cookies = new CookieJar();
      const tokens = await signInWithPassword({ ...signInRequest("owner", "owner"), cookies });
      const response = await cookies.fetch(
        endSessionUrl({
          id_token_hint: tokens.idToken,
          post_logout_redirect_uri: idp.redirectUri,
          state: "after-sign-out",
        }),
      );
      expect(response.status).toBe(303);
      const back = new URL(response.headers.get("location")!);
      expect(back.origin + back.pathname).toBe(idp.redirectUri);
      expect(back.searchParams.get("state")).toBe("after-sign-out");
      expect(cookies.header(new URL(`${idp.issuer}/auth`))).not.toContain("oidc_session=");
      // The grant is gone with the session: its refresh token no longer works.
      await expect(
        refreshTokens({
          issuer: idp.issuer,
          clientId: idp.clientId,
          clientSecret: idp.clientSecret,
          refreshToken: tokens.refreshToken!,
        }),
      ).rejects.toMatchObject({ error: "invalid_grant" });
    });

    it("without a hint, asks before signing out (a link from another site cannot sign anybody out)", async () => {
      const cookies = new CookieJar();
      await signInWithPassword({ ...signInRequest("owner", "owner"), cookies });
      const response = await cookies.fetch(
        endSessionUrl({ client_id: idp.clientId, post_logout_redirect_uri: idp.redirectUri }),
      );
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Yes, sign me out");
    });

    it("refuses a post-logout address that is not a console's /login", async () => {
      const cookies = new CookieJar();
      const tokens = await signInWithPassword({ ...signInRequest("owner", "owner"), cookies });
      for (const address of ["http://evil.example/login", "http://localhost:3000/elsewhere"]) {
        const response = await cookies.fetch(
          endSessionUrl({ id_token_hint: tokens.idToken, post_logout_redirect_uri: address }),
        );
        expect(response.status).toBe(400);
        expect(response.headers.get("location")).toBeNull();
      }
    });
  });

  describe("refresh", () => {
    const refreshWith = (refreshToken: string, scopes?: string[]) =>
      refreshTokens({
        issuer: idp.issuer,
        clientId: idp.clientId,
        clientSecret: idp.clientSecret,
        refreshToken,
        scopes,
      });

    it("succeeds when the client resends every scope, offline_access included (remix-auth-oauth2)", async () => {
      const tokens = await idp.signIn("Owner");
      const refreshed = await refreshWith(tokens.refreshToken, ["openid", "profile", "offline_access", "manager.api"]);
      expect(decodeJwt(refreshed.accessToken)).toMatchObject({
        sub: demoAccounts[1]!.subject,
        aud: idp.managerAudience,
        roles: ["Owner"],
      });
      expect(decodeJwt(refreshed.idToken)).toMatchObject({ sub: demoAccounts[1]!.subject, roles: ["Owner"] });
    });

    it("succeeds without a scope parameter, and can be repeated with the same refresh token", async () => {
      const tokens = await idp.signIn("Moderator");
      const first = await refreshWith(tokens.refreshToken, []);
      const second = await refreshWith(tokens.refreshToken, []);
      expect(first.refreshToken).toBe(tokens.refreshToken);
      expect(decodeJwt(second.accessToken).roles).toEqual(["Moderator"]);
    });

    it("issues a refresh token even when offline_access was not requested", async () => {
      const tokens = await idp.signIn("Admin", { scopes: ["openid", "profile", "manager.api"] });
      expect(tokens.refreshToken).not.toBe("");
      const refreshed = await refreshWith(tokens.refreshToken, ["openid", "profile", "manager.api"]);
      expect(decodeJwt(refreshed.accessToken).aud).toBe(idp.managerAudience);
    });

    it("accepts client_secret_post as well as client_secret_basic", async () => {
      const tokens = await idp.signIn("Admin");
      const response = await fetch(`${idp.issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: tokens.refreshToken,
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
        }).toString(),
      });
      expect(response.status).toBe(200);
    });

    it("fails once the refresh token is revoked", async () => {
      const tokens = await idp.signIn("Admin");
      const revocation = await fetch(`${idp.issuer}/token/revocation`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${idp.clientId}:${idp.clientSecret}`).toString("base64")}`,
        },
        body: new URLSearchParams({ token: tokens.refreshToken, token_type_hint: "refresh_token" }).toString(),
      });
      expect(revocation.status).toBe(200);
      await expect(refreshWith(tokens.refreshToken)).rejects.toMatchObject({
        error: "invalid_grant",
      } satisfies Partial<TokenRequestError>);
    });
  });

  describe("access token verifier", () => {
    const verifierFor = (audience = idp.managerAudience) =>
      createAccessTokenVerifier({ issuer: idp.issuer, audience, jwks: idp.provider.jwks });

    it("returns the principal of a valid token, with local or remote keys", async () => {
      const tokens = await idp.signIn("Admin");
      const expected = {
        subject: demoAccounts[0]!.subject,
        name: "Alex Admin",
        organizationName: "Demo Venue",
        tenantId: demoAccounts[0]!.tenantId,
        roles: ["Admin"],
      };
      await expect(verifierFor()(tokens.accessToken)).resolves.toEqual(expected);
      const remote = createAccessTokenVerifier({
        issuer: idp.issuer,
        audience: idp.managerAudience,
        jwks: new URL(`${idp.issuer}/jwks`),
      });
      await expect(remote(tokens.accessToken)).resolves.toEqual(expected);
    });

    it("rejects a tampered token as invalid", async () => {
      const tokens = await idp.signIn("Moderator");
      const [header, payload, signature] = tokens.accessToken.split(".");
      const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, roles: ["Admin"] })).toString("base64url");
      await expect(verifierFor()(`${header}.${forged}.${signature}`)).rejects.toMatchObject({ reason: "invalid" });
    });

    it("rejects a token for another audience as invalid", async () => {
      const tokens = await idp.signIn("Admin");
      await expect(verifierFor("another-api")(tokens.accessToken)).rejects.toMatchObject({ reason: "invalid" });
    });

    it("rejects an ID token, which is not meant for the Manager", async () => {
      const tokens = await idp.signIn("Admin");
      await expect(verifierFor()(tokens.idToken)).rejects.toBeInstanceOf(InvalidTokenError);
    });

    it("rejects an expired token as expired", async () => {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ roles: ["Admin"] })
        .setProtectedHeader({ alg: "ES256", kid: "test" })
        .setIssuer("http://issuer.test")
        .setAudience("station-manager")
        .setSubject("someone")
        .setIssuedAt(now - 7200)
        .setExpirationTime(now - 3600)
        .sign(privateKey);
      const verify = createAccessTokenVerifier({
        issuer: "http://issuer.test",
        audience: "station-manager",
        jwks: { keys: [{ ...(await exportJWK(publicKey)), kid: "test", alg: "ES256" } as JsonWebKey] },
      });
      const failure = await verify(token).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(InvalidTokenError);
      expect(failure).toMatchObject({ reason: "expired" });
    });

    it("reads Azure AD B2C's extension_ claims and comma-separated roles", async () => {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const token = await new SignJWT({
        name: "B2C User",
        extension_OrganizationName: "Venue",
        extension_TenantId: "tenant-1",
        extension_Roles: "Owner, Admin",
      })
        .setProtectedHeader({ alg: "ES256" })
        .setIssuer("https://b2c.test/v2.0/")
        .setAudience("manager-app-id")
        .setSubject("b2c-subject")
        .setExpirationTime("5m")
        .sign(privateKey);
      const verify = createAccessTokenVerifier({
        issuer: "https://b2c.test/v2.0/",
        audience: "manager-app-id",
        jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: "ES256" } as JsonWebKey] },
      });
      await expect(verify(token)).resolves.toEqual({
        subject: "b2c-subject",
        name: "B2C User",
        organizationName: "Venue",
        tenantId: "tenant-1",
        roles: ["Owner", "Admin"],
      });
    });
  });

  describe("normalizeRoles", () => {
    it.each([
      [
        ["Owner", "Admin"],
        ["Owner", "Admin"],
      ],
      ["Moderator", ["Moderator"]],
      ["Admin, Moderator", ["Admin", "Moderator"]],
      [
        ["Admin", "Guest", 7, "Moderator"],
        ["Admin", "Moderator"],
      ],
      ["Guest,,Owner", ["Owner"]],
      [undefined, []],
      [{ role: "Admin" }, []],
    ])("normalises %j to %j", (claim, expected) => {
      expect(normalizeRoles(claim)).toEqual(expected);
    });
  });

  it("keeps end_session available", async () => {
    const discovery = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    const response = await fetch(
      `${idp.issuer}/session/end?client_id=${idp.clientId}&post_logout_redirect_uri=${encodeURIComponent(idp.redirectUri)}`,
    );
    expect(response.status).toBe(200);
  });
});

describe("development identity provider mounted under /oidc of another server", () => {
  let server: Server;
  let provider: IdentityProvider;
  let dataDirectory: string;
  let port: number;
  let issuer: string;
  const client = { clientId: "station-console", clientSecret: "mounted-secret" };

  beforeAll(async () => {
    dataDirectory = await mkdtemp(join(tmpdir(), "identity-mounted-"));
    const app = express();
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
    issuer = `http://127.0.0.1:${port}/oidc`;
    provider = await createIdentityProvider({
      issuer,
      managerAudience: "station-manager",
      managerScope: "manager.api",
      clients: [client],
      dataDirectory,
      consoleOrigins: "request",
    });
    app.use("/oidc", provider.handler);
    app.get("/login", (_req, res) => {
      res.send("console");
    });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await provider.close();
    await rm(dataDirectory, { recursive: true, force: true });
  });

  /** A GET with a Host header fetch() would not let us choose. */
  function getWithHost(path: string, host: string, cookie?: string) {
    return new Promise<{ status: number; location?: string; setCookie: string[]; body: string }>((resolve, reject) => {
      const outgoing = request(
        { host: "127.0.0.1", port, path, headers: { host, ...(cookie ? { cookie } : {}) } },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (body += chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              location: response.headers.location,
              setCookie: response.headers["set-cookie"] ?? [],
              body,
            }),
          );
        },
      );
      outgoing.on("error", reject);
      outgoing.end();
    });
  }

  it("keeps the browser on the host and mount path it used", async () => {
    const query = new URLSearchParams({
      client_id: client.clientId,
      response_type: "code",
      redirect_uri: "http://192.168.1.5:3000/login",
      scope: "openid profile offline_access manager.api",
      code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
      code_challenge_method: "S256",
    });
    const authorization = await getWithHost(`/oidc/auth?${query}`, "192.168.1.5:3000");
    expect(authorization.status).toBe(303);
    const interaction = new URL(authorization.location!);
    expect(interaction.origin).toBe("http://192.168.1.5:3000");
    expect(interaction.pathname).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    const cookie = authorization.setCookie.map((line) => line.split(";")[0]).join("; ");
    const page = await getWithHost(interaction.pathname, "192.168.1.5:3000", cookie);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`action="${interaction.pathname}"`);
  });

  it("sends codes only to the origin the authorization request reached", async () => {
    const query = (redirectUri: string) =>
      new URLSearchParams({
        client_id: client.clientId,
        response_type: "code",
        redirect_uri: redirectUri,
        scope: "openid profile",
        code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
        code_challenge_method: "S256",
      });
    for (const redirectUri of [
      "http://evil.example/login",
      "http://192.168.1.6:3000/login",
      "https://192.168.1.5:3000/login",
    ]) {
      const refused = await getWithHost(`/oidc/auth?${query(redirectUri)}`, "192.168.1.5:3000");
      expect(refused.status).toBe(400);
      expect(refused.location).toBeUndefined();
    }
  });

  it("signs in through another host name than the issuer's, and the tokens name the issuer", async () => {
    const tokens = await signInWithPassword({
      ...client,
      issuer,
      browserBaseUrl: `http://localhost:${port}/oidc`,
      redirectUri: `http://localhost:${port}/login`,
      username: "owner",
      password: "owner",
    });
    expect(decodeJwt(tokens.accessToken)).toMatchObject({ iss: issuer, aud: "station-manager", roles: ["Owner"] });
    const verify = createAccessTokenVerifier({ issuer, audience: "station-manager", jwks: new URL(`${issuer}/jwks`) });
    await expect(verify(tokens.accessToken)).resolves.toMatchObject({ name: "Olivia Owner" });
  });

  it("ignores X-Forwarded headers unless told to trust a proxy", async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "console.example.org" },
    });
    expect(((await response.json()) as Record<string, unknown>).token_endpoint).toBe(`${issuer}/token`);
  });

  it("advertises endpoints under the mount path", async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
    });
  });
});

describe("development identity provider across a restart", () => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startTestIdentityProvider();
  });
  afterAll(async () => {
    await idp?.close();
  });

  it("keeps its signing keys, so a token issued before the restart verifies after it", async () => {
    const tokens = await idp.signIn("Admin");
    const keysBefore = idp.provider.jwks;
    await idp.restart();
    expect(idp.provider.jwks).toEqual(keysBefore);
    const verify = createAccessTokenVerifier({
      issuer: idp.issuer,
      audience: idp.managerAudience,
      jwks: idp.provider.jwks,
    });
    await expect(verify(tokens.accessToken)).resolves.toMatchObject({ roles: ["Admin"] });
  });

  it("keeps refresh tokens", async () => {
    const tokens = await idp.signIn("Moderator");
    await idp.restart();
    const refreshed = await refreshTokens({
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      refreshToken: tokens.refreshToken,
    });
    expect(decodeJwt(refreshed.accessToken)).toMatchObject({ sub: demoAccounts[2]!.subject, roles: ["Moderator"] });
  });
});

describe("development identity provider in standalone mode", () => {
  it("listens on its own port and builds endpoint URLs from the address the caller used", async () => {
    const dataDirectory = await mkdtemp(join(tmpdir(), "identity-standalone-"));
    const provider = await createIdentityProvider({
      issuer: "http://127.0.0.1:5101",
      managerAudience: "station-manager",
      managerScope: "manager.api",
      clients: [{ clientId: "station-console", clientSecret: "secret" }],
      dataDirectory,
    });
    const listening = await listenIdentityProvider(provider, "127.0.0.1", 0);
    try {
      expect(listening.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const discovery = (await (await fetch(`${listening.url}/.well-known/openid-configuration`)).json()) as Record<
        string,
        unknown
      >;
      expect(discovery).toMatchObject({ issuer: "http://127.0.0.1:5101", token_endpoint: `${listening.url}/token` });
    } finally {
      await listening.close();
      await provider.close();
      await rm(dataDirectory, { recursive: true, force: true });
    }
  });

  it("builds URLs from X-Forwarded headers behind a trusted reverse proxy", async () => {
    const dataDirectory = await mkdtemp(join(tmpdir(), "identity-proxied-"));
    const provider = await createIdentityProvider({
      issuer: "https://console.example.org/oidc",
      managerAudience: "station-manager",
      managerScope: "manager.api",
      clients: [{ clientId: "station-console", clientSecret: "secret" }],
      dataDirectory,
      trustProxy: true,
    });
    const listening = await listenIdentityProvider(provider, "127.0.0.1", 0);
    try {
      const response = await fetch(`${listening.url}/.well-known/openid-configuration`, {
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "console.example.org" },
      });
      expect(((await response.json()) as Record<string, unknown>).token_endpoint).toBe(
        "https://console.example.org/token",
      );
    } finally {
      await listening.close();
      await provider.close();
      await rm(dataDirectory, { recursive: true, force: true });
    }
  });
});

describe("development identity provider rotating refresh tokens (the multi-instance test's)", () => {
  let idp: TestIdentityProvider;

  beforeAll(async () => {
    idp = await startTestIdentityProvider({ rotateRefreshTokens: true });
  });
  afterAll(async () => {
    await idp?.close();
  });

  const refreshWith = (refreshToken: string) =>
    refreshTokens({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, refreshToken });

  it("answers a refresh with a new refresh token, and counts the refreshes", async () => {
    const tokens = await idp.signIn("Admin");
    const before = idp.provider.refreshes();
    const refreshed = await refreshWith(tokens.refreshToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    await refreshWith(refreshed.refreshToken);
    expect(idp.provider.refreshes()).toBe(before + 2);
  });

  it("refuses a refresh token used twice and revokes the grant, as production providers do", async () => {
    const tokens = await idp.signIn("Owner");
    const refreshed = await refreshWith(tokens.refreshToken);
    await expect(refreshWith(tokens.refreshToken)).rejects.toMatchObject({
      error: "invalid_grant",
    } satisfies Partial<TokenRequestError>);
    await expect(refreshWith(refreshed.refreshToken)).rejects.toMatchObject({
      error: "invalid_grant",
    } satisfies Partial<TokenRequestError>);
  });
});
