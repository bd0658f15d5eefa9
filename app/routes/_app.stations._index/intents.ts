// What the stations list's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";
import { authorizationIntent } from "~/route-helpers/station-authorization";

export const stationsListIntent = { ...authorizationIntent, ...defineIntents("clearRejected") };
export type StationsListIntent = IntentOf<typeof stationsListIntent>;
