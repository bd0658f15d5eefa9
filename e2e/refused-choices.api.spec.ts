// Every refusal is shown (issue 25): for every form with a field that takes a value from a list
// (a select, a radio group, checkboxes of one name, a box that must be ticked), a post with a
// value outside the list comes back with the field's message next to that field — the element
// the field's aria-describedby names — in the user's language, English and German; and the
// Manager keeps what it had.
import { readFileSync } from "node:fs";
import { managerPaths } from "../app/contract/paths";
import { pngImage } from "../tests/console/image-fixtures";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

type Language = "en" | "de";
type Texts = { [key: string]: string | Texts };

/** The text of a namespaced locale key ("stations:validation.chooseOne") in a language. */
function text(language: Language, key: string): string {
  const [namespace, path] = key.split(":") as [string, string];
  let node: Texts | string = JSON.parse(
    readFileSync(new URL(`../public/locales/${language}/${namespace}.json`, import.meta.url), "utf8"),
  ) as Texts;
  for (const part of path.split(".")) node = (node as Texts)[part]!;
  if (typeof node !== "string") throw new Error(`no text for ${key} in ${language}`);
  return node;
}

const decode = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The message shown next to a field: the element `<id>-error` that the field's control (a
 * checkbox too) names in its aria-describedby.
 */
function messageNextTo(html: string, fieldId: string): string | null {
  const errorId = `${fieldId}-error`;
  const describedBy = new RegExp(`aria-describedby="[^"]*\\b${escapeRegExp(errorId)}\\b[^"]*"`);
  if (!describedBy.test(html)) return null;
  const message = new RegExp(`<[a-z]+[^>]*\\sid="${escapeRegExp(errorId)}"[^>]*>(.*?)</(p|div)>`, "s").exec(html);
  return message ? decode(message[1]!) : null;
}

interface Refusal {
  /** The posted field name. */
  field: string;
  value: string | string[];
  /** The element id the page gives the field (its control, radio group or fieldset). */
  id: string;
  message: string;
}

interface FormCase {
  name: string;
  path: string;
  intent: string;
  /** What the page's form posts besides the refused values. */
  fields?: Record<string, string>;
  multipart?: boolean;
  refusals: Refusal[];
  /** What the Manager holds that the post would change. */
  stored: () => Promise<unknown>;
}

async function stationPart<T>(serialNumber: string, pick: (station: Record<string, unknown>) => T): Promise<T> {
  return pick((await simulator.api("admin", "GET", managerPaths.station(serialNumber))) as Record<string, unknown>);
}

const chooseOne = "stations:validation.chooseOne";

const forms: FormCase[] = [
  {
    name: "audio settings",
    path: "/stations/MCS-0042?index",
    intent: "saveAudio",
    fields: { latencyMs: "120" },
    refusals: [
      { field: "channelMode", value: "Surround", id: "audio-settings-channelMode", message: chooseOne },
      { field: "inputConnector", value: "USB", id: "audio-settings-inputConnector", message: chooseOne },
      { field: "digitalInputType", value: "HDMI", id: "audio-settings-digitalInputType", message: chooseOne },
      { field: "analogInputLevel", value: "Loud", id: "audio-settings-analogInputLevel", message: chooseOne },
      { field: "latencyMode", value: "Automatic", id: "audio-settings-latencyMode", message: chooseOne },
    ],
    stored: () => stationPart("MCS-0042", (station) => (station.state as Record<string, unknown>).audioEncoder),
  },
  {
    name: "output settings",
    path: "/stations/MCS-0042?index",
    intent: "saveOutput",
    fields: { gainDb: "3" },
    refusals: [{ field: "level", value: "Loud", id: "output-settings-level", message: chooseOne }],
    stored: () => stationPart("MCS-0042", (station) => (station.configuration as Record<string, unknown>).output),
  },
  {
    name: "network settings",
    path: "/stations/MCS-0042/network",
    intent: "saveNetwork",
    refusals: ["control", "streaming"].map((role) => ({
      field: `${role}.mode`,
      value: "Automatic",
      id: `network-settings-${role}.mode`,
      message: chooseOne,
    })),
    stored: () => stationPart("MCS-0042", (station) => station.configuration),
  },
  {
    // A station in the Audience Mic mode: its channel offers the output the mic is heard on.
    name: "channel details",
    path: "/stations/MCS-0043/channels/1",
    intent: "saveDetails",
    fields: { name: "Questions", confirmed: "yes" },
    refusals: [
      { field: "input", value: "7+9", id: "channel-details-input", message: "stations:validation.inputInvalid" },
      {
        field: "uplinkOutput",
        value: "99",
        id: "channel-details-uplinkOutput",
        message: "stations:validation.outputRequired",
      },
    ],
    stored: () => stationPart("MCS-0043", (station) => station.audioChannels),
  },
  {
    name: "firmware update",
    path: "/stations/MCS-0042/firmware",
    intent: "startUpdate",
    refusals: [
      {
        field: "firmwareId",
        value: "mcs-200-99.0.0",
        id: "firmware-update-firmwareId",
        message: "stations:validation.firmwareVersionInvalid",
      },
      {
        field: "eulaAccepted",
        value: "yes",
        id: "firmware-update-eulaAccepted",
        message: "stations:validation.eulaRequired",
      },
    ],
    stored: () => simulator.api("admin", "GET", `${managerPaths.firmware()}?serialNumber=MCS-0042`),
  },
  {
    // The Add Token dialog is URL state: its form posts with the dialog open.
    name: "add token",
    path: "/apiTokens?dialog=addToken",
    intent: "createToken",
    fields: { name: "Kiosk", expiryInDays: "30", submissionId: "refused-choices" },
    refusals: [
      {
        field: "expiryPreset",
        value: "forever",
        id: "add-token-expiryPreset",
        message: "admin:apiTokens.errors.expiryPresetInvalid",
      },
      {
        // The form posts an empty value too, and the checked boxes.
        field: "scopes",
        value: ["", "stations.read", "admin.everything"],
        id: "add-token-scopes",
        message: "admin:apiTokens.errors.scopesInvalid",
      },
    ],
    stored: () => simulator.api("admin", "GET", managerPaths.tokens()),
  },
  {
    name: "app customization",
    path: "/appCustomization",
    intent: "save",
    multipart: true,
    fields: {
      isActive: "on",
      backgroundColor: "123456",
      highlightColor: "FFCC00",
      onboardingCount: "1",
      "onboardings[0].headline": "Welcome",
      "onboardings[0].text": "Pick a channel",
    },
    refusals: [
      {
        field: "fontColor",
        value: "purple",
        id: "customization-fontColor",
        message: "admin:views.appCustomization.errors.fontColorInvalid",
      },
    ],
    stored: () => simulator.api("admin", "GET", managerPaths.appCustomization()),
  },
];

let admin: ConsoleSession;
let logo: Blob;

test.beforeAll(async () => {
  admin = await signInToConsole(consoleUrl, "admin");
  logo = new Blob([new Uint8Array(await pngImage(200, 100))], { type: "image/png" });
});

function body(form: FormCase) {
  const entries: Array<[string, string]> = [
    ["intent", form.intent],
    ...Object.entries(form.fields ?? {}),
    ...form.refusals.flatMap(({ field, value }) => [value].flat().map((one) => [field, one] as [string, string])),
  ];
  if (!form.multipart) return new URLSearchParams(entries);
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  data.append("logoFile", logo, "logo.png");
  return data;
}

for (const form of forms) {
  test(`${form.name}: a value outside its list is refused next to its field, in English and German`, async () => {
    const before = await form.stored();
    for (const language of ["en", "de"] as const) {
      const response = await admin.fetch(form.path, {
        method: "POST",
        headers: { "accept-language": language },
        body: body(form),
      });
      const html = await response.text();
      expect(response.status, html.slice(0, 300)).toBe(200);
      expect(html).toContain(`<html lang="${language}"`);
      for (const refusal of form.refusals) {
        expect(messageNextTo(html, refusal.id), `${refusal.field} (${language})`).toBe(text(language, refusal.message));
      }
      // zod's own English never shows.
      expect(html).not.toMatch(/Invalid (option|input)/);
    }
    expect(await form.stored()).toEqual(before);
  });
}
