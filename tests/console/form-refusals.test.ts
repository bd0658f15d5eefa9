// Every refusal is shown (issue 25): whatever a post holds, each form's schema answers its
// messages as locale keys that exist in English and German, at names of the form's own fields —
// never zod's English, never an element's path such as `scopes[0]` that no field shows.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { channelDetailsSchema, pinSchema } from "~/domain/channel-forms";
import { dnsDiscoverySchema, networkSettingsSchema } from "~/domain/network-forms";
import {
  audioSettingsSchema,
  firmwareUpdateSchema,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
} from "~/domain/station-forms";
import { parseForm } from "~/route-helpers/parse-form";
import { addTokenSchema } from "~/routes/_app.apiTokens/token-form-schema";
import { channelSettingsSchema } from "~/routes/_app.moderation.$stationSerialNumber.$index/channel-settings-schema";
import { dnsConfigSchema } from "~/routes/_app.settings/dns-config-schema";

type Texts = { [key: string]: string | Texts };
const languages = ["en", "de"] as const;
const texts = Object.fromEntries(
  languages.map((language) => [
    language,
    Object.fromEntries(
      ["common", "stations", "moderation", "admin"].map((namespace) => [
        namespace,
        JSON.parse(
          readFileSync(new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url), "utf8"),
        ),
      ]),
    ),
  ]),
) as Record<(typeof languages)[number], Record<string, Texts>>;

/** The text of a namespaced locale key ("stations:validation.nameRequired"), or undefined. */
function textOf(language: (typeof languages)[number], key: string): string | undefined {
  const [namespace, path] = key.split(":");
  let node: Texts | string | undefined = texts[language][namespace!];
  for (const part of (path ?? "").split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const interfaceFields = ["mode", "ip", "netmask", "gateway", "dns1", "dns2", "dns3", "searchDomains", "fqdn"];
const forms: Array<{ name: string; schema: z.ZodType; fields: string[] }> = [
  { name: "rename", schema: renameStationSchema, fields: ["name"] },
  {
    name: "audio settings",
    schema: audioSettingsSchema,
    fields: [
      "channelMode",
      "inputConnector",
      "digitalInputType",
      "analogInputLevel",
      "analogGain",
      "latencyMode",
      "latencyMs",
    ],
  },
  { name: "noise gate", schema: noiseGateSchema, fields: ["thresholdDb"] },
  { name: "output", schema: outputSettingsSchema, fields: ["level", "gainDb"] },
  { name: "firmware update", schema: firmwareUpdateSchema(["mcs-200-6.10.0"]), fields: ["firmwareId", "eulaAccepted"] },
  {
    name: "network settings",
    schema: networkSettingsSchema,
    fields: ["control", "streaming"].flatMap((role) => interfaceFields.map((field) => `${role}.${field}`)),
  },
  { name: "DNS discovery", schema: dnsDiscoverySchema, fields: ["useDnsDiscovery", "managerIpAddress"] },
  {
    name: "channel details",
    schema: channelDetailsSchema({ inputs: ["0", "0+1"], outputs: ["0", "1"] }),
    fields: ["name", "isHidden", "isEnabled", "uplinkEnabled", "uplinkOutput", "input"],
  },
  { name: "channel PIN", schema: pinSchema, fields: ["pinEnabled", "pin"] },
  {
    name: "moderation channel settings",
    schema: channelSettingsSchema,
    fields: ["name", "pinCode", "uplinkEnabled", "uplinkMuted", "isQueueEnabled"],
  },
  { name: "DNS configuration", schema: dnsConfigSchema, fields: ["useDnsDiscovery", "managerIpAddress"] },
  { name: "add token", schema: addTokenSchema, fields: ["name", "expiryPreset", "expiryInDays", "scopes"] },
];

const hostile = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 20 }),
  fc.constantFrom("on", "off", "maybe", "true", "Static", "Surround", "admin.everything", "forever", "\u200B", "12"),
  fc.constantFrom("\u0000", "A\u202EB", "\uFEFF", "\u3164", " ", "-1", "1e9", "NaN", "x".repeat(300)),
);

describe("every refusal of every form is a message at one of its fields, in English and German", () => {
  for (const form of forms) {
    it(form.name, () => {
      const posts = fc.array(
        fc.tuple(fc.constantFrom(...form.fields), fc.array(hostile, { minLength: 1, maxLength: 3 })),
        { maxLength: form.fields.length + 2 },
      );
      fc.assert(
        fc.property(posts, (entries) => {
          const data = new FormData();
          for (const [field, values] of entries) for (const value of values) data.append(field, value);
          const error = parseForm(data, form.schema).reply().error ?? {};
          for (const [name, messages] of Object.entries(error)) {
            expect(form.fields, `${form.name}: ${name}`).toContain(name);
            for (const message of messages ?? []) {
              for (const language of languages) {
                expect(textOf(language, message), `${form.name}: ${name} → ${message} (${language})`).toBeDefined();
              }
            }
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});
