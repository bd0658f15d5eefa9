import { describe, expect, it } from "vitest";
import { hourMs, minuteMs } from "~/domain/listening-series";
import type { KeyedSample } from "~/records/listening";
import {
  newObserverState,
  observeChannel,
  observeFleet,
  observeNothing,
  observeStation,
  type StationReading,
} from "./observer";

const hour = Date.UTC(2026, 2, 14, 19, 0, 0);

function station(serialNumber: string, counts: number[], running = true): StationReading {
  return {
    serialNumber,
    name: `Hall ${serialNumber}`,
    running,
    channels: counts.map((listeners, index) => ({ index: index + 1, name: `Channel ${index + 1}`, listeners })),
  };
}

const samplesOf = (samples: KeyedSample[]) =>
  samples.map((sample) => `${sample.serialNumber || "venue"}/${sample.channelIndex}=${sample.listeners}`).sort();

describe("what the sampler stores", () => {
  it("starts with a keyframe of every count that is not 0, then stores only changes", () => {
    const state = newObserverState();
    const first = observeFleet(state, [station("A", [3, 0]), station("B", [0, 0])], hour + minuteMs);
    expect(samplesOf(first.samples)).toEqual(["A/0=3", "A/1=3", "venue/0=3"]);
    expect(first.samples.every((sample) => sample.at === hour + minuteMs)).toBe(true);
    expect(first.names.map((name) => `${name.serialNumber}/${name.channelIndex}`)).toEqual([
      "A/0",
      "A/1",
      "A/2",
      "B/0",
      "B/1",
      "B/2",
    ]);

    const second = observeFleet(state, [station("A", [3, 0]), station("B", [0, 4])], hour + 2 * minuteMs);
    expect(samplesOf(second.samples)).toEqual(["B/0=4", "B/2=4", "venue/0=7"]);
    expect(second.names).toEqual([]);
  });

  it("writes each full hour's keyframe with what was known at its start, before what changed after", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [3])], hour - minuteMs);
    const next = observeFleet(state, [station("A", [5])], hour + 30_000);
    expect(next.samples.filter((sample) => sample.at === hour).map((sample) => sample.listeners)).toEqual([3, 3, 3]);
    expect(samplesOf(next.samples.filter((sample) => sample.at === hour + 30_000))).toEqual([
      "A/0=5",
      "A/1=5",
      "venue/0=5",
    ]);
  });

  it("a station that stops: its counts become unknown (not 0) and an outage keeps the listeners it had", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [2, 5]), station("B", [1])], hour);
    const stopped = observeFleet(state, [station("A", [0, 0], false), station("B", [1])], hour + minuteMs);
    expect(samplesOf(stopped.samples)).toEqual(["A/0=null", "A/1=null", "A/2=null", "venue/0=1"]);
    expect(stopped.outages).toEqual([{ serialNumber: "A", startsAt: hour + minuteMs, endsAt: null, listeners: 7 }]);

    const back = observeFleet(state, [station("A", [1, 0]), station("B", [1])], hour + 3 * minuteMs);
    expect(back.outages).toEqual([
      { serialNumber: "A", startsAt: hour + minuteMs, endsAt: hour + 3 * minuteMs, listeners: 7 },
    ]);
    expect(samplesOf(back.samples)).toEqual(["A/0=1", "A/1=1", "A/2=0", "venue/0=2"]);
  });

  it("a moment nothing can be read is a gap with its reason, once, and the next reading ends it with a keyframe", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [2])], hour);
    const away = observeNothing(state, hour + minuteMs, "managerUnreachable");
    expect(away.samples).toEqual([{ serialNumber: "", channelIndex: 0, at: hour + minuteMs, listeners: null }]);
    expect(away.gaps).toEqual([{ startsAt: hour + minuteMs, endsAt: null, reason: "managerUnreachable" }]);
    expect(observeNothing(state, hour + 2 * minuteMs, "noSession")).toMatchObject({ samples: [], gaps: [] });
    // Pushes while nothing is known are not stored: only a full reading ends the gap.
    expect(
      observeChannel(state, { serialNumber: "A", index: 1, name: "Channel 1", listeners: 9 }, hour + 150_000).samples,
    ).toEqual([]);

    const back = observeFleet(state, [station("A", [2])], hour + 3 * minuteMs);
    expect(samplesOf(back.samples)).toEqual(["A/0=2", "A/1=2", "venue/0=2"]);
    expect(back.gaps).toEqual([
      { startsAt: hour + minuteMs, endsAt: hour + 3 * minuteMs, reason: "managerUnreachable" },
    ]);
  });

  it("a pushed channel changes the channel, its station's total and the venue's", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [2, 1])], hour);
    const pushed = observeChannel(state, { serialNumber: "A", index: 2, name: "Channel 2", listeners: 4 }, hour + 5000);
    expect(samplesOf(pushed.samples)).toEqual(["A/0=6", "A/2=4", "venue/0=6"]);
    const removed = observeStation(state, null, "A", hour + 6000);
    expect(samplesOf(removed.samples)).toEqual(["A/0=null", "A/1=null", "A/2=null", "venue/0=0"]);
  });

  it("a listed station pushed since the list was asked for keeps the pushed count", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [2])], hour);
    observeChannel(state, { serialNumber: "A", index: 1, name: "Channel 1", listeners: 6 }, hour + 1000);
    const stale = observeFleet(state, [station("A", [2])], hour + 2000, new Set(["A"]));
    expect(stale.samples).toEqual([]);
  });

  it("a station no longer listed stops being known, then is no part of the venue's next keyframe", () => {
    const state = newObserverState();
    observeFleet(state, [station("A", [2]), station("B", [1])], hour - minuteMs);
    const gone = observeFleet(state, [station("B", [1])], hour - 30_000);
    expect(samplesOf(gone.samples)).toEqual(["A/0=null", "A/1=null", "venue/0=1"]);
    const nextHour = observeFleet(state, [station("B", [1])], hour + hourMs / 2);
    expect(samplesOf(nextHour.samples.filter((sample) => sample.at === hour))).toEqual(["B/0=1", "B/1=1", "venue/0=1"]);
  });
});
