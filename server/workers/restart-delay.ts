// How long the primary waits before it replaces a worker that died after it had served
// (docs/decisions/045-workers.md, "A worker that keeps crashing"). One crash after a steady
// while is replaced at once, as before; a replacement that dies again soon after is what a crash
// loop looks like (a request that kills every worker it reaches, memory that runs out at once),
// and forking again at once would only spend the CPU the surviving workers serve with on loading
// the build over and over. So each crash in a row waits twice as long as the one before.

export interface RestartDelayOptions {
  /** The wait after the second crash in a row; it doubles with each crash after that. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A worker that served this long before it died ends the row: its replacement starts at once. */
  steadyAfterMs: number;
}

export const restartDelayDefaults: RestartDelayOptions = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  steadyAfterMs: 60_000,
};

export function createRestartDelay(options: RestartDelayOptions = restartDelayDefaults) {
  let crashesInARow = 0;
  return {
    /** The wait before replacing a worker that died after serving for `servedMs`. */
    after(servedMs: number): number {
      if (servedMs >= options.steadyAfterMs) crashesInARow = 0;
      const delay =
        crashesInARow === 0 ? 0 : Math.min(options.firstDelayMs * 2 ** (crashesInARow - 1), options.maxDelayMs);
      crashesInARow += 1;
      return delay;
    },
  };
}
