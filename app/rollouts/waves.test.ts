import { describe, expect, it } from "vitest";
import { updateStatus } from "~/contract/values";
import type { RolloutStationState } from "~/records/rollouts";
import { judgeUpdatingStation, sendHold, wavePosition } from "./waves";

const sentAt = "2026-11-26T08:00:00.000Z";
const now = Date.parse(sentAt);
const minute = 60_000;
const station = { version: "6.10.0", updateSentAt: sentAt };

describe("judgeUpdatingStation", () => {
  it("is done only once Current on the version it was to get, or a newer one", () => {
    const current = (currentVersion: string) => ({ status: updateStatus.Current, currentVersion });
    expect(judgeUpdatingStation(station, current("6.2.0"), now, minute)).toEqual({ kind: "updating" });
    expect(judgeUpdatingStation(station, current("6.10.0"), now, minute)).toEqual({ kind: "done" });
    expect(judgeUpdatingStation(station, current("6.11.0"), now, minute)).toEqual({ kind: "done" });
    const downloading = { status: updateStatus.Downloading, currentVersion: "6.2.0" };
    expect(judgeUpdatingStation(station, downloading, now, minute)).toEqual({ kind: "updating" });
  });

  it("fails on UpdateFailed, Error and Rolledback, naming the status", () => {
    for (const name of ["UpdateFailed", "Error", "Rolledback"] as const) {
      const firmware = { status: updateStatus[name], currentVersion: "6.2.0" };
      expect(judgeUpdatingStation(station, firmware, now, minute)).toEqual({
        kind: "failed",
        code: "stationFailed",
        detail: name,
      });
    }
  });

  it("fails when the station has not come back within the timeout, listed or not", () => {
    const away = { status: updateStatus.WaitingForDevice, currentVersion: "6.2.0" };
    expect(judgeUpdatingStation(station, away, now + minute, minute).kind).toBe("updating");
    expect(judgeUpdatingStation(station, away, now + minute + 1, minute)).toMatchObject({ code: "stationTimedOut" });
    expect(judgeUpdatingStation(station, undefined, now + minute + 1, minute)).toMatchObject({
      code: "stationTimedOut",
    });
  });
});

describe("wavePosition", () => {
  it("stays on a wave until every station of it has ended, then goes to the next with work", () => {
    const stations: { wave: number; state: RolloutStationState }[] = [
      { wave: 0, state: "done" },
      { wave: 1, state: "updating" },
      { wave: 1, state: "done" },
      { wave: 2, state: "waiting" },
    ];
    expect(wavePosition(stations, 1)).toEqual({ kind: "wave", wave: 1 });
    stations[1]!.state = "done";
    expect(wavePosition(stations, 1)).toEqual({ kind: "wave", wave: 2 });
    stations[3]!.state = "done";
    expect(wavePosition(stations, 2)).toEqual({ kind: "finished", anyFailed: false });
    stations[0]!.state = "failed";
    expect(wavePosition(stations, 2)).toEqual({ kind: "finished", anyFailed: true });
  });
});

describe("sendHold", () => {
  const live = (listenerCount: number) => ({ listenerCount });
  const old = { status: updateStatus.Current, currentVersion: "6.2.0" };

  it("lets a station with listeners wait, unless update now", () => {
    expect(sendHold(station, live(3), old, false)).toEqual({ kind: "wait", message: "listeners" });
    expect(sendHold(station, live(3), old, true)).toBeNull();
    expect(sendHold(station, live(0), old, false)).toBeNull();
  });

  it("skips a station already on the version, and one the Manager no longer lists", () => {
    const current = { status: updateStatus.Current, currentVersion: "6.10.0" };
    expect(sendHold(station, live(0), current, false)).toEqual({ kind: "skip", message: "alreadyCurrent" });
    expect(sendHold(station, undefined, old, false)).toEqual({ kind: "skip", message: "gone" });
  });
});
