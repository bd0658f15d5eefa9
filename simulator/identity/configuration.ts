import type { Configuration, CookiesSetOptions, KoaContextWithOIDC, Session } from "oidc-provider";
import { errors, interactionPolicy } from "oidc-provider";
import type { JWK } from "jose";
import { accountClaims, findDemoAccountBySubject } from "./accounts";
import { escapeHtml, pageHeaders, renderMessagePage, renderPage } from "./html";

export interface ConfigurationInput {
  issuer: string;
  managerAudience: string;
  managerScope: string;
  clients: Array<{ clientId: string; clientSecret: string }>;
  accessTokenTtlSeconds: number;
  /** Rotate refresh tokens as production providers do: a refresh token used twice revokes the grant. */
  rotateRefreshTokens: boolean;
  signingKeys: { keys: JWK[] };
  cookieKeys: string[];
  adapter: Configuration["adapter"];
}

/**
 * oidc-provider wants resource indicators to be absolute URIs; the Manager's audience is a
 * plain name ("station-manager"), so the resource has a fixed URN and carries the audience.
 */
export const managerResourceIndicator = "urn:station-console:manager";

const hour = 60 * 60;
const day = 24 * hour;
const refreshTokenTtlSeconds = 14 * day;

export function buildConfiguration(input: ConfigurationInput): Configuration {
  const defaultLoginUri = new URL("/login", input.issuer).href;
  // The session cookie stays under the provider's mount path, out of the console's way.
  const sessionCookiePath = new URL(input.issuer).pathname.replace(/\/$/, "") || "/";
  const longCookie = { httpOnly: true, sameSite: "lax" as const, path: sessionCookiePath };

  return {
    adapter: input.adapter,
    jwks: input.signingKeys as Configuration["jwks"],
    clients: input.clients.map(({ clientId, clientSecret }) => ({
      client_id: clientId,
      client_secret: clientSecret,
      // Nominal: the rule in redirect-uris.ts decides which origins' /login these clients may name.
      redirect_uris: [defaultLoginUri],
      post_logout_redirect_uris: [defaultLoginUri],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      // Every authorization signs in afresh (and signInEveryTime() holds it whatever max_age or
      // prompt a request names): the next person at a kiosk must type a password.
      default_max_age: 0,
    })),
    clientAuthMethods: ["client_secret_basic", "client_secret_post"],
    claims: {
      openid: ["sub"],
      profile: ["name", "organizationName", "roles", "tenantId"],
    },
    scopes: ["openid", "profile", "offline_access"],
    // The console reads the profile from the ID token, not from userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: {
      names: { session: "oidc_session", interaction: "oidc_interaction", resume: "oidc_interaction_resume" },
      keys: input.cookieKeys,
      long: longCookie,
      short: { httpOnly: true, sameSite: "lax" },
    },
    features: {
      devInteractions: { enabled: false },
      // The offline_access handling (offline-access.ts) reads the authorization query.
      pushedAuthorizationRequests: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: { enabled: true, logoutSource: logoutSource(longCookie), postLogoutSuccessSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => managerResourceIndicator,
        // With the openid scope oidc-provider would otherwise aim the access token at userinfo.
        useGrantedResource: async () => true,
        getResourceServerInfo: async (_ctx, resourceIndicator) => {
          if (resourceIndicator !== managerResourceIndicator) throw new errors.InvalidTarget();
          return {
            scope: input.managerScope,
            audience: input.managerAudience,
            accessTokenTTL: input.accessTokenTtlSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "RS256" } },
          };
        },
      },
    },
    findAccount: async (_ctx, subject) => {
      const account = findDemoAccountBySubject(subject);
      if (!account) return undefined;
      return { accountId: account.subject, claims: async () => ({ sub: account.subject, ...accountClaims(account) }) };
    },
    extraTokenClaims: async (_ctx, token) => {
      const account = "accountId" in token && token.accountId ? findDemoAccountBySubject(token.accountId) : undefined;
      return account ? accountClaims(account) : undefined;
    },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    // Off by default, a forgiving development provider: with rotation, a second refresh with one
    // token presents a consumed token and oidc-provider revokes the whole grant. The
    // multi-instance test turns it on to prove the console refreshes once across instances.
    rotateRefreshToken: input.rotateRefreshTokens,
    // Sessions are never reused (default_max_age 0), so tokens must not die with them.
    expiresWithSession: async () => false,
    ttl: {
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? input.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: input.accessTokenTtlSeconds,
      RefreshToken: refreshTokenTtlSeconds,
      Grant: refreshTokenTtlSeconds,
      Session: day,
      Interaction: hour,
    },
    interactions: {
      policy: signInEveryTime(),
      // Absolute and derived from the request, so the browser stays on the host and mount
      // path it used (oidc-provider builds every other URL the same way).
      url: async (ctx, interaction) => new URL(`interaction/${interaction.uid}`, ctx.oidc.urlFor("authorization")).href,
    },
    clientBasedCORS: () => false,
    renderError,
  };
}

async function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
  ctx.set(pageHeaders);
  ctx.body = renderMessagePage({
    title: "Sign-in problem",
    message: `${out.error_description ?? out.error}. Return to the Station Console and sign in again.`,
  });
}

/**
 * The development provider never answers an authorization from an earlier sign-in: a request may
 * name `max_age=86400` or `prompt=none`, and still gets the sign-in form (or login_required)
 * unless this very authorization has just asked for the password. A provider session left behind
 * on a shared kiosk is then worth nothing to the next person.
 */
function signInEveryTime() {
  const policy = interactionPolicy.base();
  policy
    .get("login")!
    .checks.add(
      new interactionPolicy.Check(
        "sign_in_every_time",
        "Every authorization asks for the password",
        "login_required",
        (ctx) =>
          ctx.oidc.result?.login ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );
  return policy;
}

/**
 * RP-initiated logout. Sent by the console's own "Log out" (a POST the user confirmed there) with
 * the ID token as a hint that oidc-provider has verified, the sign-out finishes at once — on a
 * kiosk without JavaScript a second confirmation would be one more step to leave undone. Without
 * a valid hint (a link from anywhere) the provider asks, as oidc-provider does by default.
 */
const logoutSource = (sessionCookie: CookiesSetOptions) => async (ctx: KoaContextWithOIDC, form: string) => {
  const session = ctx.oidc.session;
  if (ctx.oidc.entities.IdTokenHint && ctx.oidc.client && session?.state?.postLogoutRedirectUri) {
    await endSessionNow(ctx, session, sessionCookie);
    return;
  }
  ctx.set(pageHeaders);
  ctx.body = renderPage({
    title: "Sign out – Station Console",
    body: `<h1>Sign out</h1>
<p>Do you want to sign out of the development sign-in at ${escapeHtml(ctx.host)}?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
  });
};

async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.set(pageHeaders);
  ctx.body = renderMessagePage({ title: "Signed out", message: "You have signed out of the development sign-in." });
}

/** What oidc-provider's end-session confirmation does when the user says "yes": every grant of the session revoked, the session gone, back to the client. */
async function endSessionNow(ctx: KoaContextWithOIDC, session: Session, sessionCookie: CookiesSetOptions) {
  const { provider } = ctx.oidc;
  const { state, postLogoutRedirectUri } = session.state as { state?: string; postLogoutRedirectUri: string };
  const grantIds = Object.values(session.authorizations ?? {}).flatMap(({ grantId }) => (grantId ? [grantId] : []));
  await Promise.all(
    grantIds.map(async (grantId) => {
      await Promise.all([
        provider.AccessToken.revokeByGrantId(grantId),
        provider.RefreshToken.revokeByGrantId(grantId),
        provider.AuthorizationCode.revokeByGrantId(grantId),
      ]);
      await (await provider.Grant.find(grantId))?.destroy();
    }),
  );
  await session.destroy();
  ctx.cookies.set(provider.cookieName("session"), null, sessionCookie);
  const target = new URL(postLogoutRedirectUri);
  if (state !== undefined) target.searchParams.set("state", state);
  provider.emit("end_session.success", ctx);
  ctx.status = 303;
  ctx.redirect(target.href);
}
