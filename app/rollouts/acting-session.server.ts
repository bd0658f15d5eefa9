// Whom a rollout acts for at the Manager. The Manager takes only a person's token (there is no
// service account), so a rollout sends Update with the token of the admin who started it — or who
// resumed it last — from their session (app/auth/lent-session.server.ts). The link from rollout to
// session is ephemeral state in the shared store: the session id is a credential and never goes to
// the durable records. When the session has ended (signed out, expired), the rollout pauses and says
// so; whoever resumes it lends it their session.
import { lentSessionTokens, type LentSession } from "~/auth/lent-session.server";
import type { SessionUser } from "~/auth/user";
import { createManagerClient, type ManagerClient } from "~/manager/http.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";

const linkKey = (rolloutId: string) => `rollout-session:${rolloutId}`;

/** The rollout acts for the request's session from now on (start, resume). */
export async function lendSession(rolloutId: string, request: Request, sessionId: string) {
  const { store, config } = getRuntime();
  const link: LentSession = { sessionId, origin: new URL(request.url).origin };
  await store.selections.change(
    linkKey(rolloutId),
    { clear: true, add: [JSON.stringify(link)] },
    config.sessionMaxAgeSeconds * 1000,
  );
}

export interface ActingSession {
  user: SessionUser;
  manager: ManagerClient;
}

/** The user and a Manager client with a fresh token, or null when the session lent has ended. */
export async function actingSession(rolloutId: string): Promise<ActingSession | null> {
  const { store, managerUrl, config } = getRuntime();
  const [text] = await store.selections.members(linkKey(rolloutId));
  if (!text) return null;
  const lent = await lentSessionTokens(JSON.parse(text) as LentSession, { rolloutId });
  if (!lent) return null;
  const manager = createManagerClient({
    baseUrl: managerUrl,
    accessToken: lent.accessToken,
    timeoutMs: config.managerTimeoutMs,
    onCall: observability().managerCall,
  });
  return { user: lent.user, manager };
}
