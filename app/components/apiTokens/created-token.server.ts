// The access token of a token just created is shown once: the create action leaves it in the
// server-side session as a one-time value (never in a URL or a cookie), the next page load takes
// it out and shows it, and it is gone after that.
import type { Session } from "@remix-run/node";
import { getSession, saveSession } from "~/auth/session.server";
import type { CreatedTokenView } from "~/components/apiTokens/token-form-schema";
import type { CreatedToken } from "~/manager/schemas";

const createdTokenKey = "apiTokens.createdToken";

// The session's typed data belongs to the sign-in; this one-time value lives beside it.
type OneTimeSession = Session<Record<string, unknown>, { [createdTokenKey]: CreatedTokenView }>;

export async function rememberCreatedToken(request: Request, token: CreatedToken) {
  const session = (await getSession(request)) as unknown as OneTimeSession;
  const { id, name, accessToken, expirationDate, scopes } = token;
  session.flash(createdTokenKey, { id, name, accessToken, expirationDate, scopes });
  await saveSession(request, session as never);
}

/** The created token, once; null on every later load. */
export async function takeCreatedToken(request: Request): Promise<CreatedTokenView | null> {
  const session = (await getSession(request)) as unknown as OneTimeSession;
  if (!session.has(createdTokenKey)) return null;
  const token = (session.get(createdTokenKey) as CreatedTokenView | undefined) ?? null;
  await saveSession(request, session as never);
  return token;
}
