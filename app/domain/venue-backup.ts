// The venue backup (issue 29, item 2): one versioned JSON document of everything the console can
// set on a venue — per station its name, audio mode and encoder (latency included), noise gate,
// output, DNS discovery, channels, and, when chosen, network settings and PINs; and the venue's
// DNS discovery settings, the App view's channel order (each channel's sortId) and the app
// customization with its images. The schemas below are the document's shape as the download
// writes it; a file being restored is read by app/venue-backup/read-backup.ts, which applies the
// forms' own rules to each setting (app/domain/backup-rules.ts, docs/decisions/063-venue-backup.md).
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
import type { StationType, UseCaseMode } from "~/contract/enums";
import type { AudioEncoder, DnsDiscoverySettings, NoiseGate, OutputSettings } from "~/contract/station-parts";
import type { ChannelDetails, Checked, Refusal } from "~/domain/backup-rules";
import { currentInterfaceSettings } from "~/domain/network-forms";

export const backupFormat = "station-console-backup";
export const backupVersion = 1;

/** Most stations a file may hold (the schema's bound; a preview's work is bounded by the venue). */
export const maxBackupStations = 10_000;
/** Most channels a station of the file may hold. */
export const maxBackupChannels = 64;

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
  channels: z.array(BackupChannelSchema).max(maxBackupChannels),
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
  stations: z.array(BackupStationSchema).max(maxBackupStations),
});
export type VenueBackup = z.infer<typeof VenueBackupSchema>;

/** A channel of the file after the forms' rules (app/domain/backup-rules.ts): what passed, as the Manager stores it. */
export interface CheckedChannel {
  index: number;
  sortId: number;
  details?: ChannelDetails;
  /** Absent when the file holds no PIN for it (a backup without secrets) or its PIN was refused. */
  pinCode?: string | null;
  isQueueEnabled?: boolean;
}

/**
 * A station of the file after the forms' rules: each setting that passed, as the Manager stores
 * it; each refused one absent, with its refusals under the setting's key (`name`,
 * `channelDetails.2`, …) for the preview to show beside it.
 */
export interface CheckedStation {
  serialNumber: string;
  type: StationType;
  /** What the preview calls it: its name in the file, hidden characters written out. */
  label: string;
  /** Null when never named. */
  name?: string | null;
  useCaseMode?: UseCaseMode;
  audioEncoder?: AudioEncoder;
  noiseGate?: NoiseGate;
  output?: OutputSettings;
  dnsDiscovery?: DnsDiscoverySettings;
  network?: UpdateNetworkSettings;
  channels: CheckedChannel[];
  refusals: Record<string, Refusal[]>;
}

/** The venue-wide parts of a file after the forms' rules. */
export interface CheckedVenue {
  createdAt: string;
  holdsSecrets: boolean;
  includesNetworkSettings: boolean;
  systemDnsDiscovery: Checked<DnsDiscoverySettings>;
  /** Null when the file has none (the customization is then left alone). */
  appCustomization: Checked<WritableAppCustomization> | null;
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
