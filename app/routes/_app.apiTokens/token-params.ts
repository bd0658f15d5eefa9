// The API tokens screen's URL state and what it shows of a new token, without zod (the form's
// schema, in token-form-schema.ts, is loaded when the form is first touched).
import type { CreatedToken } from "~/contract/tokens";

/** URL state: the Add Token dialog, and the token a revoke or delete confirmation is about. */
export const tokenParams = { dialog: "dialog", token: "token" } as const;
export const addTokenDialog = "addToken";

/** What the page shows of a token just created (its access token included, this once). */
export type CreatedTokenView = Pick<CreatedToken, "id" | "name" | "accessToken" | "expirationDate" | "scopes">;
