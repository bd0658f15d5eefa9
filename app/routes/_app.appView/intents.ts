// What the App view's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const appViewIntent = defineIntents("moveChannel", "setAudienceMicMuted");
export type AppViewIntent = IntentOf<typeof appViewIntent>;
