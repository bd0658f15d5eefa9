// API tokens.
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";
import { isoDateTime, TokenScopeSchema } from "./enums";

import { tokenNameMaxLength } from "./values";

export { tokenNameMaxLength };

export const TokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(TokenScopeSchema),
  expirationDate: isoDateTime,
  createdAt: isoDateTime,
});
export type Token = z.infer<typeof TokenSchema>;
export const TokenListSchema = z.array(TokenSchema);

export const CreateTokenSchema = z.object({
  name: z.string().trim().min(1).max(tokenNameMaxLength),
  expiryInDays: z.number().int().min(1).max(2000),
  scopes: z.array(TokenScopeSchema).min(1),
});
export type CreateToken = z.infer<typeof CreateTokenSchema>;

/** The create answer: the only time the access token is ever sent. */
export const CreatedTokenSchema = TokenSchema.extend({ accessToken: z.string() });
export type CreatedToken = z.infer<typeof CreatedTokenSchema>;
