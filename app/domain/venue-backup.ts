// The venue backup (issue 29, item 2): one versioned JSON document of everything the console can
// set on a venue — per station its name, audio mode and encoder (latency included), noise gate,
// output, DNS discovery, channels, and, when chosen, network settings and PINs; and the venue's
// DNS discovery settings, the App view's channel order (each channel's sortId) and the app
// customization with its images. Its parts are the contract's own wire schemas, so a value the
// Manager would refuse is refused when the file is read (docs/decisions/063-venue-backup.md).
import * as z from "zod";
import { UpdateAudioChannelSchema, type Channel } from "~/contract/channels";
import { isoDateTime, StationTypeSchema, UseCaseModeSchema } from "~/contract/enums";
import {
  WritableAppCustomizationSchema,
  type AppCustomization,
  type WritableAppCustomization,
} from "~/contract/app-customization";
import { SystemSettingsSchema, type SystemSettings } from "~/contract/settings";
import {
  AudioEncoderSchema,
  DnsDiscoverySettingsSchema,
  NoiseGateSchema,
  OutputSettingsSchema,
  UpdateNetworkSettingsSchema,
  type UpdateNetworkSettings,
} from "~/contract/station-parts";
import { UpdateNameSchema, type Station } from "~/contract/stations";
import { currentInterfaceSettings } from "~/domain/network-forms";

export const backupFormat = "station-console-backup";
export const backupVersion = 1;

const pinCode = z.union([z.null(), z.string().regex(/^\d{6}$/)]);

export const BackupChannelSchema = UpdateAudioChannelSchema.omit({ regenerateAccess: true }).extend({
  isQueueEnabled: z.boolean(),
  /** Position in the listening app, from 1 (the App view's order). */
  sortId: z.number().int().min(1),
  /** Only in a backup that holds secrets: six digits, or null for none. */
  pinCode: pinCode.optional(),
});
export type BackupChannel = z.infer<typeof BackupChannelSchema>;

export const BackupStationSchema = z.object({
  serialNumber: z.string().min(1).max(64),
  type: StationTypeSchema,
  /** Null when never named. */
  name: UpdateNameSchema.shape.name.nullable(),
  useCaseMode: UseCaseModeSchema,
  audioEncoder: AudioEncoderSchema,
  noiseGate: NoiseGateSchema,
  output: OutputSettingsSchema,
  dnsDiscovery: DnsDiscoverySettingsSchema,
  /** Only when network settings were chosen at download. */
  network: UpdateNetworkSettingsSchema.optional(),
  channels: z.array(BackupChannelSchema).max(64),
});
export type BackupStation = z.infer<typeof BackupStationSchema>;

export const VenueBackupSchema = z.object({
  format: z.literal(backupFormat),
  version: z.literal(backupVersion),
  createdAt: isoDateTime,
  /** True when the file holds channel PINs: keep it like a password. */
  holdsSecrets: z.boolean(),
  includesNetworkSettings: z.boolean(),
  systemSettings: SystemSettingsSchema,
  appCustomization: WritableAppCustomizationSchema.nullable(),
  stations: z.array(BackupStationSchema).max(10_000),
});
export type VenueBackup = z.infer<typeof VenueBackupSchema>;

export type BackupProblem = "notJson" | "notBackup" | "otherVersion" | "outsideContract";

export type ReadBackup =
  { ok: true; backup: VenueBackup } | { ok: false; problem: BackupProblem; version?: unknown; issues?: string };

/** The first few places a file breaks the contract's rules, for the message beside the field. */
function issueText(error: z.ZodError) {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(document)"}: ${issue.message}`)
    .join("; ");
}

/** Reads a backup file's text: which problem it has, or the document. */
export function readBackup(text: string): ReadBackup {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: "notJson" };
  }
  if (typeof parsed !== "object" || parsed === null || (parsed as { format?: unknown }).format !== backupFormat)
    return { ok: false, problem: "notBackup" };
  const { version } = parsed as { version?: unknown };
  if (version !== backupVersion) return { ok: false, problem: "otherVersion", version };
  const result = VenueBackupSchema.safeParse(parsed);
  if (!result.success) return { ok: false, problem: "outsideContract", issues: issueText(result.error) };
  // Each serial number once: a mapping names one backup station.
  const serialNumbers = new Set(result.data.stations.map((station) => station.serialNumber));
  if (serialNumbers.size !== result.data.stations.length)
    return { ok: false, problem: "outsideContract", issues: "stations: a serial number appears twice" };
  return { ok: true, backup: result.data };
}

export interface BackupOptions {
  /** Channel PINs in the file (it then says it holds secrets). */
  withPins: boolean;
  /** The stations' network settings (off by default: addresses rarely move with a unit). */
  withNetwork: boolean;
}

export function networkSettingsOf(station: Station): UpdateNetworkSettings {
  return {
    controlNetworkInterface: currentInterfaceSettings(station.configuration.controlNetworkInterface),
    streamingNetworkInterface: currentInterfaceSettings(station.configuration.streamingNetworkInterface),
  };
}

export function backupChannelOf(channel: Channel, withPins: boolean): BackupChannel {
  return {
    index: channel.index,
    name: channel.name,
    group: channel.group,
    isHidden: channel.isHidden,
    isEnabled: channel.isEnabled,
    uplinkEnabled: channel.uplinkEnabled,
    uplinkOutputIndex: channel.uplinkOutputIndex,
    inputInterfaceLeft: channel.inputInterfaceLeft,
    inputInterfaceRight: channel.inputInterfaceRight,
    isQueueEnabled: channel.isQueueEnabled,
    sortId: channel.sortId,
    ...(withPins ? { pinCode: channel.pinCode } : {}),
  };
}

/** One station as the backup holds it. */
export function backupStationOf(station: Station, options: BackupOptions): BackupStation {
  const { configuration, state } = station;
  return {
    serialNumber: station.serialNumber,
    type: station.type,
    name: station.name,
    useCaseMode: state.audioMode.useCaseMode,
    audioEncoder: { ...state.audioEncoder },
    noiseGate: { ...configuration.noiseGate },
    output: { ...configuration.output },
    dnsDiscovery: { ...configuration.dnsDiscovery },
    ...(options.withNetwork ? { network: networkSettingsOf(station) } : {}),
    channels: station.audioChannels.map((channel) => backupChannelOf(channel, options.withPins)),
  };
}

/** The document's opening fields (everything but the stations, which are streamed after them). */
export function backupHeader(
  options: BackupOptions,
  venue: { systemSettings: SystemSettings; appCustomization: WritableAppCustomization | null },
  createdAt: Date,
): Omit<VenueBackup, "stations"> {
  return {
    format: backupFormat,
    version: backupVersion,
    createdAt: createdAt.toISOString(),
    holdsSecrets: options.withPins,
    includesNetworkSettings: options.withNetwork,
    systemSettings: { dnsDiscoverySettings: { ...venue.systemSettings.dnsDiscoverySettings } },
    appCustomization: venue.appCustomization,
  };
}

/** The customization's writable part (the stored one also carries its id). */
export function writableCustomizationOf(stored: AppCustomization | null): WritableAppCustomization | null {
  if (!stored) return null;
  const { isActive, logo, backgroundColor, highlightColor, fontColor, onboardings } = stored;
  return {
    isActive,
    logo,
    backgroundColor,
    highlightColor,
    fontColor,
    onboardings: onboardings.map(({ sortId, headline, text, picture }) => ({ sortId, headline, text, picture })),
  };
}
