// The default fleet: one venue with a station in every state the console has to show
// (docs/decisions/012-simulated-fleet.md has the table). Built from a fixed random seed, so
// every reseed gives the same IDs, fingerprints and channel codes.
import type { Channel } from "../../app/contract/channels";
import { stationTypes, updateStatus, useCaseModes } from "../../app/contract/enums";
import type { Speaker } from "../../app/contract/moderation";
import { fingerprint, type Random } from "../fleet/ids";
import type { SpeakerQueue, StationRecord } from "../fleet/records";
import { createStationRecord, type NewStation } from "../fleet/station-factory";

export interface SeededStations {
  stations: StationRecord[];
  queues: SpeakerQueue[];
}

type ChannelSettings = Partial<Omit<Channel, "id" | "index" | "stationSerialNumber" | "accessOptions" | "channelId">>;

function build(
  random: Random,
  spec: Omit<NewStation, "firstSortId">,
  setup: (record: StationRecord) => void,
): StationRecord {
  const record = createStationRecord({ ...spec, firstSortId: 1 }, random);
  setup(record);
  return record;
}

function authorize(record: StationRecord) {
  record.station.authorization = { fingerprint: record.deviceFingerprint, isAuthorized: true, isRejected: false };
}

function channels(record: StationRecord, ...settings: ChannelSettings[]) {
  settings.forEach((values, offset) => Object.assign(record.station.audioChannels[offset]!, values));
}

function speakers(now: Date, names: readonly string[]): Speaker[] {
  return names.map((displayName, index) => ({
    index,
    displayName,
    isSpeaking: index === 0,
    isMuted: false,
    requestedAt: new Date(now.getTime() - (names.length - index) * 45_000).toISOString(),
  }));
}

/** Positions in the listening app, in the order the stations are listed here. */
export function assignSortIds(records: readonly StationRecord[]) {
  let sortId = 1;
  for (const record of records) {
    if (!record.station.authorization.isAuthorized) continue;
    for (const channel of record.station.audioChannels) channel.sortId = sortId++;
  }
  for (const record of records) {
    if (record.station.authorization.isAuthorized) continue;
    for (const channel of record.station.audioChannels) channel.sortId = sortId++;
  }
}

export function defaultFleet(random: Random, now: Date): SeededStations {
  const mainHall = build(
    random,
    { serialNumber: "MCS-0042", type: stationTypes.v2, firmwareVersion: "6.2.0", address: { host: 42 } },
    (record) => {
      const { station } = record;
      authorize(record);
      station.name = "Main Hall";
      // The control interface was given a fixed address at installation; streaming stays on DHCP.
      Object.assign(station.configuration.controlNetworkInterface, {
        mode: "Static",
        ip: "10.10.20.42",
        netmask: "255.255.255.0",
        prefixLength: 24,
        gateway: "10.10.20.1",
        dns1: "10.10.20.1",
        dns2: "10.10.20.2",
        searchDomains: ["venue.local"],
        fqdn: "mcs-0042.venue.local",
      });
      station.state.controlNetworkInterface.mode = "Static";
      station.state.controlNetworkInterface.dns2 = "10.10.20.2";
      Object.assign(station.state.audioEncoder, { analogGain: true, latencyMode: "Manual", latencyMs: 180 });
      station.configuration.noiseGate = { thresholdDb: -55 };
      channels(
        record,
        { name: "Main Hall – English", group: "Main Hall", listenerCount: 14 },
        { name: "Main Hall – Deutsch", group: "Main Hall", pinCode: "482913", listenerCount: 3 },
      );
    },
  );

  const conferenceRoom = build(
    random,
    {
      serialNumber: "MCS-0043",
      type: stationTypes.v2,
      firmwareVersion: "6.10.0",
      address: { host: 43 },
      useCaseMode: useCaseModes.audienceMicAndAssistiveListening,
    },
    (record) => {
      authorize(record);
      record.station.name = "Conference Room B";
      record.station.configuration.noiseGate = { thresholdDb: -45 };
      channels(record, { name: "Q&A Microphone", listenerCount: 22 });
    },
  );

  const chapel = build(
    random,
    { serialNumber: "MCS-0044", type: stationTypes.v2, firmwareVersion: "6.0.3", address: { host: 44 } },
    (record) => {
      authorize(record);
      record.station.name = "Chapel";
      // The 6.0.3 bug: back from a reboot, but the firmware still reports Rebooting.
      record.firmware.status = updateStatus.Rebooting;
      channels(record, { name: "Chapel", listenerCount: 5 }, { name: "Chapel – Organ feed", isHidden: true });
    },
  );

  const lectureTheatre = build(
    random,
    {
      serialNumber: "MCS-0045",
      type: stationTypes.v2,
      firmwareVersion: "6.2.0.1",
      address: { host: 45 },
      channelMode: "Stereo",
    },
    (record) => {
      authorize(record);
      record.station.name = "Lecture Theatre 1";
      record.isOnline = false;
      channels(
        record,
        { name: "Lecture Theatre 1 – Floor", group: "Lecture Theatres", pinCode: "204816" },
        { name: "Lecture Theatre 1 – Interpreter", group: "Lecture Theatres", isEnabled: false },
      );
    },
  );

  const gettingReady = build(
    random,
    { serialNumber: "MCS-0046", type: stationTypes.v2, firmwareVersion: "6.10.0", address: { host: 46 } },
    (record) => {
      record.station.deviceState.isReady = false;
    },
  );

  const newCertificate = build(
    random,
    { serialNumber: "MCS-0047", type: stationTypes.v2, firmwareVersion: "6.2.0", address: { host: 47 } },
    (record) => {
      // The Manager still holds the fingerprint of the certificate the station had before.
      record.station.authorization.fingerprint = fingerprint(random);
    },
  );

  const foyer = build(
    random,
    { serialNumber: "MCS-0048", type: stationTypes.v2, firmwareVersion: "5.8.1", address: { host: 48 } },
    (record) => {
      authorize(record);
      record.station.name = "Foyer";
      channels(record, { name: "Foyer – Announcements", listenerCount: 1 }, { name: "Foyer – Music", isHidden: true });
    },
  );

  const oldGym = build(
    random,
    { serialNumber: "MCS-0012", type: stationTypes.v1, firmwareVersion: "4.9.0", address: { host: 12 } },
    (record) => {
      authorize(record);
      record.station.name = "Old Gym";
      channels(record, { name: "Old Gym", listenerCount: 2 }, { name: "Old Gym – Commentary", group: "Sports" });
    },
  );

  const rejected = build(
    random,
    { serialNumber: "MCS-0049", type: stationTypes.v2, firmwareVersion: "6.1.0", address: { host: 49 } },
    (record) => {
      record.station.authorization.isRejected = true;
    },
  );

  const annex = build(
    random,
    { serialNumber: "MCS-0050", type: stationTypes.unknown, firmwareVersion: "1.0.0", address: { host: 50 } },
    (record) => {
      authorize(record);
      record.station.name = "Annex";
    },
  );

  const stations = [
    mainHall,
    conferenceRoom,
    chapel,
    lectureTheatre,
    foyer,
    annex,
    oldGym,
    gettingReady,
    newCertificate,
    rejected,
  ];
  assignSortIds(stations);

  const questionChannel = conferenceRoom.station.audioChannels[0]!;
  const queueSpeakers = speakers(now, ["Anna Keller", "Ben Moreau", "Chloé Dubois"]);
  const queues: SpeakerQueue[] = [
    {
      channelId: questionChannel.id,
      serialNumber: "MCS-0043",
      speakers: queueSpeakers,
      nextIndex: queueSpeakers.length,
    },
  ];
  return { stations, queues };
}
