// What the channel details' forms send as `intent`: each confirmed form has a "review" intent
// that brings the form back, with the user's values, from its confirmation.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const channelIntent = defineIntents(
  "saveDetails",
  "reviewDetails",
  "savePin",
  "reviewPin",
  "regenerateAccess",
  "playTestTone",
  "stopTestTone",
);
export type ChannelIntent = IntentOf<typeof channelIntent>;
