// The rules a backup's settings meet before they are restored (issue 33, item 2): the forms' own,
// one definition per field — a station or channel name as the rename and channel forms take it
// (text only: no zero-width, bidi or NUL characters, decision 054), addresses as the Network tab
// and the DNS card take them, the audio, noise gate and output settings as the General tab's
// forms, a PIN as the PIN form, the customization's colours and texts as its form. Each refusal
// is a locale key at its field, so the preview shows it in the reader's language beside its
// setting. What passes comes out as the Manager stores it (names trimmed, search domains split, a
// dynamic interface without static addresses), so a restored value compares equal afterwards.
// The customization's images are checked by their bytes on the server (app/images/).
import * as z from "zod";
import { FontColorSchema, type WritableAppCustomization } from "~/contract/app-customization";
import type { UseCaseMode } from "~/contract/enums";
import { UseCaseModeSchema } from "~/contract/enums";
import type {
  AudioEncoder,
  DnsDiscoverySettings,
  NetworkInterfaceSettings,
  NoiseGate,
  OutputSettings,
  UpdateNetworkSettings,
} from "~/contract/station-parts";
import type { UpdateAudioChannel } from "~/contract/channels";
import {
  customizationErrorKeys,
  customizationErrors,
  customizationForSave,
  draftFrom,
} from "~/domain/app-customization";
import { fallbackFieldMessage, fieldMessages, text } from "~/domain/form-fields";
import { joinSearchDomains } from "~/domain/network";
import {
  dnsDiscoverySchema,
  networkSettingsSchema,
  storedInterfaceSettings,
  toDnsDiscoverySettings,
  toNetworkInterfaceSettings,
} from "~/domain/network-forms";
import { isValidPin } from "~/domain/pin";
import {
  audioSettingsSchema,
  nameField,
  nameMaxLength,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
} from "~/domain/station-forms";
import { ipv4 } from "~/domain/validation";

/** One refused value: the field (as the preview names it) and the locale key of its message. */
export interface Refusal {
  field: string;
  message: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; refusals: Refusal[] };

/** The value of a setting that passed; writing one that did not is a mistake of the caller's. */
export function passedValue<T>(check: Checked<T> | null): T {
  if (!check?.ok) throw new Error("A refused setting of a backup was about to be written");
  return check.value;
}

function refusalsOf(error: z.ZodError, fieldOf: (path: string) => string): Refusal[] {
  const seen = new Set<string>();
  const refusals: Refusal[] = [];
  for (const issue of error.issues) {
    // Named as the forms name fields: `onboardings[0].headline`.
    const path = issue.path.map((part, at) =>
      typeof part === "number" ? `[${part}]` : `${at > 0 ? "." : ""}${String(part)}`,
    );
    const field = fieldOf(path.join(""));
    // The first message of each field, as the forms show one.
    if (seen.has(field)) continue;
    seen.add(field);
    refusals.push({ field, message: issue.message });
  }
  return refusals;
}

function checked<T>(schema: z.ZodType<T>, value: unknown, fieldOf = (path: string) => path): Checked<T> {
  // A refusal the schema has no message for is the forms' "not one of the choices", never zod's English.
  const result = schema.safeParse(value, { error: fallbackFieldMessage });
  return result.success ? { ok: true, value: result.data } : { ok: false, refusals: refusalsOf(result.error, fieldOf) };
}

function then<T, U>(check: Checked<T>, next: (value: T) => Checked<U>): Checked<U> {
  return check.ok ? next(check.value) : check;
}

const refused = (field: string, message: string): Checked<never> => ({ ok: false, refusals: [{ field, message }] });

/** A station's name; null (never named) is kept as null. */
export function checkStationName(value: unknown): Checked<string | null> {
  if (value === null) return { ok: true, value: null };
  return then(checked(renameStationSchema, { name: value }), ({ name }) => ({ ok: true, value: name }));
}

export function checkUseCaseMode(value: unknown): Checked<UseCaseMode> {
  return then(checked(z.object({ useCaseMode: UseCaseModeSchema }), { useCaseMode: value }), ({ useCaseMode }) => ({
    ok: true,
    value: useCaseMode,
  }));
}

/** The audio input and latency, as the General tab's audio form takes them; the manual latency is always kept. */
export function checkAudioEncoder(value: unknown): Checked<AudioEncoder> {
  return then(checked(audioSettingsSchema, value), (form) =>
    form.latencyMs === undefined
      ? refused("latencyMs", "stations:validation.latencyInvalid")
      : { ok: true, value: { ...form, latencyMs: form.latencyMs } },
  );
}

export function checkNoiseGate(value: unknown): Checked<NoiseGate> {
  return checked(noiseGateSchema, value);
}

export function checkOutput(value: unknown): Checked<OutputSettings> {
  return checked(outputSettingsSchema, value);
}

/**
 * A station's or the venue's DNS discovery, as the DNS card and the Network tab take it: the
 * manager address required and valid while discovery is off; while it is on, a given address
 * must still be one (the form keeps the stored one then, which was checked when it was saved).
 */
export function checkDnsDiscovery(value: unknown): Checked<DnsDiscoverySettings> {
  return then(checked(dnsDiscoverySchema, value), (form) => {
    const settings = toDnsDiscoverySettings(form);
    const invalid = ipv4("stations:components.dnsConfigCard.errors.ipInvalid")(settings.managerIpAddress);
    return invalid ? refused("managerIpAddress", invalid) : { ok: true, value: settings };
  });
}

const interfaceFields = ["mode", "ip", "netmask", "gateway", "dns1", "dns2", "dns3", "searchDomains", "fqdn"] as const;

/** An interface of the file as the Network tab's form holds it: search domains as one text. */
function interfaceFormOf(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const fields = value as Record<string, unknown>;
  const domains = fields.searchDomains;
  const isTexts = Array.isArray(domains) && domains.every((domain) => typeof domain === "string");
  return Object.fromEntries(
    interfaceFields.map((field) => [
      field,
      field === "searchDomains" && isTexts ? joinSearchDomains(domains as string[]) : fields[field],
    ]),
  );
}

const networkFieldOf = (path: string) =>
  path.replace(/^control\b/, "controlNetworkInterface").replace(/^streaming\b/, "streamingNetworkInterface");

/** Both interfaces, as the Network tab takes them, and as the station then keeps them. */
export function checkNetwork(value: unknown): Checked<UpdateNetworkSettings> {
  const settings = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const form = {
    control: interfaceFormOf(settings.controlNetworkInterface),
    streaming: interfaceFormOf(settings.streamingNetworkInterface),
  };
  return then(checked(networkSettingsSchema, form, networkFieldOf), ({ control, streaming }) => ({
    ok: true,
    value: {
      controlNetworkInterface: storedInterfaceSettings(toNetworkInterfaceSettings(control)),
      streamingNetworkInterface: storedInterfaceSettings(toNetworkInterfaceSettings(streaming)),
    } satisfies Record<string, NetworkInterfaceSettings>,
  }));
}

export type ChannelDetails = Omit<UpdateAudioChannel, "index" | "regenerateAccess">;

const anInput = z.number().int().min(0).nullable();

/** A channel's details as the channel form takes its name; the group as text; the rest as the Manager's fields. */
const channelDetailsSchema = z.object({
  name: nameField("stations:validation.channelNameRequired"),
  group: text()
    .max(nameMaxLength, { error: "stations:validation.nameTooLong" })
    .nullable()
    .transform((group) => (group ? group : null)),
  isHidden: z.boolean(),
  isEnabled: z.boolean(),
  uplinkEnabled: z.boolean(),
  uplinkOutputIndex: anInput,
  inputInterfaceLeft: anInput,
  inputInterfaceRight: anInput,
});

export function checkChannelDetails(value: unknown): Checked<ChannelDetails> {
  return checked(channelDetailsSchema, value);
}

/** Six digits, or null for none. */
export function checkPin(value: unknown): Checked<string | null> {
  if (value === null) return { ok: true, value: null };
  return typeof value === "string" && isValidPin(value)
    ? { ok: true, value }
    : refused("pinCode", "stations:validation.pinInvalid");
}

export function checkQueue(value: unknown): Checked<boolean> {
  return typeof value === "boolean" ? { ok: true, value } : refused("isQueueEnabled", fieldMessages.notOffered);
}

const dataUrl = z.string().nullable();

/** The shape the customization form reads; each part's own rules follow. */
const customizationShape = z.object({
  isActive: z.boolean(),
  logo: dataUrl,
  backgroundColor: z.string(),
  highlightColor: z.string(),
  fontColor: FontColorSchema.or(z.string().transform(() => "invalid" as const)),
  onboardings: z
    .array(z.object({ sortId: z.number().int().min(1), headline: z.string(), text: z.string(), picture: dataUrl }))
    .max(3),
});

/**
 * The app customization as its form checks it before saving (colours, the logo it needs, each
 * screen's headline and text), and as the form writes it: colours upper-case six, empty screens
 * dropped, the rest renumbered. The images' bytes are checked on the server.
 */
export function checkCustomization(value: unknown): Checked<WritableAppCustomization> {
  return then(checked(customizationShape, value), (shape) => {
    if (shape.fontColor === "invalid")
      return refused("fontColor", "admin:views.appCustomization.errors.fontColorInvalid");
    const draft = draftFrom({ ...shape, fontColor: shape.fontColor });
    const errors = Object.entries(customizationErrors(draft));
    if (errors.length > 0)
      return {
        ok: false,
        refusals: errors.map(([field, error]) => ({ field, message: customizationErrorKeys[error] })),
      };
    return { ok: true, value: customizationForSave(draft) };
  });
}
