// Everything a fresh Manager holds besides its stations: a few days of system events of every
// type, three API tokens (one expired), the firmware catalogue, DNS discovery on and no app
// customization (GET answers 204).
import type { TokenScope } from "../../app/contract/enums";
import type { SystemEvent } from "../../app/contract/statistics";
import { hashAccessToken } from "../admin/tokens";
import { systemEventCodes, type SystemEventCodeName } from "../events/codes";
import { defaultFirmwareCatalogue } from "../firmware/catalogue";
import { seededRandom, uuid, type Random } from "../fleet/ids";
import type { ManagerData, StationRecord, StoredSystemEvent, StoredToken } from "../fleet/records";
import { defaultFleet, type SeededStations } from "./default-fleet";
import { generatedFleet } from "./generated-fleet";

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

interface SeedEvent {
  ago: number;
  code: SystemEventCodeName;
  serialNumber?: string;
  parameters?: Record<string, string>;
  isDismissed?: boolean;
}

const seedEvents: SeedEvent[] = [
  { ago: 3 * day, code: "stationAuthorized", serialNumber: "MCS-0043" },
  { ago: 2 * day, code: "firmwareUpdateCompleted", serialNumber: "MCS-0043", parameters: { version: "6.10.0" } },
  { ago: 36 * hour, code: "stationDisconnected", serialNumber: "MCS-0045" },
  { ago: 30 * hour, code: "firmwareUpdateFailed", serialNumber: "MCS-0044", parameters: { version: "6.1.0" } },
  { ago: 26 * hour, code: "fingerprintChanged", serialNumber: "MCS-0047" },
  { ago: 20 * hour, code: "stationDiscovered", serialNumber: "MCS-0046" },
  {
    ago: 12 * hour,
    code: "audioInputLost",
    serialNumber: "MCS-0042",
    parameters: { channelIndex: "2" },
    isDismissed: true,
  },
  { ago: 8 * hour, code: "certificateExpiresSoon", parameters: { days: "14" } },
  { ago: 5 * hour, code: "unclassified", parameters: { message: "Time synchronisation drifted by 2 s" } },
  { ago: 3 * hour, code: "databaseBackupFailed" },
  { ago: hour, code: "firmwareUpdateAvailable", parameters: { version: "6.10.0" } },
  { ago: 20 * minute, code: "highNetworkLatency", serialNumber: "MCS-0042", parameters: { latencyMs: "35" } },
];

function systemEvents(random: Random, now: Date, stations: readonly StationRecord[]): StoredSystemEvent[] {
  const names = new Map(stations.map((record) => [record.station.serialNumber, record.station.name]));
  return seedEvents
    .filter((seed) => !seed.serialNumber || names.has(seed.serialNumber))
    .map((seed, offset) => {
      const { type, isDismissable } = systemEventCodes[seed.code];
      const serialNumber = seed.serialNumber ?? null;
      const event: SystemEvent = {
        id: uuid(random),
        date: new Date(now.getTime() - seed.ago).toISOString(),
        type,
        code: seed.code,
        parameters: {
          ...(serialNumber ? { serialNumber, stationName: names.get(serialNumber) ?? serialNumber } : {}),
          ...seed.parameters,
        },
        stationSerialNumber: serialNumber,
        isDismissable,
        isDismissed: seed.isDismissed ?? false,
      };
      return { event, sequence: offset + 1 };
    });
}

interface SeedToken {
  name: string;
  scopes: TokenScope[];
  createdAgo: number;
  expiresIn: number;
}

const seedTokens: SeedToken[] = [
  {
    name: "Room booking integration",
    scopes: ["stations.read", "channels.read"],
    createdAgo: 40 * day,
    expiresIn: 325 * day,
  },
  {
    name: "Digital signage",
    scopes: ["channels.read", "channelAccess.read"],
    createdAgo: 120 * day,
    expiresIn: -10 * day,
  },
  {
    name: "Helpdesk automation",
    scopes: ["stations.read", "channels.read", "channels.write", "channelSecurity.write"],
    createdAgo: 5 * day,
    expiresIn: 25 * day,
  },
];

function tokens(random: Random, now: Date): StoredToken[] {
  return seedTokens.map((seed) => ({
    token: {
      id: uuid(random),
      name: seed.name,
      scopes: seed.scopes,
      expirationDate: new Date(now.getTime() + seed.expiresIn).toISOString(),
      createdAt: new Date(now.getTime() - seed.createdAgo).toISOString(),
    },
    // The access tokens were shown once, long ago; only their hashes remain.
    accessTokenHash: hashAccessToken(uuid(random)),
  }));
}

export interface SeedOptions {
  /** Seed N stations instead of the default fleet. */
  stations?: number;
  now: Date;
}

export function seedName(options: Pick<SeedOptions, "stations">): string {
  return options.stations === undefined ? "default" : `generated:${options.stations}`;
}

export function seedManagerData(options: SeedOptions): ManagerData {
  const { now } = options;
  const random = seededRandom(options.stations ?? 42);
  const fleet: SeededStations =
    options.stations === undefined ? defaultFleet(random, now) : generatedFleet(options.stations, random, now);
  const storedEvents = systemEvents(random, now, fleet.stations);
  return {
    stations: fleet.stations,
    queues: fleet.queues,
    systemEvents: storedEvents,
    availableFirmware: defaultFirmwareCatalogue(),
    appCustomization: null,
    tokens: tokens(random, now),
    meta: {
      systemSettings: { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" } },
      lastFirmwareUpdateCheckTime: new Date(now.getTime() - 2 * day).toISOString(),
      // MCS-0043 went to 6.10.0 through this Manager, so that file is already here.
      downloadedFirmwareIds: ["mcs-200-6.10.0"],
      eventSequence: storedEvents.length,
      seed: seedName(options),
    },
  };
}
