// The authorization intents, sent from the stations list and from an unauthorized station's page.
import { defineIntents } from "~/route-helpers/intents";

export const authorizationIntent = defineIntents("accept", "reject");
