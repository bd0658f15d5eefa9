import type { Middleware } from "koa";

/**
 * oidc-provider drops `offline_access` from an authorization request unless it carries
 * `prompt=consent`; remix-auth-oauth2 never sends that prompt but resends every scope,
 * `offline_access` included, when it refreshes, and the refresh then fails with
 * invalid_scope. The sign-in page is where the user of these first-party clients consents,
 * so their requests for offline access are treated as asking for that consent.
 */
export function treatOfflineAccessAsConsent({
  authorizationPath,
  clientIds,
}: {
  authorizationPath: string;
  clientIds: ReadonlySet<string>;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.method === "GET" && ctx.path === authorizationPath) {
      const { scope, prompt, client_id: clientId } = ctx.query;
      const scopes = typeof scope === "string" ? scope.split(" ") : [];
      const prompts = typeof prompt === "string" ? prompt.split(" ").filter(Boolean) : [];
      if (
        typeof clientId === "string" &&
        clientIds.has(clientId) &&
        scopes.includes("offline_access") &&
        !prompts.includes("consent") &&
        !prompts.includes("none")
      ) {
        ctx.query = { ...ctx.query, prompt: [...prompts, "consent"].join(" ") };
      }
    }
    await next();
  };
}
