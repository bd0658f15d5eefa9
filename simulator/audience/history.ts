// A venue's past (issue 35, item 5): which shows each room had over the last months, so the demo's
// listener history has something to show the first time it starts (and the bench a venue of any
// size). Each station is a room of one kind — a theatre with evening shows and weekend matinées,
// a church with Sunday services, a lecture hall with weekday lectures, a conference room — with
// the same audience shape as the live simulator's shows, now and then a station that drops out
// mid-show for a few minutes. Deterministic: the same fleet and dates give the same past.
import { randomInt, seededRandom, seedFromText, type Random } from "../fleet/ids";
import type { ShowPlan } from "./show";

export interface HistoryStation {
  serialNumber: string;
  name: string | null;
  channels: { index: number; name: string }[];
}

export interface PastShow {
  serialNumber: string;
  plan: ShowPlan;
  /** The station off the network for a while during the show (a reboot, a pulled cable). */
  drop: { at: number; durationMs: number } | null;
}

const minute = 60_000;
const hour = 60 * minute;

type RoomKind = "theatre" | "church" | "lectureHall" | "conference";
const kinds: readonly RoomKind[] = ["theatre", "church", "lectureHall", "conference"];

/** A local time on a day (the console's time zone, as the venue lives by it). */
function at(day: Date, hours: number, minutes = 0) {
  const time = new Date(day);
  time.setHours(hours, minutes, 0, 0);
  return time.getTime();
}

function show(
  random: Random,
  startsAt: number,
  durationMs: number,
  peak: number,
  interval: ShowPlan["interval"],
): Omit<PastShow, "serialNumber"> {
  const plan: ShowPlan = {
    startsAt,
    endsAt: startsAt + durationMs,
    peak: Math.max(1, Math.round(peak * (0.7 + random() * 0.5))),
    arriveMs: randomInt(random, 10, 25) * minute,
    leaveMs: randomInt(random, 5, 12) * minute,
    interval,
  };
  // About one show in twenty-five loses its station for a few minutes.
  const drop =
    random() < 0.04
      ? { at: startsAt + Math.round(random() * durationMs * 0.8), durationMs: randomInt(random, 2, 6) * minute }
      : null;
  return { plan, drop };
}

/** What one room had on one day. */
function showsOfDay(kind: RoomKind, random: Random, day: Date, basePeak: number): Omit<PastShow, "serialNumber">[] {
  const weekday = day.getDay();
  const shows: Omit<PastShow, "serialNumber">[] = [];
  switch (kind) {
    case "theatre":
      if (weekday !== 1 && random() < 0.85)
        shows.push(
          show(random, at(day, 19, 30), 150 * minute, basePeak, {
            afterMs: 70 * minute,
            durationMs: 20 * minute,
            stay: 0.35,
          }),
        );
      if ((weekday === 0 || weekday === 6) && random() < 0.6)
        shows.push(
          show(random, at(day, 15), 140 * minute, basePeak * 0.8, {
            afterMs: 65 * minute,
            durationMs: 20 * minute,
            stay: 0.35,
          }),
        );
      break;
    case "church":
      if (weekday === 0) shows.push(show(random, at(day, 10), 75 * minute, basePeak, null));
      if (weekday === 3 && random() < 0.5) shows.push(show(random, at(day, 19), 60 * minute, basePeak * 0.4, null));
      break;
    case "lectureHall":
      if (weekday >= 1 && weekday <= 5) {
        if (random() < 0.9)
          shows.push(
            show(random, at(day, 9, 15), 90 * minute, basePeak, {
              afterMs: 45 * minute,
              durationMs: 10 * minute,
              stay: 0.7,
            }),
          );
        if (random() < 0.6) shows.push(show(random, at(day, 14), 90 * minute, basePeak * 0.7, null));
      }
      break;
    case "conference":
      if (weekday >= 1 && weekday <= 5 && random() < 0.3)
        shows.push(show(random, at(day, 9), 8 * hour, basePeak, { afterMs: 3 * hour, durationMs: hour, stay: 0.2 }));
      break;
  }
  return shows;
}

/** Every show of every station between the two times, in order of their first arrivals. */
export function pastShows(stations: readonly HistoryStation[], from: number, to: number): PastShow[] {
  const shows: PastShow[] = [];
  for (const station of stations) {
    const own = seededRandom(seedFromText(station.serialNumber));
    const kind = kinds[Math.floor(own() * kinds.length)]!;
    const basePeak = randomInt(own, 8, 70);
    for (let day = new Date(from); day.getTime() < to; day.setDate(day.getDate() + 1)) {
      day.setHours(0, 0, 0, 0);
      const random = seededRandom(seedFromText(`${station.serialNumber} ${day.toDateString()}`));
      for (const past of showsOfDay(kind, random, day, basePeak)) {
        if (past.plan.endsAt + past.plan.leaveMs <= from || past.plan.startsAt - past.plan.arriveMs >= to) continue;
        shows.push({ serialNumber: station.serialNumber, ...past });
      }
    }
  }
  return shows.sort((a, b) => a.plan.startsAt - a.plan.arriveMs - (b.plan.startsAt - b.plan.arriveMs));
}
