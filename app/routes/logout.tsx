// Signs out: ends the server session and goes to /login (with the way back when given, e.g.
// from the 403 page's "try to log in again").
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { getSession, signOutSession } from "~/auth/session.server";
import { safeRedirectPath } from "~/error-pages.server";
import { readFormData } from "~/utils/form-data.server";

async function signOut(request: Request, redirectTo: string | null) {
  const session = await getSession(request);
  const cookie = await signOutSession(request, session, { kind: "info", message: "login.signedOut" });
  const target = redirectTo && redirectTo !== "/" ? `/login?${new URLSearchParams({ redirectTo })}` : "/login";
  return redirect(target, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const redirectTo = form.get("redirectTo");
  return signOut(request, redirectTo ? safeRedirectPath(redirectTo) : null);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  return signOut(request, redirectTo ? safeRedirectPath(redirectTo) : null);
}
