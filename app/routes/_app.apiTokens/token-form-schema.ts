// The Add Token form: name (required, at most tokenNameMaxLength), expiry (a preset, or 1 to
// 2000 custom days) and at least one scope. One schema for the server and the browser.
import * as z from "zod";
import { defaultTokenExpiryPreset, expiryDaysFor, isValidExpiryDays, tokenExpiryPresetKeys } from "~/domain/tokens";
import { TokenScopeSchema } from "~/contract/enums";
import { tokenNameMaxLength, type CreateToken } from "~/contract/tokens";

const messages = {
  nameRequired: "admin:apiTokens.errors.nameRequired",
  nameTooLong: "admin:apiTokens.errors.nameTooLong",
  expiryRange: "admin:apiTokens.errors.expiryRange",
  scopesRequired: "admin:apiTokens.errors.scopesRequired",
} as const;

export const addTokenSchema = z
  .object({
    name: z
      .string({ error: messages.nameRequired })
      .trim()
      .min(1, messages.nameRequired)
      .max(tokenNameMaxLength, messages.nameTooLong),
    expiryPreset: z.enum(tokenExpiryPresetKeys).default(defaultTokenExpiryPreset),
    // Only read for a custom expiry; a preset brings its own days.
    expiryInDays: z.number({ error: messages.expiryRange }).optional(),
    // The form always posts an empty "scopes" too, so the field is checked even when no box is.
    scopes: z.preprocess(
      (value) => [value].flat().filter((scope) => scope !== undefined && scope !== ""),
      z.array(TokenScopeSchema).min(1, messages.scopesRequired),
    ),
  })
  .superRefine((value, context) => {
    if (!isValidExpiryDays(expiryDaysFor(value.expiryPreset, value.expiryInDays))) {
      context.addIssue({ code: "custom", path: ["expiryInDays"], message: messages.expiryRange });
    }
  });

export type AddTokenForm = z.infer<typeof addTokenSchema>;

export function tokenToCreate(form: AddTokenForm): CreateToken {
  return { name: form.name, expiryInDays: expiryDaysFor(form.expiryPreset, form.expiryInDays)!, scopes: form.scopes };
}
