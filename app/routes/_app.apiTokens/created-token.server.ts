// The access token of a token just created is shown once: the create action leaves it in the
// server-side session as a one-time value (never in a URL or a cookie), the next page load takes
// it out and shows it, and it is gone after that.
import { changeSession } from "~/auth/session.server";
import type { CreatedTokenView } from "./token-params";
import type { CreatedToken } from "~/contract/tokens";

// The session's typed data belongs to the sign-in; this one-time value lives beside it.
const createdTokenKey = "apiTokens.createdToken";
type WithCreatedToken = { [createdTokenKey]?: CreatedTokenView };

export async function rememberCreatedToken(request: Request, token: CreatedToken) {
  const { id, name, accessToken, expirationDate, scopes } = token;
  await changeSession(request, (data) => {
    (data as WithCreatedToken)[createdTokenKey] = { id, name, accessToken, expirationDate, scopes };
  });
}

/** The created token, once; null on every later load. */
export async function takeCreatedToken(request: Request): Promise<CreatedTokenView | null> {
  const token = await changeSession(request, (data) => {
    const taken = (data as WithCreatedToken)[createdTokenKey];
    delete (data as WithCreatedToken)[createdTokenKey];
    return taken;
  });
  return token ?? null;
}
