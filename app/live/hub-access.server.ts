// Decides whether a browser may open a live-update hub through the console's bridge and with
// which token: the request must come from the console's own origin and carry a signed-in
// session. The token never leaves the server.
import { requireUser } from "~/auth/guard.server";
import { getSession } from "~/auth/session.server";
import { getRuntime } from "~/runtime.server";
import { isSameOrigin } from "~/utils/origin.server";

export type HubAccess = { allowed: true; accessToken: string; managerUrl: string } | { allowed: false; status: 401 | 403 };

export async function authorizeHubRequest(request: Request): Promise<HubAccess> {
  if (!isSameOrigin(request)) return { allowed: false, status: 403 };
  try {
    // requireUser refreshes the token when due; it throws a Response when signed out.
    await requireUser(request);
  } catch {
    return { allowed: false, status: 401 };
  }
  const tokens = (await getSession(request)).get("tokens");
  if (!tokens) return { allowed: false, status: 401 };
  return { allowed: true, accessToken: tokens.accessToken, managerUrl: getRuntime().managerUrl };
}
