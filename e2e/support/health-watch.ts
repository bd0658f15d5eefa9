// Polls a console's /healthz while a test's request runs, as a load balancer would, and says how
// long the console kept each answer waiting (issue 33, item 1: never more than 100 ms). On a shared
// machine an answer also waits for things no code of the console's can change: its process and
// this test's waiting for a CPU, the kernel passing the packets on. So each answer's wait is
// bounded twice, from the kernel's counts per thread (/proc/<pid>/task/<tid>/schedstat): by its
// time less the time the console's main thread and this test's waited on a run queue, and by the
// CPU time the console's main thread used meanwhile — a request that holds the event loop shows in
// both. On an idle machine both are the answer's time. Where /proc cannot be read, the whole time
// counts.
import { readFileSync } from "node:fs";

export interface HealthSample {
  /** How long /healthz took to answer, in ms. */
  milliseconds: number;
  /** Meanwhile: how long the console's main thread and this test's waited for a CPU; null where unknown. */
  waitingForCpuMilliseconds: number | null;
  /** Meanwhile: the CPU time the console's main thread used; null where unknown. */
  consoleCpuMilliseconds: number | null;
  ok: boolean;
}

/** A thread's CPU time and its time waiting on a run queue (runnable, not running) so far, in ms. */
function schedulerCounts(pid: number, tid = pid): { cpu: number; waiting: number } | null {
  try {
    const [cpu, waiting] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ").map(Number);
    return { cpu: cpu! / 1e6, waiting: waiting! / 1e6 };
  } catch {
    return null;
  }
}

function countsNow(consolePid: number) {
  const console = schedulerCounts(consolePid);
  const self = schedulerCounts(process.pid);
  return console && self ? { consoleCpu: console.cpu, waiting: console.waiting + self.waiting } : null;
}

/** How long an answer waited on the console's own work, at most (see above). */
export const heldFor = (sample: HealthSample) =>
  Math.min(
    sample.milliseconds - Math.min(sample.milliseconds, sample.waitingForCpuMilliseconds ?? 0),
    sample.consoleCpuMilliseconds ?? sample.milliseconds,
  );

export function watchHealth(url: string, pid: number) {
  const samples: HealthSample[] = [];
  let watching = true;
  const loop = (async () => {
    while (watching) {
      const before = countsNow(pid);
      const started = performance.now();
      let ok = false;
      try {
        const answer = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) });
        await answer.arrayBuffer();
        ok = answer.ok;
      } catch {
        ok = false;
      }
      const milliseconds = performance.now() - started;
      const after = countsNow(pid);
      samples.push({
        milliseconds,
        waitingForCpuMilliseconds: before && after ? after.waiting - before.waiting : null,
        consoleCpuMilliseconds: before && after ? after.consoleCpu - before.consoleCpu : null,
        ok,
      });
      // A sampling rate, not a wait for anything: about fifty looks a second.
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    /** Stops polling; answers every sample taken. */
    async stop() {
      watching = false;
      await loop;
      return samples;
    },
  };
}
