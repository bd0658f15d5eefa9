// What the General tab's forms send as `intent`: the station's own forms and commands, and
// Accept / Reject while the station is not authorized.
import { defineIntents, type IntentOf } from "~/route-helpers/intents";
import { authorizationIntent } from "~/route-helpers/station-authorization";

export const stationEditIntent = defineIntents(
  "rename",
  "saveAudio",
  "saveNoiseGate",
  "saveOutput",
  "changeMode",
  "reboot",
  "factoryReset",
  "remove",
);
export type StationEditIntent = IntentOf<typeof stationEditIntent>;

export const generalIntent = { ...authorizationIntent, ...stationEditIntent };
export type GeneralIntent = IntentOf<typeof generalIntent>;
