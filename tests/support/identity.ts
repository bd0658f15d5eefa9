// Signs in through the development identity provider the way a browser and the console do:
// authorization request with PKCE, the sign-in form, the redirects by hand with cookies
// carried, then the code exchanged at the token endpoint.
import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Role } from "../../app/contract/enums";
import {
  createIdentityProvider,
  demoAccounts,
  type IdentityProvider,
  type IdentityProviderOptions,
} from "../../simulator/identity";

export interface TokenSet {
  accessToken: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
}

export const defaultScopes = ["openid", "profile", "offline_access", "manager.api"];

export interface SignInOptions {
  issuer: string;
  /** Where the "browser" reaches the provider, when that differs from the issuer (another host, a proxy). */
  browserBaseUrl?: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  username: string;
  password: string;
  scopes?: string[];
  /** A browser's cookies, to run several authorizations in one browser. */
  cookies?: CookieJar;
}

/** The sign-in page answered again instead of redirecting: the credentials were refused. */
export class SignInRejectedError extends Error {
  constructor(readonly page: string) {
    super("the identity provider showed the sign-in form again");
    this.name = "SignInRejectedError";
  }
}

export async function signInWithPassword(options: SignInOptions): Promise<TokenSet> {
  const code = await authorize(options);
  return tokenRequest(options.issuer, options.clientId, options.clientSecret, {
    grant_type: "authorization_code",
    code: code.code,
    redirect_uri: options.redirectUri,
    code_verifier: code.verifier,
  });
}

export async function refreshTokens(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  /** Sent as the `scope` parameter; remix-auth-oauth2 resends every scope it signed in with. */
  scopes?: string[];
}): Promise<TokenSet> {
  const scopes = options.scopes ?? defaultScopes;
  return tokenRequest(options.issuer, options.clientId, options.clientSecret, {
    grant_type: "refresh_token",
    refresh_token: options.refreshToken,
    ...(scopes.length ? { scope: scopes.join(" ") } : {}),
  });
}

/** Runs the browser's part of the flow and returns the authorization code with its PKCE verifier. */
export async function authorize(options: SignInOptions): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(32).toString("base64url");
  const state = randomBytes(16).toString("base64url");
  const base = (options.browserBaseUrl ?? options.issuer).replace(/\/$/, "");
  const authorizationUrl = new URL(`${base}/auth`);
  authorizationUrl.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: "code",
    redirect_uri: options.redirectUri,
    scope: (options.scopes ?? defaultScopes).join(" "),
    state,
    nonce: randomBytes(16).toString("base64url"),
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();

  const cookies = options.cookies ?? new CookieJar();
  let response = await cookies.fetch(authorizationUrl);
  let credentialsSent = false;
  for (let step = 0; step < 20; step += 1) {
    const location = response.headers.get("location");
    if (location) {
      const next = new URL(location, response.url);
      if (withoutQuery(next) === withoutQuery(new URL(options.redirectUri))) {
        return { code: authorizationResponse(next, state), verifier };
      }
      response = await cookies.fetch(next);
      continue;
    }
    const page = await response.text();
    if (response.headers.get("content-type")?.startsWith("text/html") && /name="password"/.test(page)) {
      if (credentialsSent) throw new SignInRejectedError(page);
      credentialsSent = true;
      response = await cookies.fetch(new URL(formAction(page), response.url), {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ username: options.username, password: options.password }).toString(),
      });
      continue;
    }
    throw new Error(`unexpected answer ${response.status} from ${response.url}: ${page.slice(0, 500)}`);
  }
  throw new Error("too many redirects during sign-in");
}

function withoutQuery(url: URL): string {
  return url.origin + url.pathname;
}

function authorizationResponse(redirect: URL, state: string): string {
  const error = redirect.searchParams.get("error");
  if (error) throw new Error(`authorization failed: ${error} ${redirect.searchParams.get("error_description") ?? ""}`);
  if (redirect.searchParams.get("state") !== state) throw new Error("authorization response carries another state");
  const code = redirect.searchParams.get("code");
  if (!code) throw new Error(`authorization response without a code: ${redirect.href}`);
  return code;
}

function formAction(page: string): string {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(page)?.[1];
  if (action === undefined) throw new Error("sign-in page without a form action");
  return action.replaceAll("&amp;", "&");
}

async function tokenRequest(
  issuer: string,
  clientId: string,
  clientSecret: string,
  body: Record<string, string>,
): Promise<TokenSet> {
  const response = await fetch(`${issuer.replace(/\/$/, "")}/token`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`).toString("base64")}`,
    },
    body: new URLSearchParams(body).toString(),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok)
    throw new TokenRequestError(response.status, String(answer.error), String(answer.error_description ?? ""));
  return {
    accessToken: String(answer.access_token),
    refreshToken: String(answer.refresh_token ?? body.refresh_token ?? ""),
    idToken: String(answer.id_token ?? ""),
    expiresIn: Number(answer.expires_in),
  };
}

export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(`token request failed (${status}): ${error} ${description}`);
    this.name = "TokenRequestError";
  }
}

/** Just enough of a browser's cookie store: name, path and deletion; one host per flow. */
export class CookieJar {
  private readonly cookies = new Map<string, { name: string; value: string; path: string }>();

  /** The Cookie header this jar sends to a URL. */
  header(url: URL): string {
    return [...this.cookies.values()]
      .filter(
        (cookie) =>
          url.pathname === cookie.path ||
          url.pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`),
      )
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  async fetch(url: URL, init: RequestInit = {}): Promise<Response> {
    const header = this.header(url);
    const headers = new Headers(init.headers);
    if (header) headers.set("cookie", header);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(line, url);
    return response;
  }

  private store(line: string, url: URL) {
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    const separator = pair.indexOf("=");
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const attribute = (key: string) =>
      attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
    const path = attribute("path") ?? (url.pathname.replace(/\/[^/]*$/, "") || "/");
    const expires = attribute("expires");
    const key = `${name} ${path}`;
    if (value === "" || (expires && Date.parse(expires) <= Date.now()) || attribute("max-age") === "0") {
      this.cookies.delete(key);
    } else {
      this.cookies.set(key, { name, value, path });
    }
  }
}

export interface TestIdentityProvider {
  issuer: string;
  provider: IdentityProvider;
  clientId: string;
  clientSecret: string;
  managerAudience: string;
  managerScope: string;
  redirectUri: string;
  dataDirectory: string;
  /** Closes the provider and creates it again on the same issuer and data directory. */
  restart(): Promise<void>;
  /** Signs in as the first demo account with this role, or as this username. */
  signIn(roleOrUsername: Role | string, options?: { scopes?: string[] }): Promise<TokenSet>;
  close(): Promise<void>;
}

/**
 * A provider on an ephemeral loopback port with its own temporary data directory. Pass a
 * dataDirectory to reuse one (a restart); it is then left in place on close.
 */
export async function startTestIdentityProvider(
  overrides: Partial<Omit<IdentityProviderOptions, "issuer" | "clients">> = {},
): Promise<TestIdentityProvider> {
  const ownsDirectory = overrides.dataDirectory === undefined;
  const dataDirectory = overrides.dataDirectory ?? (await mkdtemp(join(tmpdir(), "identity-test-")));
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const clientId = "station-console";
  const clientSecret = "station-console-test-secret";
  const managerAudience = overrides.managerAudience ?? "station-manager";
  const managerScope = overrides.managerScope ?? "manager.api";
  const redirectUri = "http://localhost:3000/login";
  const create = () =>
    createIdentityProvider({
      managerAudience,
      managerScope,
      ...overrides,
      issuer,
      clients: [{ clientId, clientSecret }],
      dataDirectory,
    });
  let provider = await create();
  handler = provider.handler;

  return {
    issuer,
    get provider() {
      return provider;
    },
    clientId,
    clientSecret,
    managerAudience,
    managerScope,
    redirectUri,
    dataDirectory,
    async restart() {
      await provider.close();
      provider = await create();
      handler = provider.handler;
    },
    signIn(roleOrUsername, options = {}) {
      const account =
        demoAccounts.find((candidate) => candidate.username === roleOrUsername) ??
        demoAccounts.find((candidate) => candidate.roles[0] === roleOrUsername);
      if (!account) throw new Error(`no demo account for ${roleOrUsername}`);
      return signInWithPassword({
        issuer,
        clientId,
        clientSecret,
        redirectUri,
        username: account.username,
        password: account.password,
        scopes: options.scopes ?? ["openid", "profile", "offline_access", managerScope],
      });
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await provider.close();
      if (ownsDirectory) await rm(dataDirectory, { recursive: true, force: true });
    },
  };
}
