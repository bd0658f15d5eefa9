// The German check's knowledge: German is complete when a page rendered in German shares no text
// with the same page in English, apart from names and values (the fleet's, the demo account's,
// the Manager's own free text), numbers, and the explicit list of product terms and words German
// uses as they are (docs/decisions/013-german-glossary.md).
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { showHiddenCharacters } from "../../../app/domain/text-fields";
import { e2eDataDirectory } from "../ports";
import { simulator } from "../simulator";

const api = "/configuration/api/v1.0";

/** Product terms, and words that are the same in German (docs/decisions/013-german-glossary.md). */
const sharedTerms = [
  // product, modes and models
  "Station Console",
  "Assistive Listening",
  "MCS v1",
  "MCS v2",
  "MCS-100",
  "MCS-200",
  "Manager",
  "Beta",
  // technical terms and units
  "PIN",
  "QR",
  "DNS",
  "FQDN",
  "IP",
  "MAC",
  "DHCP",
  "EULA",
  "API",
  "Token",
  "SPDIF",
  "AES",
  "dBu",
  "dBV",
  "dB",
  "ms",
  "Lo Gain",
  "Noise Gate",
  "Mono",
  "Stereo",
  "Analog",
  "Digital",
  "Gateway",
  "Streaming",
  "Firmware",
  "Rollout",
  "Ctrl",
  "PoE",
  "Stream",
  "LAN2",
  "LAN3",
  "SVG",
  "PNG",
  "Logo",
  "Live",
  "Webhook",
  "Webhooks",
  "URL",
  "HTTP",
  "SMTP",
  // words German writes the same way
  "Dashboard",
  "Status",
  "Name",
  "Version",
  "Text",
  "Info",
  "Test",
  "Station",
  "Moderation",
  "Position",
  "Admin",
  "Owner",
  "Moderator",
  // the language choice names each language in itself
  "English",
  "Deutsch",
];

/** Names and values the pages show from the Manager and the identity provider. */
export async function dataTexts(): Promise<string[]> {
  const [stations, tokens, events, moderation] = (await Promise.all([
    simulator.api("admin", "GET", `${api}/stations?take=100`),
    simulator.api("admin", "GET", `${api}/tokens`),
    simulator.api("admin", "GET", `${api}/systemEvents?take=100`),
    simulator.api("admin", "GET", `${api}/moderation/`),
  ])) as unknown[];
  const names = new Set<string>(["Alex Admin", "AA", "Olivia Owner", "OO", "Max Moderator", "MM", "Demo Venue"]);
  const nameKeys = new Set([
    "name",
    "displayName",
    "group",
    "stationName",
    "serialNumber",
    "channelId",
    "message",
    "model",
  ]);
  const collect = (value: unknown, key = "") => {
    if (typeof value === "string" && nameKeys.has(key) && value.trim()) names.add(value.trim());
    else if (Array.isArray(value)) value.forEach((item) => collect(item, key));
    else if (value && typeof value === "object")
      for (const [child, item] of Object.entries(value)) collect(item, child);
  };
  [stations, tokens, events, moderation].forEach((answer) => collect(answer));
  return [...names].sort((a, b) => b.length - a.length);
}

/**
 * What the listener history keeps as it was: the titles admins gave its events, and the station and
 * channel names as the sampler found them (other tests rename stations; the history keeps the name
 * a station had).
 */
export function listeningTexts(): string[] {
  const database = new DatabaseSync(join(e2eDataDirectory, "console", "records.sqlite"), { readOnly: true });
  try {
    const titles = database.prepare("SELECT title AS text FROM listening_events").all();
    const names = database
      .prepare(
        `SELECT station_name AS text FROM listening_entities WHERE station_name IS NOT NULL
         UNION SELECT channel_name FROM listening_entities WHERE channel_name IS NOT NULL`,
      )
      .all();
    return [...titles, ...names].map((row) => (row as { text: string }).text);
  } finally {
    database.close();
  }
}

/** What admins named and typed for alerts: their webhooks' names and URLs, the stations a rule names. */
export function alertTexts(): string[] {
  const database = new DatabaseSync(join(e2eDataDirectory, "console", "records.sqlite"), { readOnly: true });
  try {
    // A removed webhook's deliveries keep its name.
    const destinations = database
      .prepare("SELECT name, url FROM alert_destinations UNION SELECT destination_name, '' FROM alert_deliveries")
      .all() as { name: string; url: string }[];
    const rules = database.prepare("SELECT stations FROM alert_rules").all() as { stations: string }[];
    return [
      ...destinations.flatMap((destination) => [destination.name, destination.url]).filter(Boolean),
      ...rules.flatMap((rule) => JSON.parse(rule.stations) as string[]),
    ];
  } finally {
    database.close();
  }
}

/**
 * What the audit log recorded as it was sent: actions, field names and values are the wire's and
 * the form's own words (other tests' writes among them, random ones too), read from the worker's
 * records file, where each is whole (in the CSV a value may hold the "; " between changes).
 */
export function recordedTexts(): string[] {
  const database = new DatabaseSync(join(e2eDataDirectory, "console", "records.sqlite"), { readOnly: true });
  const texts: string[] = [];
  const push = (value: unknown) => {
    if (value !== null && value !== undefined) texts.push(typeof value === "string" ? value : JSON.stringify(value));
  };
  try {
    const rows = database.prepare("SELECT action, target_label, changes, outcome FROM audit_records").all();
    for (const row of rows as { action: string; target_label: string | null; changes: string; outcome: string }[]) {
      push(row.action);
      push(row.target_label);
      // A failure's message is the Manager's own text.
      push((JSON.parse(row.outcome) as { message?: string }).message);
      for (const change of JSON.parse(row.changes) as { field: string; old?: unknown; new?: unknown }[]) {
        push(change.field);
        push(change.old);
        push(change.new);
      }
    }
  } finally {
    database.close();
  }
  // As the page shows them: hidden characters written out.
  return texts.map((text) => showHiddenCharacters(text.trim())).filter(Boolean);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const byLength = (texts: string[]) => [...texts].sort((a, b) => b.length - a.length);
const wordPattern = (word: string) => new RegExp(`(^|[^\\p{L}])${escape(word)}(?=$|[^\\p{L}])`, "gu");

/**
 * What is left of a text once names, values, numbers and shared terms are taken out. Names are
 * taken out wherever they stand; words (terms, and recorded values as short as "on") only whole.
 */
export function untranslatedPart(text: string, data: string[], words: string[] = []) {
  let rest = text;
  for (const value of data) rest = rest.split(value).join(" ");
  // Only words with a letter: a recorded "0" taken out would cut "MCS-0009" into "MCS-" and "009".
  const lettered = [...words, ...sharedTerms].filter((word) => /\p{L}/u.test(word));
  for (const word of byLength(lettered)) rest = rest.replace(wordPattern(word), "$1 ");
  // Addresses, versions, IDs and host names: anything with a digit or a dot inside.
  rest = rest.replace(/\S*[\d.:]\S*/g, " ");
  return /\p{L}{2,}/u.test(rest) ? text : null;
}
