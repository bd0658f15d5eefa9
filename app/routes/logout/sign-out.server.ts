import { randomBytes } from "node:crypto";
import { redirect } from "@remix-run/node";
import { providerSignOutUrl } from "~/auth/identity.server";
import { clearSessionCookie, getSession, signOutSession } from "~/auth/session.server";
import { isStoreUnavailable } from "~/store/unavailable.server";

/**
 * Ends the console's session, then sends the browser to end the identity provider's too: on a
 * shared kiosk the next person must not find the provider still signed in as the last one
 * (RP-initiated logout; the provider sends the browser back to /login with the `state`).
 */
export async function signOut(request: Request, redirectTo: string | null) {
  try {
    return await endSessions(request, redirectTo);
  } catch (thrown) {
    if (!isStoreUnavailable(thrown)) throw thrown;
    // The shared store cannot answer: the browser forgets the session all the same, so a kiosk
    // is never left signed in (issue 28, item 7); the server's copy expires on its own.
    return redirect("/login", { headers: { "Set-Cookie": await clearSessionCookie(request) } });
  }
}

async function endSessions(request: Request, redirectTo: string | null) {
  const session = await getSession(request);
  const state = randomBytes(16).toString("base64url");
  const tokens = session.get("tokens");
  // A session that had already ended has no sign-in to end at the provider either.
  const providerUrl = tokens ? await providerSignOutUrl(request, { idToken: tokens.idToken, state }) : null;
  const message = providerUrl || !tokens ? "login.signedOut" : "login.signedOutProviderMayRemain";
  const returnTo = redirectTo ?? "/";
  const cookie = await signOutSession(
    request,
    session,
    { kind: "info", message },
    providerUrl ? { state, redirectTo: returnTo } : undefined,
  );
  const target =
    providerUrl ?? (returnTo !== "/" ? `/login?${new URLSearchParams({ redirectTo: returnTo })}` : "/login");
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}
