// Every simulated duration (reboots, resets, firmware steps, listeners arriving) goes through
// this clock, so one speed factor makes the whole fleet live faster — tests run at 50× or more.
// Dates the console shows (event dates, token expiry) stay on the wall clock: speeding up the
// fleet must not make tokens expire or events date from the future.

export interface ClockTimer {
  cancel(): void;
}

export interface Clock {
  /** Wall-clock time, for dates on the wire. */
  now(): Date;
  readonly speed: number;
  /** Runs the callback after a simulated duration (real time = simulatedMs / speed). */
  after(simulatedMs: number, callback: () => void): ClockTimer;
  /** Changes the speed; timers already running keep their remaining simulated time. */
  setSpeed(speed: number): void;
  /** Cancels every pending timer (shutdown, reseed). */
  cancelAll(): void;
  pendingCount(): number;
}

interface PendingTimer {
  callback: () => void;
  dueAtRealMs: number;
  handle: NodeJS.Timeout;
}

export function createClock(initialSpeed = 1): Clock {
  let speed = checkedSpeed(initialSpeed);
  const pending = new Set<PendingTimer>();

  function schedule(timer: PendingTimer, realDelayMs: number) {
    timer.dueAtRealMs = Date.now() + realDelayMs;
    timer.handle = setTimeout(() => {
      pending.delete(timer);
      timer.callback();
    }, realDelayMs);
    // The HTTP server keeps the process alive; a pending fleet timer alone must not.
    timer.handle.unref();
  }

  return {
    now: () => new Date(),
    get speed() {
      return speed;
    },
    after(simulatedMs, callback) {
      const timer = { callback, dueAtRealMs: 0, handle: undefined as unknown as NodeJS.Timeout };
      pending.add(timer);
      schedule(timer, Math.max(0, simulatedMs) / speed);
      return {
        cancel() {
          clearTimeout(timer.handle);
          pending.delete(timer);
        },
      };
    },
    setSpeed(next) {
      const previous = speed;
      speed = checkedSpeed(next);
      const realNow = Date.now();
      for (const timer of pending) {
        clearTimeout(timer.handle);
        const remainingSimulatedMs = Math.max(0, timer.dueAtRealMs - realNow) * previous;
        schedule(timer, remainingSimulatedMs / speed);
      }
    },
    cancelAll() {
      for (const timer of pending) clearTimeout(timer.handle);
      pending.clear();
    },
    pendingCount: () => pending.size,
  };
}

function checkedSpeed(speed: number) {
  if (!Number.isFinite(speed) || speed <= 0)
    throw new RangeError(`The clock speed must be a positive number, not ${speed}`);
  return speed;
}

/** Simulated durations of the fleet's processes, in milliseconds at speed 1 (firmware updates: firmware/plan.ts). */
export const durations = {
  rebootGoingDown: 1_000,
  rebootDown: 7_000,
  factoryResetGoingDown: 2_000,
  factoryResetDown: 18_000,
  audioModeChange: 3_000,
  /** A reset-rejected station is power-cycled by someone and knocks again (autonomous only). */
  rejectedStationReturn: 60_000,
  /** A deleted station is still on the network and knocks again (autonomous only). */
  deletedStationReturn: 300_000,
  listenerActivity: { min: 20_000, max: 40_000 },
  systemEventActivity: { min: 30_000, max: 60_000 },
  /** A new show in some room (autonomous only): about every quarter of an hour. */
  showActivity: { min: 10 * 60_000, max: 20 * 60_000 },
} as const;
