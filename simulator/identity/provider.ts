import type { IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import Provider from "oidc-provider";
import { buildConfiguration } from "./configuration";
import { pageHeaders, renderMessagePage } from "./html";
import type { FailedSignInOptions } from "./failed-sign-ins";
import { createInteractionHandler } from "./interactions";
import { loadOrCreateCookieKeys, loadOrCreateSigningKeys, type SigningKeys } from "./keys";
import { treatOfflineAccessAsConsent } from "./offline-access";
import { isConsoleLoginUri, type ConsoleOrigins } from "./redirect-uris";
import { openSqliteAdapterStore, type SqliteAdapterStore } from "./sqlite-adapter";

export interface IdentityProviderOptions {
  /** e.g. "http://127.0.0.1:5101" (standalone) or "http://localhost:3000/oidc" (mounted under the console's origin) */
  issuer: string;
  /** audience of access tokens for the Manager, e.g. "station-manager" */
  managerAudience: string;
  /** the API scope the console requests, e.g. "manager.api" */
  managerScope: string;
  clients: Array<{ clientId: string; clientSecret: string }>;
  /** where signing keys and the provider's storage live (created if missing) */
  dataDirectory: string;
  /** default 900 */
  accessTokenTtlSeconds?: number;
  /** default false (configuration.ts) */
  rotateRefreshTokens?: boolean;
  /**
   * Build URLs from X-Forwarded-Proto/Host, for an embedding server behind a TLS-terminating
   * reverse proxy it trusts (express "trust proxy"). Default false: the request's own Host.
   */
  trustProxy?: boolean;
  /** The limit on wrong passwords per account (failed-sign-ins.ts); default 10 in 10 minutes. */
  failedSignIns?: FailedSignInOptions;
  /** Which origins' `/login` the console's clients may name (redirect-uris.ts); default "loopback". */
  consoleOrigins?: ConsoleOrigins;
}

export interface IdentityProvider {
  issuer: string;
  /** Mountable: a standalone http server, or express `app.use("/oidc", handler)` before any body parser. */
  handler: (req: IncomingMessage, res: ServerResponse) => void;
  /** Public keys, for verifiers in the same process. */
  jwks: { keys: JsonWebKey[] };
  /** How many refresh grants the provider has answered, for the test controls. */
  refreshes(): number;
  close(): Promise<void>;
}

const interactionPath = /^\/interaction\/([\w-]+)$/;

export async function createIdentityProvider(options: IdentityProviderOptions): Promise<IdentityProvider> {
  const signingKeys = await loadOrCreateSigningKeys(options.dataDirectory);
  const store = openSqliteAdapterStore(join(options.dataDirectory, "identity.sqlite"));
  const clientIds = new Set(options.clients.map((client) => client.clientId));
  try {
    return assembleProvider(options, signingKeys, store, clientIds);
  } catch (error) {
    store.close();
    throw error;
  }
}

function assembleProvider(
  options: IdentityProviderOptions,
  signingKeys: SigningKeys,
  store: SqliteAdapterStore,
  clientIds: ReadonlySet<string>,
): IdentityProvider {
  const provider = new Provider(
    options.issuer,
    buildConfiguration({
      issuer: options.issuer,
      managerAudience: options.managerAudience,
      managerScope: options.managerScope,
      clients: options.clients,
      accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 900,
      rotateRefreshTokens: options.rotateRefreshTokens ?? false,
      signingKeys: signingKeys.privateJwks,
      cookieKeys: loadOrCreateCookieKeys(options.dataDirectory),
      adapter: (model: string) => store.adapterFor(model),
    }),
  );

  provider.proxy = options.trustProxy ?? false;
  allowConsoleLoginUris(provider, clientIds, options.consoleOrigins ?? "loopback");
  provider.use(
    treatOfflineAccessAsConsent({ authorizationPath: provider.pathFor("authorization", { mountPath: "" }), clientIds }),
  );
  let refreshes = 0;
  provider.on("grant.success", (ctx: { oidc: { params?: { grant_type?: unknown } } }) => {
    if (ctx.oidc.params?.grant_type === "refresh_token") refreshes += 1;
  });
  provider.on("server_error", (_ctx: unknown, error: unknown) => {
    console.error("[identity] server error", error);
  });

  const handleInteraction = createInteractionHandler(provider, options.failedSignIns);
  const handleProtocol = provider.callback();

  return {
    issuer: options.issuer,
    handler(req, res) {
      const match = interactionPath.exec(new URL(req.url ?? "/", "http://placeholder").pathname);
      if (!match?.[1]) {
        void handleProtocol(req, res);
        return;
      }
      handleInteraction(req, res, match[1]).catch((error: unknown) => {
        console.error("[identity] interaction failed", error);
        if (res.headersSent) {
          res.destroy();
          return;
        }
        res.writeHead(500, pageHeaders).end(
          renderMessagePage({
            title: "Sign-in problem",
            message: "Something went wrong. Return to the Station Console and sign in again.",
          }),
        );
      });
    },
    jwks: signingKeys.publicJwks,
    refreshes: () => refreshes,
    async close() {
      store.close();
    },
  };
}

/** These clients accept their console's `/login` (redirect-uris.ts); other clients keep their registered lists. */
function allowConsoleLoginUris(provider: Provider, clientIds: ReadonlySet<string>, origins: ConsoleOrigins) {
  const { prototype } = provider.Client;
  const registeredRedirectUriAllowed = prototype.redirectUriAllowed;
  const registeredPostLogoutRedirectUriAllowed = prototype.postLogoutRedirectUriAllowed;
  // The request being served (oidc-provider keeps it in an AsyncLocalStorage): its origin is the
  // one the browser used, from X-Forwarded-* only where the provider trusts them (embedded).
  const requestOrigin = () => {
    const ctx = Provider.ctx;
    return ctx ? URL.parse(`${ctx.protocol}://${ctx.host}`)?.origin : undefined;
  };
  prototype.redirectUriAllowed = function redirectUriAllowed(value) {
    return clientIds.has(this.clientId)
      ? isConsoleLoginUri(value, origins, requestOrigin())
      : registeredRedirectUriAllowed.call(this, value);
  };
  prototype.postLogoutRedirectUriAllowed = function postLogoutRedirectUriAllowed(value) {
    return clientIds.has(this.clientId)
      ? isConsoleLoginUri(value, origins, requestOrigin())
      : registeredPostLogoutRedirectUriAllowed.call(this, value);
  };
}
