// What the settings screen's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const settingsIntent = defineIntents("reviewDnsConfig", "saveDnsConfig");
export type SettingsIntent = IntentOf<typeof settingsIntent>;
