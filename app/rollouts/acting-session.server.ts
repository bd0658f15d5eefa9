// Whom a rollout acts for at the Manager. The Manager takes only a person's token (there is no
// service account), so a rollout sends Update with the token of the admin who started it — or who
// resumed it last — from their session (app/auth/lent-session.server.ts). The link from rollout to session is ephemeral state in the shared store:
// the session id is a credential and never goes to the durable records. When the session has ended
// (signed out, expired), the rollout pauses and says so; whoever resumes it lends it their session
// — only when the resume happens: a refused one leaves the rollout acting for whom it did (issue 33).
import { lentSessionTokens, type LentSession } from "~/auth/lent-session.server";
import type { SessionUser } from "~/auth/user";
import { createManagerClient, type ManagerClient } from "~/manager/http.server";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { oneHolderAtATime } from "~/utils/one-holder-at-a-time.server";

const linkKey = (rolloutId: string) => `rollout-session:${rolloutId}`;

export type ActingSessionLink = LentSession;

function setLink(rolloutId: string, members: readonly string[]) {
  const { store, config } = getRuntime();
  return store.selections.change(linkKey(rolloutId), { clear: true, add: members }, config.sessionMaxAgeSeconds * 1000);
}

/** The rollout acts for the request's session from now on (start). */
export async function lendSession(rolloutId: string, request: Request, sessionId: string) {
  const link: ActingSessionLink = { sessionId, origin: new URL(request.url).origin };
  await setLink(rolloutId, [JSON.stringify(link)]);
}

/**
 * Lends the request's session to the rollout for a change that may not happen (resume): the
 * session is lent first — the driver's next step must find someone to act for — and given back
 * to whom it was lent before when `change` says it did not happen. Lends to one rollout run one
 * at a time, so a second resume cannot take back what the first one lent.
 */
export async function lendSessionFor<T>(
  rolloutId: string,
  request: Request,
  sessionId: string,
  change: () => Promise<T | null>,
): Promise<T | null> {
  const { store } = getRuntime();
  return oneHolderAtATime(store.locks, `rollout-lend:${rolloutId}`, { leaseMs: 30_000 }, async () => {
    const before = await store.selections.members(linkKey(rolloutId));
    await lendSession(rolloutId, request, sessionId);
    let changed: T | null = null;
    try {
      changed = await change();
    } finally {
      if (changed === null) await setLink(rolloutId, before);
    }
    return changed;
  });
}

export interface ActingSession {
  user: SessionUser;
  manager: ManagerClient;
  /** The fresh access token the client sends (a background job's hub connection needs it too). */
  accessToken: string;
}

/** The user and a Manager client with a fresh token, or null when the session lent has ended. */
export async function actingSession(rolloutId: string): Promise<ActingSession | null> {
  const [text] = await getRuntime().store.selections.members(linkKey(rolloutId));
  if (!text) return null;
  return actingFor(JSON.parse(text) as ActingSessionLink);
}

/**
 * The session's user and a Manager client with a fresh token (refreshed as a request's would be),
 * or null when the session has ended. `headers` go with every call (a job naming itself).
 */
export async function actingFor(
  link: ActingSessionLink,
  options: { headers?: Record<string, string> } = {},
): Promise<ActingSession | null> {
  const { managerUrl, config } = getRuntime();
  const lent = await lentSessionTokens(link, options.headers ?? {});
  if (!lent) return null;
  const manager = createManagerClient({
    baseUrl: managerUrl,
    accessToken: lent.accessToken,
    timeoutMs: config.managerTimeoutMs,
    onCall: observability().managerCall,
    headers: options.headers,
  });
  return { user: lent.user, manager, accessToken: lent.accessToken };
}
