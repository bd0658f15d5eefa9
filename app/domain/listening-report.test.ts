import { describe, expect, it } from "vitest";
import { buildEventReport, entitiesInScope, type ReportEntity } from "~/domain/listening-report";
import { minuteMs } from "~/domain/listening-series";

const entity = (id: number, serialNumber: string, channelIndex: number): ReportEntity => ({
  id,
  serialNumber,
  channelIndex,
  stationName: `Hall ${serialNumber}`,
  channelName: channelIndex === 0 ? null : channelIndex === 1 ? "English" : "Deutsch",
});
const entities = [entity(1, "A", 0), entity(2, "A", 1), entity(3, "A", 2), entity(4, "B", 0), entity(5, "B", 1)];
const range = { from: 0, to: 180 * minuteMs };

describe("an event's report", () => {
  it("covers every channel and station of the venue, or only those named", () => {
    expect(entitiesInScope(entities, []).channels.map((e) => e.id)).toEqual([2, 3, 5]);
    const named = entitiesInScope(entities, ["B", "A/2"]);
    expect(named.channels.map((e) => e.id)).toEqual([3, 5]);
    expect(named.stations.map((e) => e.id)).toEqual([4]);
  });

  it("adds listener-minutes and estimates sessions: those there at the start plus each arrival", () => {
    const { channels, stations } = entitiesInScope(entities, []);
    const report = buildEventReport({
      channels,
      stations,
      figures: new Map([
        [2, { peak: 30, listenerMs: 3000 * minuteMs, arrivals: 25 }],
        [3, { peak: 10, listenerMs: 600 * minuteMs, arrivals: 8 }],
        [1, { peak: 38, listenerMs: 3600 * minuteMs, arrivals: 33 }],
        [5, { peak: 0, listenerMs: 0, arrivals: 0 }],
      ]),
      atStart: new Map([[2, 5]]),
      peak: { listeners: 38, at: 70 * minuteMs },
      peakIsUpperBound: false,
      knownShare: 0.97,
      outages: [
        { serialNumber: "A", startsAt: 80 * minuteMs, endsAt: 84 * minuteMs, listeners: 36 },
        { serialNumber: "B", startsAt: 300 * minuteMs, endsAt: null, listeners: 0 },
      ],
      range,
    });
    expect(report.listenerMinutes).toBe(3600);
    expect(report.sessions).toBe(30 + 8);
    expect(report.averageSessionMinutes).toBeCloseTo(3600 / 38);
    // Quiet channels and stations are left out; the busiest first.
    expect(report.channels.map((row) => [row.channelName, row.peak, row.sessions])).toEqual([
      ["English", 30, 30],
      ["Deutsch", 10, 8],
    ]);
    expect(report.stations).toEqual([
      expect.objectContaining({ serialNumber: "A", peak: 38, listenerMinutes: 3600, sessions: 38 }),
    ]);
    // Only what happened during the event: A dropped out with 36 listeners for four minutes.
    expect(report.dropouts).toEqual([
      { serialNumber: "A", stationName: "Hall A", at: 80 * minuteMs, until: 84 * minuteMs, listeners: 36 },
    ]);
  });

  it("with nobody listening there are no sessions and no average", () => {
    const report = buildEventReport({
      channels: [],
      stations: [],
      figures: new Map(),
      atStart: new Map(),
      peak: null,
      peakIsUpperBound: false,
      knownShare: 1,
      outages: [],
      range,
    });
    expect(report).toMatchObject({ listenerMinutes: 0, sessions: 0, averageSessionMinutes: null, peak: null });
  });
});
