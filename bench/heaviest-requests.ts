// The requests that read the whole venue (issue 37: "no request able to take the process past its
// heap limit"): each alone with the console's peak RSS while it runs, then all of them at once,
// twice, as a worst case for one process. A process that runs out of heap ends (V8's "heap out of
// memory"): the console's pid is gone or its answers fail, and the figures say so.
import type { ConsoleSession } from "../tests/support/console-session";
import type { ConsoleProcess } from "../tests/support/processes";

/** Each reads every station (or every channel) of the venue, or writes a file of them. */
export const heaviestRequests = [
  "/stations?status=running",
  "/appView",
  "/appView/signs",
  "/moderation",
  "/settings/backup/download?pins=1&network=1",
] as const;

export interface HeaviestFigures {
  /** Each request alone: its time and the console's RSS at its peak. */
  alone: Array<{ path: string; ms: number; status: number; peakRssMegabytes: number }>;
  /** All of them at once, twice over: the console's peak RSS, and whether every answer came. */
  together: { peakRssMegabytes: number; failed: number };
  /** Whether the console's processes are the same after as before (none ran out of heap). */
  survived: boolean;
}

/** Samples the console's largest process's RSS every 25 ms until stopped. */
function peakRss(consoleProcess: ConsoleProcess) {
  let peak = 0;
  const sample = () => {
    for (const { megabytes } of consoleProcess.rssPerProcess()) peak = Math.max(peak, megabytes);
  };
  sample();
  const timer = setInterval(sample, 25);
  return () => {
    clearInterval(timer);
    sample();
    return peak;
  };
}

async function timedGet(session: ConsoleSession, path: string) {
  const started = performance.now();
  try {
    const response = await session.fetch(path, { headers: { "accept-encoding": "gzip" } });
    await response.arrayBuffer();
    return { ms: Math.round(performance.now() - started), status: response.status };
  } catch {
    return { ms: Math.round(performance.now() - started), status: 0 };
  }
}

export async function heaviestRequestsOf(
  consoleProcess: ConsoleProcess,
  sessions: ConsoleSession[],
): Promise<HeaviestFigures> {
  const pids = consoleProcess
    .rssPerProcess()
    .map((entry) => entry.pid)
    .join(",");
  const alone: HeaviestFigures["alone"] = [];
  for (const path of heaviestRequests) {
    const stop = peakRss(consoleProcess);
    const { ms, status } = await timedGet(sessions[0]!, path);
    alone.push({ path, ms, status, peakRssMegabytes: stop() });
  }
  const stop = peakRss(consoleProcess);
  const answers = await Promise.all(
    [...heaviestRequests, ...heaviestRequests].map((path, offset) =>
      timedGet(sessions[offset % sessions.length]!, path),
    ),
  );
  const together = { peakRssMegabytes: stop(), failed: answers.filter((answer) => answer.status !== 200).length };
  const after = consoleProcess
    .rssPerProcess()
    .map((entry) => entry.pid)
    .join(",");
  // A worker that ran out of heap may be replaced before the pids are read again: a failed
  // answer says so too.
  const survived = after === pids && together.failed === 0 && alone.every((answer) => answer.status === 200);
  return { alone, together, survived };
}
