// One step of a rollout: look at what the stations that were sent Update report, pause on the first
// failure, move on to the next wave when the last one is done, and send Update to the waiting
// stations of the wave being worked on. Every step starts from the stored rollout and the
// Manager's firmware statuses, never from memory, so any process can take the next one — after a
// restart, or when the process that held the rollout's lease died. Update is sent only after
// `markUpdateSent` said yes: at most once per station and rollout, whoever steps.
import type { StationActOutcome } from "~/route-helpers/station-act.server";
import type { Rollout, RolloutReason, RolloutStation, RolloutStore } from "~/records/rollouts";
import { mapWithConcurrency } from "~/utils/bounded-concurrency";
import { judgeUpdatingStation, sendHold, wavePosition, type StationFirmware } from "./waves";

/** Update calls in flight at most, however large a wave. */
export const rolloutConcurrency = 8;

/** What a step asks of the Manager, with the token of the person the rollout acts for. */
export interface RolloutManager {
  /** Every station's firmware state, by serial number. */
  firmware(): Promise<Map<string, StationFirmware>>;
  /** Every station the Manager lists, with its listeners right now, by serial number. */
  stations(): Promise<Map<string, { listenerCount: number; name: string | null }>>;
  /** The firmware id of a version for a station type, or null when the Manager offers none. */
  firmwareId(stationType: string | null, version: string | null): Promise<string | null>;
  startUpdate(serialNumber: string, firmwareId: string): Promise<unknown>;
}

export interface StepDependencies {
  rollouts: RolloutStore;
  manager: RolloutManager;
  /** Sends Update through the one place that records each act on a station (the audit log). */
  act(station: { serialNumber: string; label: string | null }, run: () => Promise<unknown>): Promise<StationActOutcome>;
  now(): number;
}

async function pause(deps: StepDependencies, rollout: Rollout, reason: RolloutReason) {
  // Only a running rollout pauses: a pause by the admin or a cancel meanwhile stays as it is.
  await deps.rollouts.update(rollout.id, { state: "paused", reason }, ["running"]);
}

/** Settles the stations that were sent Update; returns whether the rollout paused for one of them. */
async function settleUpdating(deps: StepDependencies, rollout: Rollout, updating: readonly RolloutStation[]) {
  if (updating.length === 0) return false;
  const firmware = await deps.manager.firmware();
  let paused = false;
  for (const station of updating) {
    const verdict = judgeUpdatingStation(
      station,
      firmware.get(station.serialNumber),
      deps.now(),
      rollout.options.stationTimeoutMs,
    );
    if (verdict.kind === "done") {
      await deps.rollouts.updateStation(rollout.id, station.serialNumber, { state: "done", message: null }, [
        "updating",
      ]);
    } else if (verdict.kind === "failed") {
      const changed = await deps.rollouts.updateStation(
        rollout.id,
        station.serialNumber,
        { state: "failed", message: verdict.detail },
        ["updating"],
      );
      if (changed && rollout.state === "running") {
        await pause(deps, rollout, { code: verdict.code, serialNumber: station.serialNumber, detail: verdict.detail });
        paused = true;
      }
    }
  }
  return paused;
}

/** Sends Update to the wave's waiting stations that may have it now, eight calls at a time. */
async function sendWave(deps: StepDependencies, rollout: Rollout, waiting: readonly RolloutStation[]) {
  const [live, firmware] = await Promise.all([deps.manager.stations(), deps.manager.firmware()]);
  await mapWithConcurrency(waiting, rolloutConcurrency, async (station) => {
    const { serialNumber } = station;
    const hold = sendHold(station, live.get(serialNumber), firmware.get(serialNumber), rollout.options.updateNow);
    if (hold?.kind === "skip") {
      await deps.rollouts.updateStation(rollout.id, serialNumber, { state: "skipped", message: hold.message }, [
        "waiting",
      ]);
      return;
    }
    if (hold) {
      // Said once, not written again every step while the listeners stay.
      if (station.message !== hold.message) {
        await deps.rollouts.updateStation(rollout.id, serialNumber, { state: "waiting", message: hold.message }, [
          "waiting",
        ]);
      }
      return;
    }
    const firmwareId = await deps.manager.firmwareId(station.stationType, station.version);
    if (!firmwareId) {
      await deps.rollouts.updateStation(rollout.id, serialNumber, { state: "failed", message: "noFirmware" }, [
        "waiting",
      ]);
      await pause(deps, rollout, { code: "noFirmware", serialNumber, detail: station.version ?? undefined });
      return;
    }
    // The one gate for "at most once": false when another step (here or in another process) sent it.
    if (!(await deps.rollouts.markUpdateSent(rollout.id, serialNumber, new Date(deps.now())))) return;
    const label = live.get(serialNumber)?.name ?? null;
    const outcome = await deps.act({ serialNumber, label }, () => deps.manager.startUpdate(serialNumber, firmwareId));
    if (outcome.kind === "failed") {
      await deps.rollouts.updateStation(rollout.id, serialNumber, { state: "failed", message: outcome.messageKey }, [
        "updating",
      ]);
      await pause(deps, rollout, { code: "updateRefused", serialNumber, detail: outcome.messageKey });
    }
  });
}

/**
 * One step of the rollout. A paused or cancelled rollout still has the outcome of the stations
 * already sent Update recorded; only a running one moves on and sends.
 */
export async function stepRollout(deps: StepDependencies, rolloutId: string): Promise<void> {
  const rollout = await deps.rollouts.get(rolloutId);
  if (!rollout || rollout.state === "finished" || rollout.state === "failed") return;
  const updating = await deps.rollouts.stations(rolloutId, { states: ["updating"] });
  if (await settleUpdating(deps, rollout, updating)) return;
  if (rollout.state !== "running") return;

  const stations = await deps.rollouts.stations(rolloutId);
  const position = wavePosition(stations, rollout.currentWave);
  if (position.kind === "finished") {
    await deps.rollouts.update(rolloutId, { state: position.anyFailed ? "failed" : "finished", reason: null }, [
      "running",
    ]);
    return;
  }
  if (position.wave !== rollout.currentWave) {
    // The last wave is done: the next one starts (unless the admin paused meanwhile).
    const moved = await deps.rollouts.update(rolloutId, { currentWave: position.wave }, ["running"]);
    if (!moved) return;
  }
  const waiting = stations.filter((station) => station.wave === position.wave && station.state === "waiting");
  if (waiting.length > 0) await sendWave(deps, rollout, waiting);
}
