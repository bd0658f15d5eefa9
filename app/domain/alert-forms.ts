// The alerts' forms (issue 36): a rule (what, how long it must hold, where) and a webhook
// destination (a name, an http(s) URL, the secret that signs its deliveries). One schema each, for
// the server and, with JavaScript, the browser; every refusal has its locale key.
import * as z from "zod";
import { choiceOf, requiredText } from "~/domain/form-fields";
import { alertRuleKinds, emailLanguages } from "~/domain/alert-rules";

export const alertLimits = {
  /** Rules and destinations a venue may keep: far more than any needs, few enough to list whole. */
  rules: 100,
  destinations: 20,
  /** Stations one rule may name (more: a rule for all stations). */
  stationsPerRule: 100,
  graceSecondsMax: 24 * 60 * 60,
  nameMaxLength: 80,
  urlMaxLength: 2000,
  secretMinLength: 16,
  secretMaxLength: 200,
} as const;

export const alertFormMessages = {
  kindRequired: "alerts:rules.errors.kindRequired",
  graceInvalid: "alerts:rules.errors.graceInvalid",
  stationsInvalid: "alerts:rules.errors.stationsInvalid",
  stationsTooMany: "alerts:rules.errors.stationsTooMany",
  stationsUnknown: "alerts:rules.errors.stationsUnknown",
  tooManyRules: "alerts:rules.errors.tooMany",
  nameRequired: "alerts:destinations.errors.nameRequired",
  nameTooLong: "alerts:destinations.errors.nameTooLong",
  urlInvalid: "alerts:destinations.errors.urlInvalid",
  urlPrivate: "alerts:destinations.errors.urlPrivate",
  urlUnresolvable: "alerts:destinations.errors.urlUnresolvable",
  secretTooShort: "alerts:destinations.errors.secretTooShort",
  secretTooLong: "alerts:destinations.errors.secretTooLong",
  tooManyDestinations: "alerts:destinations.errors.tooMany",
  emailInvalid: "alerts:destinations.errors.emailInvalid",
  languageRequired: "alerts:destinations.errors.languageRequired",
  emailOff: "alerts:destinations.errors.emailOff",
} as const;

const serialNumberPattern = /^[^\s,;/]{1,64}$/;

export const ruleFormSchema = z.object({
  kind: choiceOf(alertRuleKinds, alertFormMessages.kindRequired),
  graceSeconds: z.coerce
    .number({ error: alertFormMessages.graceInvalid })
    .int({ error: alertFormMessages.graceInvalid })
    .min(0, { error: alertFormMessages.graceInvalid })
    .max(alertLimits.graceSecondsMax, { error: alertFormMessages.graceInvalid }),
  // Serial numbers typed into one field, separated by spaces, commas or semicolons; none: all.
  stations: z
    .string()
    .max(alertLimits.stationsPerRule * 66, { error: alertFormMessages.stationsTooMany })
    .optional()
    .transform((value) => [...new Set((value ?? "").split(/[\s,;]+/).filter((entry) => entry !== ""))])
    .refine((entries) => entries.every((entry) => serialNumberPattern.test(entry)), {
      error: alertFormMessages.stationsInvalid,
    })
    .refine((entries) => entries.length <= alertLimits.stationsPerRule, {
      error: alertFormMessages.stationsTooMany,
    }),
  // conform's checkbox: "on" becomes true; the rule keeps it only for kinds an event can scope.
  duringEventsOnly: z.boolean().default(false),
});
export type RuleForm = z.infer<typeof ruleFormSchema>;

export const destinationFormSchema = z.object({
  name: requiredText({
    required: alertFormMessages.nameRequired,
    maxLength: alertLimits.nameMaxLength,
    tooLong: alertFormMessages.nameTooLong,
  }),
  url: z
    .string({ error: alertFormMessages.urlInvalid })
    .trim()
    .max(alertLimits.urlMaxLength, { error: alertFormMessages.urlInvalid })
    .refine(isWebUrl, { error: alertFormMessages.urlInvalid }),
  secret: z
    .string({ error: alertFormMessages.secretTooShort })
    .min(alertLimits.secretMinLength, { error: alertFormMessages.secretTooShort })
    .max(alertLimits.secretMaxLength, { error: alertFormMessages.secretTooLong }),
});
export type DestinationForm = z.infer<typeof destinationFormSchema>;

/**
 * An e-mail destination: a name and an address, and the language its messages are written in.
 * The address is checked for its form only (one @, a dotted domain, no spaces or list separators):
 * whether it takes mail only the mail server knows.
 */
export const emailDestinationFormSchema = z.object({
  name: requiredText({
    required: alertFormMessages.nameRequired,
    maxLength: alertLimits.nameMaxLength,
    tooLong: alertFormMessages.nameTooLong,
  }),
  email: z
    .string({ error: alertFormMessages.emailInvalid })
    .trim()
    .max(254, { error: alertFormMessages.emailInvalid })
    .regex(/^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/, { error: alertFormMessages.emailInvalid }),
  language: choiceOf(emailLanguages, alertFormMessages.languageRequired),
});
export type EmailDestinationForm = z.infer<typeof emailDestinationFormSchema>;

/** An http(s) URL with a host and no credentials in it (they would be sent to every attempt's log). */
export function isWebUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username;
  } catch {
    return false;
  }
}
