// The fleet's spontaneous life, on when the simulator runs "autonomous" (the demo and
// development; tests turn it off and drive everything themselves): listeners come and go and
// ask for the audience mic, system events are raised, and stations that left the Manager's
// books (deleted, or rejected and reset) knock again after a while.
import { durations, type ClockTimer } from "../clock";
import { systemEventCodes, type SystemEventCodeName } from "../events/codes";
import { raiseKnownEvent } from "../events/system-events";
import { ProblemError } from "../problems";
import type { ManagerState } from "../state";
import { computedStateOf, isModerated } from "./derive";
import { pick, randomInt, runtimeRandom } from "./ids";
import { setListenerCount } from "./listeners";
import { askForMic } from "./moderation";
import { reconnectStation } from "./presence";
import type { StationRecord } from "./records";
import type { ShowRunner } from "../audience/shows";

const listenerNames = [
  "Aylin",
  "Bruno",
  "Clara",
  "Daniel",
  "Elif",
  "Felix",
  "Greta",
  "Hugo",
  "Ida",
  "Jamal",
  "Kira",
  "Leon",
];

/** Of the listener activities that are not about the mic, the share that empties a room. */
const emptyRoomChance = 0.15;

export class FleetLife {
  private readonly timers = new Set<ClockTimer>();
  private readonly returning = new Map<string, ClockTimer>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly state: ManagerState,
    private readonly shows?: ShowRunner,
  ) {}

  get isRunning(): boolean {
    return this.unsubscribe !== null;
  }

  start() {
    if (this.isRunning) return;
    this.unsubscribe = this.state.subscribe((change) => {
      if (change.kind === "station" && change.action === "Remove") this.scheduleReturn(change.station.serialNumber);
    });
    for (const record of this.state.records.values()) this.scheduleReturn(record.station.serialNumber);
    this.every(durations.listenerActivity, () => this.listenerActivity());
    this.every(durations.systemEventActivity, () => this.systemEventActivity());
    if (this.shows) this.every(durations.showActivity, () => this.showActivity());
  }

  stop() {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const timer of [...this.timers, ...this.returning.values()]) timer.cancel();
    this.timers.clear();
    this.returning.clear();
  }

  private every(interval: { min: number; max: number }, work: () => void) {
    const timer = this.state.clock.after(randomInt(runtimeRandom, interval.min, interval.max), () => {
      this.timers.delete(timer);
      work();
      if (this.isRunning) this.every(interval, work);
    });
    this.timers.add(timer);
  }

  private scheduleReturn(serialNumber: string) {
    const record = this.state.records.get(serialNumber);
    if (!record || record.presence === "present" || this.returning.has(serialNumber)) return;
    const delay = record.presence === "deleted" ? durations.deletedStationReturn : durations.rejectedStationReturn;
    const timer = this.state.clock.after(delay, () => {
      this.returning.delete(serialNumber);
      if (this.state.records.get(serialNumber)?.presence !== "present") reconnectStation(this.state, serialNumber);
    });
    this.returning.set(serialNumber, timer);
  }

  private connectedStations(): StationRecord[] {
    return [...this.state.presentStations()].filter(
      (record) => record.station.authorization.isAuthorized && computedStateOf(record) === "Connected",
    );
  }

  private listenerActivity() {
    const connected = this.connectedStations();
    const withMic = connected.filter(
      (record) => isModerated(record) && record.station.audioChannels.some((channel) => channel.uplinkEnabled),
    );
    if (withMic.length > 0 && runtimeRandom() < 0.6) {
      const record = pick(runtimeRandom, withMic);
      const channel = pick(
        runtimeRandom,
        record.station.audioChannels.filter((candidate) => candidate.uplinkEnabled),
      );
      try {
        askForMic(this.state, record.station.serialNumber, channel.index, pick(runtimeRandom, listenerNames));
      } catch (error) {
        // A full mic with the queue off turns the listener away; that is life, not a failure.
        if (!(error instanceof ProblemError)) throw error;
      }
      return;
    }
    if (connected.length === 0) return;
    const record = pick(runtimeRandom, connected);
    // Now and then the event in a room ends and everyone leaves: a station free to update.
    if (runtimeRandom() < emptyRoomChance) {
      setListenerCount(this.state, record.station.serialNumber, 0);
      return;
    }
    const channel = pick(runtimeRandom, record.station.audioChannels);
    if (!channel?.isEnabled) return;
    channel.listenerCount = Math.max(0, channel.listenerCount + randomInt(runtimeRandom, -2, 3));
    this.state.commitStation(record, { channels: [channel] });
  }

  /** A show begins in a room without one: its audience arrives, peaks, takes an interval, leaves. */
  private showActivity() {
    const running = new Set(this.shows!.runningShows);
    const free = this.connectedStations().filter((record) => !running.has(record.station.serialNumber));
    if (free.length === 0) return;
    const record = pick(runtimeRandom, free);
    const minute = 60_000;
    const startsAt = randomInt(runtimeRandom, 5, 15) * minute;
    const durationMs = randomInt(runtimeRandom, 40, 100) * minute;
    this.shows!.start(record.station.serialNumber, {
      startsAt,
      endsAt: startsAt + durationMs,
      peak: randomInt(runtimeRandom, 8, 60),
      arriveMs: 15 * minute,
      leaveMs: 8 * minute,
      interval:
        runtimeRandom() < 0.5 ? { afterMs: Math.round(durationMs * 0.45), durationMs: 15 * minute, stay: 0.35 } : null,
    });
  }

  private systemEventActivity() {
    const code = pick(runtimeRandom, Object.keys(systemEventCodes) as SystemEventCodeName[]);
    const present = [...this.state.presentStations()];
    const record = present.length > 0 ? pick(runtimeRandom, present) : undefined;
    const latest = this.state.latestVersionFor(record?.station.type ?? 2) ?? "6.10.0";
    const parameters: Record<string, string> = {
      version: latest,
      channelIndex: "1",
      days: String(randomInt(runtimeRandom, 3, 30)),
      latencyMs: String(randomInt(runtimeRandom, 20, 80)),
      message: "Scheduled maintenance check finished",
    };
    const wanted = systemEventCodes[code].parameters;
    const chosen = Object.fromEntries(
      Object.entries(parameters).filter(([name]) => (wanted as readonly string[]).includes(name)),
    );
    const isStationEvent = ![
      "certificateExpiresSoon",
      "databaseBackupFailed",
      "unclassified",
      "firmwareUpdateAvailable",
    ].includes(code);
    raiseKnownEvent(this.state, code, isStationEvent ? (record?.station.serialNumber ?? null) : null, chosen);
  }
}
