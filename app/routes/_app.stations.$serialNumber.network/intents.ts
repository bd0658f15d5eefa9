// What the Network tab's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const networkIntent = defineIntents("saveNetwork", "saveDnsDiscovery");
export type NetworkIntent = IntentOf<typeof networkIntent>;
