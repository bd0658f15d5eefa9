// requireUser: every loader and action starts here. It signs the visitor in (or sends them to
// /login with the way back), keeps the access token fresh, checks the permission on the server
// and hands out a Manager client bound to the user's token.
import { redirect } from "@remix-run/node";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { refreshTokens } from "~/auth/identity.server";
import { can, type PermissionAction } from "~/domain/permissions";
import { noteOwnWrite } from "~/auth/own-writes.server";
import { refreshOnce } from "~/auth/refresh-once.server";
import { destroySession, getSession, type ConsoleSession, type SessionTokens } from "~/auth/session.server";
import type { SessionUser } from "~/auth/user";
import { currentPath, errorPage } from "~/error-pages.server";
import { createManagerClient, type ManagerClient } from "~/manager/http.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { offerSessionInBackground } from "~/listening/sampler-session.server";

/** The spec refreshes every 20 minutes; refresh earlier when the token is about to expire. */
const refreshEvery = 20 * 60 * 1000;
const refreshMargin = 2 * 60 * 1000;

export interface SignedInContext {
  user: SessionUser;
  session: ConsoleSession;
  manager: ManagerClient;
}

const refreshing = new Map<string, Promise<SessionTokens>>();

export function needsRefresh(tokens: SessionTokens, now = Date.now()) {
  return tokens.expiresAt - now < refreshMargin || now - tokens.refreshedAt > refreshEvery;
}

/**
 * One refresh per session at a time: single fetch runs the loaders of a page in parallel (one
 * promise per session in this process), and other instances may run the session's requests
 * too (the lock in the shared store, refresh-once.server.ts).
 */
async function freshTokens(request: Request, session: ConsoleSession, tokens: SessionTokens) {
  if (!needsRefresh(tokens)) return tokens;
  let pending = refreshing.get(session.id);
  if (!pending) {
    pending = refreshOnce({
      store: getRuntime().store,
      sessionId: session.id,
      tokens,
      needsRefresh: (candidate) => needsRefresh(candidate),
      refresh: (current) => refreshTokens(request, current),
    }).finally(() => refreshing.delete(session.id));
    refreshing.set(session.id, pending);
  }
  try {
    const refreshed = await pending;
    session.set("tokens", refreshed);
    return refreshed;
  } catch (error) {
    // A refused refresh ends the session; a passing network failure does not while the
    // token still works.
    const rejected = error instanceof OAuth2RequestError || !tokens.refreshToken;
    if (!rejected && tokens.expiresAt > Date.now()) return tokens;
    throw errorPage("expiredSession", { redirectTo: currentPath(request) });
  }
}

export function signInRedirect(request: Request, headers?: HeadersInit) {
  const to = currentPath(request);
  const search = to === "/" ? "" : `?${new URLSearchParams({ redirectTo: to })}`;
  return redirect(`/login${search}`, { headers });
}

export async function getSignedInUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  return session.get("tokens") ? (session.get("user") ?? null) : null;
}

export async function requireUser(request: Request, action?: PermissionAction): Promise<SignedInContext> {
  const session = await getSession(request);
  const user = session.get("user");
  const tokens = session.get("tokens");
  if (!user || !tokens) throw signInRedirect(request);
  const observe = observability();
  observe.identify({ id: user.subject, role: user.roles[0] ?? "none" });
  if (action) requirePermission(request, user, action);
  const { accessToken } = await freshTokens(request, session, tokens);
  // The listening sampler reads the Manager with an Admin's or Owner's session (decision 070).
  offerSessionInBackground(request, session.id, user);
  const { managerUrl, config } = getRuntime();
  const manager = createManagerClient({
    baseUrl: managerUrl,
    accessToken,
    timeoutMs: config.managerTimeoutMs,
    onCall(call) {
      observe.managerCall(call);
      if (call.method !== "GET" && call.outcome === "2xx") noteOwnWrite(session.id);
    },
  });
  return { user, session, manager };
}

/** Throws the 403 page unless the user may do the action. */
export function requirePermission(request: Request, user: SessionUser, action: PermissionAction) {
  requireAnyPermission(request, user, [action]);
}

/** Refuses a user allowed none of `actions` (a screen's action, before its body is read). */
export function requireAnyPermission(request: Request, user: SessionUser, actions: readonly PermissionAction[]) {
  if (!actions.some((action) => can(user, action))) throw errorPage("forbidden", { redirectTo: currentPath(request) });
}

/** Signs out (ends the server session) and sends the browser to sign in again. */
export async function signOutAndRedirect(request: Request, session?: ConsoleSession): Promise<never> {
  const current = session ?? (await getSession(request));
  throw signInRedirect(request, { "Set-Cookie": await destroySession(request, current) });
}
