// A fleet of N stations (up to 5,000) for load and paging: the default fleet's stations first
// (so MCS-0042 and the special cases are always there), then generated ones in a realistic mix
// of states. Seeded by N, so the same N always gives the same fleet.
import { stationTypes, useCaseModes } from "../../app/contract/enums";
import type { Speaker } from "../../app/contract/moderation";
import { pick, randomInt, seedFromText, seededRandom, type Random } from "../fleet/ids";
import type { SpeakerQueue } from "../fleet/records";
import { createStationRecord } from "../fleet/station-factory";
import { assignSortIds, defaultFleet, type SeededStations } from "./default-fleet";

export const maximumSeededStations = 5_000;

const buildings = [
  "North Wing",
  "South Wing",
  "East Hall",
  "West Hall",
  "Library",
  "Arts Centre",
  "Sports Hall",
  "Town Hall",
];
const rooms = ["Room", "Studio", "Auditorium", "Seminar Room", "Hall", "Lab"];
const languages = ["English", "Deutsch", "Français", "Español", "Italiano", "Nederlands"];
const listenerNames = [
  "Jonas",
  "Mia",
  "Luca",
  "Emma",
  "Noah",
  "Sofia",
  "Elias",
  "Lina",
  "Omar",
  "Hana",
  "Yusuf",
  "Ines",
];
const v2Versions = ["6.1.0", "6.2.0", "6.2.0.1", "6.10.0"];
/** The share of authorized generated stations nobody listens to (a room between events). */
const idleShare = 0.4;

function serialNumber(number: number) {
  return `MCS-${String(number).padStart(4, "0")}`;
}

export function generatedFleet(count: number, random: Random, now: Date): SeededStations {
  if (!Number.isInteger(count) || count < 1 || count > maximumSeededStations) {
    throw new RangeError(`A seeded fleet has 1 to ${maximumSeededStations} stations, not ${count}`);
  }
  const base = defaultFleet(random, now);
  const stations = count >= base.stations.length ? base.stations : [];
  const queues = stations.length > 0 ? base.queues : [];
  const taken = new Set(stations.map((record) => record.station.serialNumber));

  for (let number = 1; stations.length < count; number++) {
    const serial = serialNumber(number);
    if (taken.has(serial)) continue;
    const { record, queue } = generatedStation(serial, stations.length, random, now);
    stations.push(record);
    if (queue) queues.push(queue);
  }
  assignSortIds(stations);
  return { stations, queues };
}

function generatedStation(serial: string, position: number, random: Random, now: Date) {
  const roll = random();
  const isV1 = roll >= 0.96;
  const isUpdateRequired = roll >= 0.93 && roll < 0.96;
  const withMic = !isV1 && random() < 0.15;
  const record = createStationRecord(
    {
      serialNumber: serial,
      type: isV1 ? stationTypes.v1 : stationTypes.v2,
      firmwareVersion: isV1 ? pick(random, ["4.8.1", "4.9.0"]) : isUpdateRequired ? "5.8.1" : pick(random, v2Versions),
      address: { site: 11 + Math.floor(position / 250), host: (position % 250) + 2 },
      useCaseMode: withMic ? useCaseModes.audienceMicAndAssistiveListening : useCaseModes.assistiveListening,
      channelMode: random() < 0.2 ? "Stereo" : "Mono",
      firstSortId: 1,
    },
    random,
  );
  const { station } = record;
  const isUnauthorized = roll >= 0.86 && roll < 0.93;
  if (!isUnauthorized) {
    station.authorization.isAuthorized = true;
    const building = pick(random, buildings);
    station.name = `${building} ${pick(random, rooms)} ${randomInt(random, 1, 40)}`;
    const group = random() < 0.5 ? building : null;
    station.audioChannels.forEach((channel, offset) => {
      Object.assign(channel, {
        name: withMic ? `${station.name} – Q&A` : `${station.name} – ${languages[offset % languages.length]}`,
        group,
        pinCode: random() < 0.2 ? String(randomInt(random, 100_000, 999_999)) : null,
        isHidden: random() < 0.05,
        listenerCount: randomInt(random, 0, 40),
      });
    });
    // Between events a room is empty: its station can be updated without cutting anyone off.
    // A random of the station's own decides, so the fleet's other values stay as they were.
    if (seededRandom(seedFromText(`${serial}/idle`))() < idleShare) {
      for (const channel of station.audioChannels) channel.listenerCount = 0;
    }
  } else if (roll >= 0.91) {
    station.authorization.isRejected = true;
  }
  record.isOnline = !(roll >= 0.78 && roll < 0.86);

  let queue: SpeakerQueue | null = null;
  if (withMic && !isUnauthorized && random() < 0.4) {
    const channel = station.audioChannels[0]!;
    const count = randomInt(random, 1, 4);
    const speakers: Speaker[] = Array.from({ length: count }, (_, index) => ({
      index,
      displayName: pick(random, listenerNames),
      isSpeaking: index === 0,
      isMuted: false,
      requestedAt: new Date(now.getTime() - (count - index) * 60_000).toISOString(),
    }));
    queue = { channelId: channel.id, serialNumber: serial, speakers, nextIndex: count };
    // Whoever is in the mic queue is listening.
    channel.listenerCount = Math.max(channel.listenerCount, count);
  }
  return { record, queue };
}
