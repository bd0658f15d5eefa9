// What the Firmware tab's forms send as `intent`.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";

export const firmwareIntent = defineIntents("startUpdate", "syncMetadata");
export type FirmwareIntent = IntentOf<typeof firmwareIntent>;
