// Shows on the live simulator (issue 35, item 5): an audience that arrives before the start,
// peaks, dips at the interval and leaves, set on a station's channels step by step on the
// simulator's clock (so each change is pushed on the stations hub, as with a real Manager). A test
// (or the fleet's own life) starts one; a channel can be muted mid-show (its listeners drop out
// until it is unmuted) and a station dropped off the network for a while (its listeners are gone
// until it is back and they return).
import type { Clock, ClockTimer } from "../clock";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { takeOffline, setListenerCount } from "../fleet/listeners";
import { requireChannel, requireStation } from "../fleet/lookup";
import { audienceAt, type ShowPlan } from "./show";

/** The audience moves every 15 simulated seconds. */
export const showStepMs = 15_000;

interface Run {
  plan: ShowPlan;
  /** Simulated ms since the show was asked for (the plan's times count from there). */
  elapsed: number;
  timer: ClockTimer;
  wobbleSeed: number;
}

const channelKey = (serialNumber: string, channelIndex: number) => `${serialNumber}/${channelIndex}`;

export class ShowRunner {
  private readonly runs = new Map<string, Run>();
  private readonly muted = new Set<string>();
  private readonly returning = new Map<string, ClockTimer>();

  constructor(
    private readonly state: ManagerState,
    private readonly clock: Clock,
  ) {}

  /** Starts a show on the station (replacing one running there); times count from now. */
  start(serialNumber: string, plan: ShowPlan): { serialNumber: string; plan: ShowPlan } {
    const record = requireStation(this.state, serialNumber);
    if (!record.station.authorization.isAuthorized) {
      throw problems.conflict("The station is not authorized: nobody can listen to it.", { serialNumber });
    }
    this.runs.get(serialNumber)?.timer.cancel();
    const run: Run = { plan, elapsed: 0, timer: { cancel() {} }, wobbleSeed: this.runs.size + serialNumber.length };
    this.runs.set(serialNumber, run);
    this.step(serialNumber, run);
    return { serialNumber, plan };
  }

  get runningShows(): string[] {
    return [...this.runs.keys()];
  }

  /** A muted channel: its listeners drop out now, and none listen until it is unmuted. */
  mute(serialNumber: string, channelIndex: number, muted: boolean) {
    const record = requireStation(this.state, serialNumber);
    requireChannel(record, channelIndex);
    const key = channelKey(serialNumber, channelIndex);
    if (muted) {
      this.muted.add(key);
      if (record.isOnline) setListenerCount(this.state, serialNumber, 0, channelIndex);
    } else {
      this.muted.delete(key);
      const run = this.runs.get(serialNumber);
      if (run) this.apply(serialNumber, run);
    }
    return { serialNumber, channelIndex, muted };
  }

  /** The station drops off the network for a while (its listeners with it), then comes back. */
  drop(serialNumber: string, offlineMs: number) {
    const record = requireStation(this.state, serialNumber);
    if (!record.isOnline) throw problems.conflict("The station is off the network already.", { serialNumber });
    takeOffline(this.state, record);
    this.state.commitStation(record, { channels: record.station.audioChannels });
    this.returning.get(serialNumber)?.cancel();
    this.returning.set(
      serialNumber,
      this.clock.after(offlineMs, () => {
        this.returning.delete(serialNumber);
        const back = this.state.findStation(serialNumber);
        if (!back || back.isOnline) return;
        back.isOnline = true;
        this.state.commitStation(back);
        const run = this.runs.get(serialNumber);
        if (run) this.apply(serialNumber, run);
      }),
    );
    return { serialNumber, offlineMs };
  }

  stopAll() {
    for (const run of this.runs.values()) run.timer.cancel();
    for (const timer of this.returning.values()) timer.cancel();
    this.runs.clear();
    this.returning.clear();
    this.muted.clear();
  }

  private apply(serialNumber: string, run: Run) {
    const record = this.state.findStation(serialNumber);
    if (!record || !record.isOnline) return;
    const channels = record.station.audioChannels;
    const counts = audienceAt(run.plan, run.elapsed, channels.length, run.wobbleSeed);
    channels.forEach((channel, position) => {
      const count = this.muted.has(channelKey(serialNumber, channel.index)) ? 0 : counts[position]!;
      if (channel.listenerCount !== count) setListenerCount(this.state, serialNumber, count, channel.index);
    });
  }

  private step(serialNumber: string, run: Run) {
    this.apply(serialNumber, run);
    if (run.elapsed >= run.plan.endsAt + run.plan.leaveMs) {
      this.runs.delete(serialNumber);
      return;
    }
    run.timer = this.clock.after(showStepMs, () => {
      run.elapsed += showStepMs;
      if (this.runs.get(serialNumber) === run) this.step(serialNumber, run);
    });
  }
}
