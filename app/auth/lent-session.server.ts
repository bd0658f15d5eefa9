// Work the console's server does on its own still reaches the Manager as a person: the Manager
// takes only a person's token (no service account; operations.md §7 sends the signed-in user's
// token on every call and hub). Such work — a firmware rollout (decision 062), the venue copies
// kept from the hubs (decision 072) — borrows a signed-in session: the session id and the origin
// its browser used. Its tokens are refreshed like any request's (one refresh per session across
// instances); a session that has ended (signed out, expired, its refresh refused) lends nothing.
import { refreshTokens } from "~/auth/identity.server";
import { needsRefresh } from "~/auth/guard.server";
import { refreshOnce } from "~/auth/refresh-once.server";
import type { SessionData } from "~/auth/session.server";
import type { SessionUser } from "~/auth/user";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";

export interface LentSession {
  sessionId: string;
  /** The console's origin as the browser used it: the identity provider's refresh is tied to it. */
  origin: string;
}

/** The user and a fresh access token of the session lent, or null when it has ended. */
export async function lentSessionTokens(
  link: LentSession,
  lentTo: Record<string, string>,
): Promise<{ user: SessionUser; accessToken: string } | null> {
  const { store } = getRuntime();
  const data = (await store.sessions.read(link.sessionId)) as Partial<SessionData> | null;
  if (!data?.user || !data.tokens) return null;
  let tokens = data.tokens;
  if (needsRefresh(tokens)) {
    try {
      tokens = await refreshOnce({
        store,
        sessionId: link.sessionId,
        tokens,
        needsRefresh: (candidate) => needsRefresh(candidate),
        refresh: (current) => refreshTokens(new Request(`${link.origin}/login`), current),
      });
    } catch (error) {
      // A passing failure while the token still works is no reason to stop.
      if (tokens.expiresAt <= Date.now()) return null;
      observability().warn("Work lent a session could not refresh its tokens", { ...lentTo, error: String(error) });
    }
  }
  return { user: data.user, accessToken: tokens.accessToken };
}

/** Whether the session lent is still there (not signed out, not expired), without refreshing it. */
export async function isLentSessionPresent(link: LentSession): Promise<boolean> {
  const data = (await getRuntime().store.sessions.read(link.sessionId)) as Partial<SessionData> | null;
  return Boolean(data?.user && data.tokens);
}
