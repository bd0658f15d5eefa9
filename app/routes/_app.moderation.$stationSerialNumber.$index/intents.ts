// What the moderation details' forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const moderationIntent = defineIntents("nextSpeaker", "muteSpeaker", "clearSpeakers", "saveSettings");
export type ModerationIntent = IntentOf<typeof moderationIntent>;
