// GET /readyz: whether this instance can serve — its session store answers and the Manager is
// reachable — as opposed to /healthz, which only says the process is alive. A load balancer
// polls it every second or two per instance: the answer is kept briefly, and concurrent
// polls share one round of checks.
export type ReadinessState = { ready: true } | { ready: false; reason: string };

export interface ReadinessOptions {
  /** Each check resolves when its dependency answers; the name is the reason when it does not. */
  checks: Record<string, () => Promise<unknown>>;
  /** How long an answer is reused; default 1.5 s. */
  cacheMs?: number;
  now?: () => number;
}

export function createReadiness(options: ReadinessOptions) {
  const cacheMs = options.cacheMs ?? 1500;
  const now = options.now ?? Date.now;
  let last: { at: number; state: Promise<ReadinessState> } | null = null;

  async function runChecks(): Promise<ReadinessState> {
    const names = Object.keys(options.checks);
    const outcomes = await Promise.allSettled(names.map((name) => options.checks[name]!()));
    const failed = names.filter((_, index) => outcomes[index]!.status === "rejected");
    return failed.length === 0 ? { ready: true } : { ready: false, reason: `${failed.join(", ")} unavailable` };
  }

  return {
    check(): Promise<ReadinessState> {
      const at = now();
      if (!last || at - last.at >= cacheMs) last = { at, state: runChecks() };
      return last.state;
    },
  };
}

/** Resolves when the Manager answers at all (a 4xx is an answer), within the timeout. */
export async function managerAnswers(managerUrl: string, timeoutMs: number): Promise<void> {
  const response = await fetch(`${managerUrl}/`, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`The Manager answered ${response.status}`);
}
