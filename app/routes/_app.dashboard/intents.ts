// What the dashboard's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const dashboardIntent = defineIntents("dismissEvent", "dismissAllEvents");
export type DashboardIntent = IntentOf<typeof dashboardIntent>;
