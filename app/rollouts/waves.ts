// The rules of a firmware rollout in waves (issue 27, item 3), pure so the driver, the screens and
// the unit tests share them: when a station that was sent Update is done, failed or too late; which
// wave is worked on; and whether a waiting station may be sent Update now.
import { updateStatus } from "~/contract/values";
import { compareVersions, updateStatusName } from "~/domain/firmware";
import type { RolloutStation, RolloutStationState } from "~/records/rollouts";

/** The updater's word on one station, as the rollout reads it. */
export interface StationFirmware {
  status: number;
  currentVersion: string;
}

/** Firmware statuses that end an update as a failure: the rollout pauses on them. */
const failedStatuses = new Set<number>([updateStatus.UpdateFailed, updateStatus.Error, updateStatus.Rolledback]);

export type UpdatingVerdict =
  | { kind: "updating" }
  | { kind: "done" }
  /** `detail`: the firmware status by name (UpdateFailed, Error, Rolledback), or `timedOut`. */
  | { kind: "failed"; code: "stationFailed" | "stationTimedOut"; detail: string };

/**
 * What became of a station that was sent Update: done once it reports Current on the version it
 * was to get (or a newer one); failed when it ends UpdateFailed, Error or Rolledback, or has not
 * come back `timeoutMs` after Update was sent (a station the updater no longer lists included).
 */
export function judgeUpdatingStation(
  station: Pick<RolloutStation, "version" | "updateSentAt">,
  firmware: StationFirmware | undefined,
  now: number,
  timeoutMs: number,
): UpdatingVerdict {
  if (firmware) {
    if (failedStatuses.has(firmware.status)) {
      return { kind: "failed", code: "stationFailed", detail: updateStatusName(firmware.status) };
    }
    const reached = station.version === null || compareVersions(firmware.currentVersion, station.version) >= 0;
    // Current on the old version is the moment before the update starts: not done yet.
    if (firmware.status === updateStatus.Current && reached) return { kind: "done" };
  }
  const sentAt = station.updateSentAt ? Date.parse(station.updateSentAt) : now;
  if (now - sentAt > timeoutMs) return { kind: "failed", code: "stationTimedOut", detail: "timedOut" };
  return { kind: "updating" };
}

const endedStates = new Set<RolloutStationState>(["done", "failed", "skipped", "cancelled"]);

export function hasEnded(station: Pick<RolloutStation, "state">) {
  return endedStates.has(station.state);
}

export type WavePosition =
  /** Work on this wave: it has stations still waiting or updating. */
  | { kind: "wave"; wave: number }
  /** Every station has ended. */
  | { kind: "finished"; anyFailed: boolean };

/**
 * The wave to work on: the stored one while any of its stations has not ended, else the first
 * later wave that has one. The next wave starts only when every station of the last one ended —
 * done (Current again) or, after the admin resumed a paused rollout, failed or skipped.
 */
export function wavePosition(
  stations: readonly Pick<RolloutStation, "wave" | "state">[],
  currentWave: number,
): WavePosition {
  const open = stations.filter((station) => !hasEnded(station) && station.wave >= currentWave);
  const earlier = stations.filter((station) => !hasEnded(station) && station.wave < currentWave);
  // A station left behind in an earlier wave (it cannot be, but a hand-edited record could) comes first.
  const pending = earlier.length > 0 ? earlier : open;
  if (pending.length === 0) {
    return { kind: "finished", anyFailed: stations.some((station) => station.state === "failed") };
  }
  return { kind: "wave", wave: Math.min(...pending.map((station) => station.wave)) };
}

/** Why a waiting station is not sent Update now (it stays waiting, or is skipped). */
export type SendHold =
  /** Listeners are connected and the admin did not choose "update now": it waits until they leave. */
  | { kind: "wait"; message: "listeners" }
  /** Nothing to do: it already runs the version (or a newer one), or the Manager no longer lists it. */
  | { kind: "skip"; message: "alreadyCurrent" | "gone" };

export function sendHold(
  station: Pick<RolloutStation, "version">,
  live: { listenerCount: number } | undefined,
  firmware: StationFirmware | undefined,
  updateNow: boolean,
): SendHold | null {
  if (!live) return { kind: "skip", message: "gone" };
  if (firmware && station.version !== null && compareVersions(firmware.currentVersion, station.version) >= 0) {
    return { kind: "skip", message: "alreadyCurrent" };
  }
  if (!updateNow && live.listenerCount > 0) return { kind: "wait", message: "listeners" };
  return null;
}
