// Decides whether a browser may open a live-update hub through the console's bridge, with
// which token and how much it receives: the request must come from the console's own origin,
// carry a signed-in session, and the user's role must be allowed the hub (hub-scope.ts).
// The token never leaves the server.
import { requireUser } from "~/auth/guard.server";
import { getSession } from "~/auth/session.server";
import { hubScope, type HubScope } from "~/live/hub-scope";
import type { HubName } from "~/contract/hubs";
import { getRuntime } from "~/runtime.server";
import { isSameOrigin } from "~/utils/origin.server";

export type HubAccess =
  | { allowed: true; accessToken: string; managerUrl: string; sessionId: string; scope: HubScope }
  | { allowed: false; status: 401 | 403 };

export async function authorizeHubRequest(request: Request, hub: HubName): Promise<HubAccess> {
  if (!isSameOrigin(request)) return { allowed: false, status: 403 };
  let user;
  try {
    // requireUser refreshes the token when due; it throws a Response when signed out.
    ({ user } = await requireUser(request));
  } catch {
    return { allowed: false, status: 401 };
  }
  const scope = hubScope(user, hub);
  if (!scope) return { allowed: false, status: 403 };
  const session = await getSession(request);
  const tokens = session.get("tokens");
  if (!tokens) return { allowed: false, status: 401 };
  return {
    allowed: true,
    accessToken: tokens.accessToken,
    managerUrl: getRuntime().managerUrl,
    sessionId: session.id,
    scope,
  };
}
