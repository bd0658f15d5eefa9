// The rollout driver: started with every console process (each worker of each instance), it steps
// every rollout that runs — and every paused or cancelled one with stations still updating — once
// a second, each under a lease of its own in the shared store. The lease is short and renewed
// every step: exactly one process drives a rollout, and when it dies another takes over within
// seconds, from the stored state and the Manager's firmware statuses (decision 062). The lease
// only keeps the work in one place; "Update at most once per station" does not depend on it
// (`markUpdateSent` in the durable store is the gate).
import { actOnStation } from "~/route-helpers/station-act.server";
import type { Rollout } from "~/records/rollouts";
import { observability } from "~/observability.server";
import { getRuntime } from "~/runtime.server";
import { actingSession } from "./acting-session.server";
import { rolloutManager } from "./rollout-manager.server";
import { stepRollout } from "./step";

export interface RolloutDriverOptions {
  /** How often each rollout is stepped. */
  stepEveryMs?: number;
  /** How long a lease lasts unless renewed: the longest a dead holder's rollouts stand still. */
  leaseMs?: number;
}

export interface RolloutDriver {
  /** Stops stepping and frees this process's leases (a graceful stop hands over at once). */
  stop(): Promise<void>;
}

const leaseName = (rolloutId: string) => `rollout:${rolloutId}`;

/**
 * The rollouts to step: those running, and paused or cancelled ones whose stations still update
 * (their outcome is recorded; nothing more is sent for them).
 */
async function rolloutsToStep(): Promise<Rollout[]> {
  const { records } = getRuntime();
  if (!records) return [];
  const [running, stopped] = await Promise.all([
    records.rollouts.list({ skip: 0, take: 100 }, { states: ["running"] }),
    records.rollouts.list({ skip: 0, take: 50 }, { states: ["paused", "cancelled"] }),
  ]);
  return [...running.rows, ...stopped.rows.filter((rollout) => rollout.stationCounts.updating > 0)];
}

async function step(rollout: Rollout) {
  const { records } = getRuntime();
  const acting = await actingSession(rollout.id);
  if (!acting) {
    // Nobody to act for at the Manager: the admin's session ended. Resuming lends a new one.
    await records!.rollouts.update(rollout.id, { state: "paused", reason: { code: "signedOut" } }, ["running"]);
    return;
  }
  await stepRollout(
    {
      rollouts: records!.rollouts,
      manager: rolloutManager(acting.manager),
      act: (station, run) =>
        actOnStation({
          user: acting.user,
          action: "rollout.update",
          serialNumber: station.serialNumber,
          label: station.label,
          failedKey: "stations:bulk.failures.updateFirmware",
          run,
        }),
      now: () => Date.now(),
    },
    rollout.id,
  );
}

export function startRolloutDriver(options: RolloutDriverOptions = {}): RolloutDriver {
  const stepEveryMs = options.stepEveryMs ?? 1000;
  const leaseMs = options.leaseMs ?? 5000;
  const held = new Map<string, string>();
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  /** Holds (or renews) the rollout's lease; false when another process holds it. */
  async function hold(rolloutId: string) {
    const { locks } = getRuntime().store;
    const token = held.get(rolloutId);
    if (token && (await locks.renew(leaseName(rolloutId), token, leaseMs))) return true;
    held.delete(rolloutId);
    const taken = await locks.acquire(leaseName(rolloutId), leaseMs);
    if (taken) held.set(rolloutId, taken);
    return taken !== null;
  }

  async function tick() {
    const rollouts = await rolloutsToStep();
    const current = new Set(rollouts.map((rollout) => rollout.id));
    for (const [rolloutId, token] of held) {
      if (current.has(rolloutId)) continue;
      held.delete(rolloutId);
      await getRuntime().store.locks.release(leaseName(rolloutId), token);
    }
    for (const rollout of rollouts) {
      if (stopped) return;
      try {
        if (await hold(rollout.id)) await step(rollout);
      } catch (error) {
        // The Manager or a store away for a moment: the next step tries again.
        observability().error(error, `Rollout ${rollout.id}: the step failed; the next one tries again`);
      }
    }
  }

  let timer: NodeJS.Timeout | null = null;
  function schedule() {
    if (stopped) return;
    // The next tick after this one ends: a slow Manager delays it instead of piling ticks up.
    timer = setTimeout(() => {
      running = tick()
        .catch((error) => observability().error(error, "The rollout driver could not read the rollouts"))
        .finally(schedule);
    }, stepEveryMs);
    timer.unref();
  }
  schedule();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      const { locks } = getRuntime().store;
      await Promise.all([...held].map(([rolloutId, token]) => locks.release(leaseName(rolloutId), token)));
      held.clear();
    },
  };
}
