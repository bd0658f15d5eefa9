// The API tokens screen's form and commands, each declared once: create a token (shown once
// afterwards, created once however often the form is sent), revoke a valid one, delete an expired one.
import { defineForm, defineHandler } from "~/route-helpers/form-declaration";
import { createTokenIntent, removeTokenIntent } from "./tokens.server";

export const addTokenForm = defineForm({
  intent: "createToken",
  permission: "apiTokens.edit",
  schema: () => import("./token-form-schema").then((module) => module.addTokenSchema),
  messages: { done: "", failed: "admin:apiTokens.errors.createFailed" },
  handle: createTokenIntent,
});

export const revokeTokenCommand = defineHandler({
  intent: "revokeToken",
  permission: "apiTokens.edit",
  handle: (context) => removeTokenIntent(context, "revoke"),
});

export const deleteTokenCommand = defineHandler({
  intent: "deleteToken",
  permission: "apiTokens.edit",
  handle: (context) => removeTokenIntent(context, "delete"),
});
