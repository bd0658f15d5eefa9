// Sign-in strategies, one per browser-facing origin: the redirect URL (and, for the embedded
// development provider, the authorization endpoint) follow PUBLIC_URL or the request's host, so
// a kiosk elsewhere on the network signs in through the address it used.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { MicrosoftStrategy } from "remix-auth-microsoft";
import { OAuth2Strategy } from "remix-auth-oauth2";
import type { SessionTokens } from "~/auth/session.server";
import { userFromClaims, type SessionUser } from "~/auth/user";
import type { IdentityConfig } from "~/config.server";
import { getRuntime } from "~/runtime.server";

export interface SignedIn {
  user: SessionUser;
  tokens: SessionTokens;
}

type OAuth2Tokens = Parameters<ConstructorParameters<typeof OAuth2Strategy<SignedIn>>[1]>[0]["tokens"];

interface ProviderMetadata {
  issuer: string;
  jwks: JWTVerifyGetKey;
  /** RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0); null when the provider has none. */
  endSessionEndpoint: string | null;
}

const metadataCache = new Map<string, Promise<ProviderMetadata>>();
const strategyCache = new Map<string, Promise<OAuth2Strategy<SignedIn>>>();
const maxCachedOrigins = 16;

/** The origin the browser sees: PUBLIC_URL when set, else the request's own (proxy-aware). */
export function browserOrigin(request: Request) {
  return getRuntime().config.publicUrl ?? new URL(request.url).origin;
}

function discoveryUrl(identity: IdentityConfig): string {
  switch (identity.kind) {
    case "development":
      return `${getRuntime().embeddedIdentity!.internalIssuer}/.well-known/openid-configuration`;
    case "oidc":
      return `${identity.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
    case "azure-b2c":
      return identity.metadataUrl;
    case "entra-id":
      return `https://login.microsoftonline.com/${identity.tenantId}/v2.0/.well-known/openid-configuration`;
  }
}

async function fetchMetadata(url: string): Promise<ProviderMetadata> {
  const response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`Identity provider metadata at ${url} answered ${response.status}`);
  const document = (await response.json()) as { issuer: string; jwks_uri: string; end_session_endpoint?: unknown };
  return {
    issuer: document.issuer,
    jwks: createRemoteJWKSet(new URL(document.jwks_uri)),
    endSessionEndpoint: typeof document.end_session_endpoint === "string" ? document.end_session_endpoint : null,
  };
}

function providerMetadata(url: string) {
  let metadata = metadataCache.get(url);
  if (!metadata) {
    metadata = fetchMetadata(url);
    metadataCache.set(url, metadata);
    // A failed discovery must not stick: the next sign-in tries again.
    metadata.catch(() => metadataCache.delete(url));
  }
  return metadata;
}

/** ID tokens are verified here: remix-auth-oauth2 checks neither signature, issuer nor audience. */
async function verifyIdToken(identity: IdentityConfig, idToken: string) {
  const metadata = await providerMetadata(discoveryUrl(identity));
  // Entra's multi-tenant metadata names the issuer with a {tenantid} placeholder.
  const issuer = metadata.issuer.includes("{tenantid}") ? undefined : metadata.issuer;
  const { payload } = await jwtVerify(idToken, metadata.jwks, { issuer, audience: identity.clientId });
  return payload as Record<string, unknown>;
}

function optionalText(data: object, key: string): string | null {
  const value = (data as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

export function tokensFrom(oauthTokens: OAuth2Tokens, previous?: SessionTokens): SessionTokens {
  const now = Date.now();
  const expiresIn = (oauthTokens.data as Record<string, unknown>).expires_in;
  return {
    accessToken: oauthTokens.accessToken(),
    refreshToken: optionalText(oauthTokens.data, "refresh_token") ?? previous?.refreshToken ?? null,
    idToken: optionalText(oauthTokens.data, "id_token") ?? previous?.idToken ?? null,
    expiresAt: now + (typeof expiresIn === "number" ? expiresIn : 3600) * 1000,
    refreshedAt: now,
  };
}

async function signedInFrom(identity: IdentityConfig, oauthTokens: OAuth2Tokens): Promise<SignedIn> {
  const tokens = tokensFrom(oauthTokens);
  if (!tokens.idToken) throw new Error("The identity provider answered without an ID token");
  const claims = await verifyIdToken(identity, tokens.idToken);
  return { user: userFromClaims(claims), tokens };
}

/** The development provider drops offline_access on refresh unless asked for consent; asking
 * for no scopes on refresh keeps the ones originally granted. */
class DevelopmentStrategy extends OAuth2Strategy<SignedIn> {
  override refreshToken(refreshToken: string) {
    return this.client.refreshAccessToken(this.options.tokenEndpoint.toString(), refreshToken, []);
  }
}

async function createStrategy(
  origin: string,
  identity: IdentityConfig,
  flow: "signIn" | "passwordReset",
): Promise<OAuth2Strategy<SignedIn>> {
  const secure = origin.startsWith("https:");
  const common = {
    clientId: identity.clientId,
    clientSecret: identity.clientSecret,
    redirectURI: `${origin}/login`,
    scopes: identity.scopes,
    cookie: {
      name: "oauth2",
      httpOnly: true as const,
      sameSite: "Lax" as const,
      path: "/",
      maxAge: 600,
      ...(secure ? { secure: true as const } : {}),
    },
  };
  const verify = ({ tokens }: { tokens: OAuth2Tokens }) => signedInFrom(identity, tokens);

  switch (identity.kind) {
    case "development": {
      const embedded = getRuntime().embeddedIdentity!;
      return DevelopmentStrategy.discover<SignedIn, DevelopmentStrategy>(
        embedded.internalIssuer,
        { ...common, authorizationEndpoint: `${origin}${embedded.browserPath}/auth` },
        verify,
      );
    }
    case "oidc":
      return OAuth2Strategy.discover<SignedIn>(identity.issuer, common, verify);
    case "azure-b2c": {
      const metadataUrl =
        flow === "passwordReset" && identity.passwordResetMetadataUrl
          ? identity.passwordResetMetadataUrl
          : identity.metadataUrl;
      return OAuth2Strategy.discover<SignedIn>(metadataUrl, common, verify);
    }
    case "entra-id":
      return new MicrosoftStrategy<SignedIn>({ ...common, tenantId: identity.tenantId }, verify);
  }
}

export function getStrategy(request: Request, flow: "signIn" | "passwordReset" = "signIn") {
  const origin = browserOrigin(request);
  const key = `${flow} ${origin}`;
  const cached = strategyCache.get(key);
  if (cached) return cached;
  // Host headers are client-chosen: keep the cache bounded.
  if (strategyCache.size >= maxCachedOrigins) strategyCache.delete(strategyCache.keys().next().value!);
  const strategy: Promise<OAuth2Strategy<SignedIn>> = createStrategy(origin, getRuntime().config.identity, flow);
  strategyCache.set(key, strategy);
  strategy.catch(() => strategyCache.delete(key));
  return strategy;
}

/**
 * Where the browser goes after the console's own session has ended, so that the provider's
 * single sign-on session ends too: the provider's end-session endpoint with the user's ID token
 * as the hint and `/login` as the way back (the address sign-in already returns to, so nothing
 * more needs registering). Null when the provider offers no such endpoint or cannot be reached.
 */
export async function providerSignOutUrl(
  request: Request,
  options: { idToken: string | null; state: string },
): Promise<string | null> {
  const { config, embeddedIdentity } = getRuntime();
  const origin = browserOrigin(request);
  let endpoint: string | null;
  try {
    endpoint = (await providerMetadata(discoveryUrl(config.identity))).endSessionEndpoint;
  } catch {
    return null;
  }
  if (!endpoint) return null;
  // The embedded provider's metadata names its internal address; browsers reach it under /oidc.
  const url =
    config.identity.kind === "development" && embeddedIdentity && endpoint.startsWith(embeddedIdentity.internalIssuer)
      ? new URL(`${origin}${embeddedIdentity.browserPath}${endpoint.slice(embeddedIdentity.internalIssuer.length)}`)
      : new URL(endpoint);
  if (options.idToken) url.searchParams.set("id_token_hint", options.idToken);
  url.searchParams.set("client_id", config.identity.clientId);
  url.searchParams.set("post_logout_redirect_uri", `${origin}/login`);
  url.searchParams.set("state", options.state);
  return url.href;
}

/** A refresh with the origin-independent part of any strategy (the token endpoint). */
export async function refreshTokens(request: Request, previous: SessionTokens): Promise<SessionTokens> {
  if (!previous.refreshToken) throw new RefreshRejectedError("no refresh token");
  const strategy = await getStrategy(request);
  const oauthTokens = await strategy.refreshToken(previous.refreshToken);
  return tokensFrom(oauthTokens, previous);
}

export class RefreshRejectedError extends Error {
  constructor(reason: string) {
    super(`Token refresh rejected: ${reason}`);
    this.name = "RefreshRejectedError";
  }
}
