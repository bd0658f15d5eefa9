// Reads a venue backup file for a restore (issue 33, items 1–2): the whole file is decoded and its
// shape checked — what it is, its version, each station's serial number, type and channels, and
// that it holds what it claims (no PIN in a file that says it holds none, no network settings in
// one that says it has none) — but only the stations the venue can take (its own serial numbers
// and the ones mapped onto its units) come back with their settings, each checked by the forms'
// rules (app/domain/backup-rules.ts). The stations the venue does not know come back as a count
// and one page of names. So what the console holds afterwards is bounded by the venue, whatever
// the file holds. Pure: it runs in a worker thread (backup-reader.worker.ts), off the event loop.
import { isoDateTime, StationTypeSchema, type StationType } from "~/contract/enums";
import {
  checkAudioEncoder,
  checkChannelDetails,
  checkCustomization,
  checkDnsDiscovery,
  checkNetwork,
  checkNoiseGate,
  checkOutput,
  checkPin,
  checkQueue,
  checkStationName,
  checkUseCaseMode,
  type Checked,
} from "~/domain/backup-rules";
import { nameMaxLength } from "~/domain/station-form-limits";
import { hasHiddenCharacter, showHiddenCharacters } from "~/domain/text-fields";
import {
  backupFormat,
  backupVersion,
  maxBackupChannels,
  maxBackupStations,
  type CheckedChannel,
  type CheckedStation,
  type CheckedVenue,
} from "~/domain/venue-backup";

export type DocumentProblem =
  | "notText"
  | "notJson"
  | "notBackup"
  | "otherVersion"
  /** A part the file must have is missing or of another kind: `place` names it. */
  | "malformed"
  | "tooManyStations"
  | "serialNumberTwice"
  /** The file says it holds no PINs (or no network settings) but holds some. */
  | "claimContradicted"
  /** Reading it took more memory or time than any backup needs (its reader was stopped). */
  | "tooComplex";

export interface DocumentRefusal {
  ok: false;
  problem: DocumentProblem;
  /** Where, or what: a place in the file (`stations[12].channels`), a version, a serial number, a claim. */
  detail?: string;
}

/** A station of the file the venue does not know, for the one page of them the preview lists. */
export interface MissingStation {
  serialNumber: string;
  type: StationType;
  label: string;
}

export interface ReadRequest {
  /** The serial numbers whose settings to return: the venue's stations and the ones mapped onto them. */
  wanted: readonly string[];
  /** Which of the other stations to name: a page of them, in the file's order. */
  missingPage: { skip: number; take: number };
}

export interface ReadBackup {
  ok: true;
  venue: CheckedVenue;
  stationCount: number;
  /** The wanted stations the file holds, in its order. */
  stations: CheckedStation[];
  missing: { count: number; page: MissingStation[] };
}

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isIndex = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1;

class Malformed extends Error {
  constructor(
    readonly problem: DocumentProblem,
    readonly detail: string,
  ) {
    super(`${problem} at ${detail}`);
  }
}

/** A station entry's identity and channels: what the file must have for it to be a station at all. */
function stationShape(entry: unknown, at: number) {
  const place = `stations[${at}]`;
  if (!isObject(entry)) throw new Malformed("malformed", place);
  const { serialNumber, type, channels } = entry;
  if (
    typeof serialNumber !== "string" ||
    serialNumber.length === 0 ||
    serialNumber.length > 64 ||
    hasHiddenCharacter(serialNumber)
  )
    throw new Malformed("malformed", `${place}.serialNumber`);
  if (!StationTypeSchema.safeParse(type).success) throw new Malformed("malformed", `${place}.type`);
  if (!Array.isArray(channels) || channels.length > maxBackupChannels)
    throw new Malformed("malformed", `${place}.channels`);
  const indexes = new Set<number>();
  channels.forEach((channel, index) => {
    const channelPlace = `${place}.channels[${index}]`;
    if (!isObject(channel)) throw new Malformed("malformed", channelPlace);
    if (!isIndex(channel.index) || indexes.has(channel.index))
      throw new Malformed("malformed", `${channelPlace}.index`);
    if (!isIndex(channel.sortId)) throw new Malformed("malformed", `${channelPlace}.sortId`);
    indexes.add(channel.index);
  });
  return { entry, serialNumber, type: type as StationType, channels: channels as Fields[] };
}

/**
 * The file's name for a station, as the preview shows it: hidden characters written out, and cut
 * at a name's length (a refused name may be of any length); else its serial number.
 */
function labelOf(entry: Fields, serialNumber: string) {
  if (typeof entry.name !== "string" || entry.name.trim() === "") return serialNumber;
  const name = entry.name.trim();
  return showHiddenCharacters(name.length > nameMaxLength ? `${name.slice(0, nameMaxLength)}…` : name);
}

function checkedStation(shape: ReturnType<typeof stationShape>): CheckedStation {
  const { entry, serialNumber, type } = shape;
  const station: CheckedStation = {
    serialNumber,
    type,
    label: labelOf(entry, serialNumber),
    channels: [],
    refusals: {},
  };
  const take = <T>(key: string, check: Checked<T>, keep: (value: T) => void) => {
    if (check.ok) keep(check.value);
    else station.refusals[key] = check.refusals;
  };
  take("audioMode", checkUseCaseMode(entry.useCaseMode), (value) => (station.useCaseMode = value));
  take("name", checkStationName(entry.name), (value) => (station.name = value));
  take("audioEncoder", checkAudioEncoder(entry.audioEncoder), (value) => (station.audioEncoder = value));
  take("noiseGate", checkNoiseGate(entry.noiseGate), (value) => (station.noiseGate = value));
  take("output", checkOutput(entry.output), (value) => (station.output = value));
  take("dnsDiscovery", checkDnsDiscovery(entry.dnsDiscovery), (value) => (station.dnsDiscovery = value));
  if (entry.network !== undefined) take("network", checkNetwork(entry.network), (value) => (station.network = value));
  for (const raw of shape.channels) {
    const channel: CheckedChannel = { index: raw.index as number, sortId: raw.sortId as number };
    take(`channelDetails.${channel.index}`, checkChannelDetails(raw), (value) => (channel.details = value));
    if (raw.pinCode !== undefined)
      take(`channelPin.${channel.index}`, checkPin(raw.pinCode), (value) => (channel.pinCode = value));
    take(`channelQueue.${channel.index}`, checkQueue(raw.isQueueEnabled), (value) => (channel.isQueueEnabled = value));
    station.channels.push(channel);
  }
  return station;
}

function venueOf(document: Fields): CheckedVenue {
  const { createdAt, holdsSecrets, includesNetworkSettings, systemSettings, appCustomization } = document;
  if (!isoDateTime.safeParse(createdAt).success) throw new Malformed("malformed", "createdAt");
  if (typeof holdsSecrets !== "boolean") throw new Malformed("malformed", "holdsSecrets");
  if (typeof includesNetworkSettings !== "boolean") throw new Malformed("malformed", "includesNetworkSettings");
  if (!isObject(systemSettings)) throw new Malformed("malformed", "systemSettings");
  if (appCustomization !== null && !isObject(appCustomization)) throw new Malformed("malformed", "appCustomization");
  return {
    createdAt: createdAt as string,
    holdsSecrets,
    includesNetworkSettings,
    systemDnsDiscovery: checkDnsDiscovery(systemSettings.dnsDiscoverySettings),
    appCustomization: appCustomization === null ? null : checkCustomization(appCustomization),
  };
}

/** What the file claims against what it holds: a station's network settings or a channel's PIN it says it has not. */
function checkClaims(venue: CheckedVenue, shape: ReturnType<typeof stationShape>) {
  if (!venue.includesNetworkSettings && shape.entry.network !== undefined)
    throw new Malformed("claimContradicted", "includesNetworkSettings");
  if (!venue.holdsSecrets && shape.channels.some((channel) => channel.pinCode !== undefined))
    throw new Malformed("claimContradicted", "holdsSecrets");
}

export type ParsedBackup = { ok: true; document: unknown } | DocumentRefusal;

/** The file's text parsed (the costly part, which needs nothing of the venue: it can start first). */
export function parseBackup(bytes: Uint8Array): ParsedBackup {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, problem: "notText" };
  }
  try {
    return { ok: true, document: JSON.parse(text) };
  } catch {
    return { ok: false, problem: "notJson" };
  }
}

export function readBackupFile(bytes: Uint8Array, request: ReadRequest): ReadBackup | DocumentRefusal {
  return readPreparedBackup(prepareBackup(parseBackup(bytes)), request);
}

type StationShape = ReturnType<typeof stationShape>;

/**
 * A parsed file whose header, venue and every station's identity and claims are checked: all that
 * needs nothing of the venue, so a reader can do it before it knows which stations it will be asked for.
 */
export type PreparedBackup = { ok: true; venue: CheckedVenue; shapes: StationShape[] } | DocumentRefusal;

export function prepareBackup(parsed: ParsedBackup): PreparedBackup {
  if (!parsed.ok) return parsed;
  const document = parsed.document;
  if (!isObject(document) || document.format !== backupFormat) return { ok: false, problem: "notBackup" };
  if (document.version !== backupVersion)
    return { ok: false, problem: "otherVersion", detail: String(document.version).slice(0, 20) };
  try {
    const venue = venueOf(document);
    const entries = document.stations;
    if (!Array.isArray(entries)) throw new Malformed("malformed", "stations");
    if (entries.length > maxBackupStations) throw new Malformed("tooManyStations", String(maxBackupStations));
    const seen = new Set<string>();
    const shapes = entries.map((entry, at) => {
      const shape = stationShape(entry, at);
      if (seen.has(shape.serialNumber)) throw new Malformed("serialNumberTwice", shape.serialNumber);
      seen.add(shape.serialNumber);
      checkClaims(venue, shape);
      return shape;
    });
    return { ok: true, venue, shapes };
  } catch (error) {
    if (error instanceof Malformed) return { ok: false, problem: error.problem, detail: error.detail };
    throw error;
  }
}

/** The prepared file with the settings of the stations the request wants, and a page of the others. */
export function readPreparedBackup(prepared: PreparedBackup, request: ReadRequest): ReadBackup | DocumentRefusal {
  if (!prepared.ok) return prepared;
  const wanted = new Set(request.wanted);
  const stations: CheckedStation[] = [];
  const missing: MissingStation[] = [];
  let missingCount = 0;
  for (const shape of prepared.shapes) {
    if (wanted.has(shape.serialNumber)) {
      stations.push(checkedStation(shape));
      continue;
    }
    const { skip, take } = request.missingPage;
    if (missingCount >= skip && missingCount < skip + take)
      missing.push({
        serialNumber: shape.serialNumber,
        type: shape.type,
        label: labelOf(shape.entry, shape.serialNumber),
      });
    missingCount += 1;
  }
  return {
    ok: true,
    venue: prepared.venue,
    stationCount: prepared.shapes.length,
    stations,
    missing: { count: missingCount, page: missing },
  };
}
