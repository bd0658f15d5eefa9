// The hub messages a reduced scope receives (app/live/hub-scope.ts): per hub, the targets it
// gets, and of each item only the listed plain fields — an allow-list, so a field the Manager
// adds later (or nests) is left out until someone decides a Moderator may see it. PINs,
// fingerprints, access list IDs, network and firmware data never pass. The browser only needs
// the target and the change action to reload its page (docs/decisions/003-hub-messages.md).
// Imported by the hub bridge outside the Remix build: relative imports only.
import { hubMessages, type HubName } from "../contract/hubs";

type Plain = string | number | boolean | null;
const changeActions = new Set(["Add", "Update", "Remove"]);

const stationFields = ["id", "serialNumber", "name"] as const;
const channelFields = [
  "id",
  "index",
  "name",
  "stationSerialNumber",
  "uplinkEnabled",
  "uplinkUnmuted",
  "isEnabled",
  "isHidden",
] as const;
const moderationChannelFields = [
  "id",
  "index",
  "name",
  "stationSerialNumber",
  "stationName",
  "channelId",
  "uplinkEnabled",
  "uplinkUnmuted",
  "speakerMuted",
  "isQueueEnabled",
  "speakersWaiting",
] as const;

const reducedTargets: Partial<Record<HubName, Record<string, readonly string[]>>> = {
  stationsHub: {
    [hubMessages.stationsHub.stationChanged]: stationFields,
    [hubMessages.stationsHub.channelChanged]: channelFields,
  },
  moderationHub: {
    [hubMessages.moderationHub.moderationChannelChanged]: moderationChannelFields,
  },
};

function isPlain(value: unknown): value is Plain {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function pick(item: unknown, fields: readonly string[]): Record<string, Plain> | null {
  if (typeof item !== "object" || item === null || Array.isArray(item)) return null;
  const picked: Record<string, Plain> = {};
  for (const field of fields) {
    const value = (item as Record<string, unknown>)[field];
    if (Object.hasOwn(item, field) && isPlain(value)) picked[field] = value;
  }
  return picked;
}

/**
 * The arguments of a change message as the reduced scope gets them: (item, action) with the
 * item cut down to its allowed fields; null when the message must not be relayed at all.
 */
export function reducedArguments(hub: HubName, target: string, args: unknown): [Record<string, Plain>, string] | null {
  const fields = reducedTargets[hub]?.[target];
  if (!fields || !Array.isArray(args) || args.length !== 2) return null;
  const [item, action] = args as [unknown, unknown];
  if (typeof action !== "string" || !changeActions.has(action)) return null;
  const reduced = pick(item, fields);
  return reduced ? [reduced, action] : null;
}
