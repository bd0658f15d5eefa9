// The Add Token form: name (required, only text, at most tokenNameMaxLength), expiry (a preset,
// or 1 to 2000 custom days) and at least one scope of the list. One schema for the server and the
// browser; each refusal is a locale key at its field.
import * as z from "zod";
import { choiceOf, choicesOf, requiredText } from "~/domain/form-fields";
import { defaultTokenExpiryPreset, expiryDaysFor, isValidExpiryDays, tokenExpiryPresetKeys } from "~/domain/tokens";
import { tokenNameMaxLength, tokenScopes } from "~/contract/values";
import type { CreateToken } from "~/contract/tokens";

const messages = {
  nameRequired: "admin:apiTokens.errors.nameRequired",
  nameTooLong: "admin:apiTokens.errors.nameTooLong",
  expiryPresetInvalid: "admin:apiTokens.errors.expiryPresetInvalid",
  expiryRange: "admin:apiTokens.errors.expiryRange",
  scopesRequired: "admin:apiTokens.errors.scopesRequired",
  scopesInvalid: "admin:apiTokens.errors.scopesInvalid",
} as const;

export const addTokenSchema = z
  .object({
    name: requiredText({
      required: messages.nameRequired,
      maxLength: tokenNameMaxLength,
      tooLong: messages.nameTooLong,
    }),
    expiryPreset: choiceOf(tokenExpiryPresetKeys, messages.expiryPresetInvalid).default(defaultTokenExpiryPreset),
    // Only read for a custom expiry; a preset brings its own days.
    expiryInDays: z.number({ error: messages.expiryRange }).optional(),
    // The form always posts an empty "scopes" too, so the field is checked even when no box is.
    scopes: choicesOf(tokenScopes, { required: messages.scopesRequired, notOffered: messages.scopesInvalid }),
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
