// What the API tokens screen's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const apiTokensIntent = defineIntents("createToken", "revokeToken", "deleteToken");
export type ApiTokensIntent = IntentOf<typeof apiTokensIntent>;
