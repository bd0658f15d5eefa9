// Server render latency and throughput: signed-in sessions fetch a page again and again (as a
// browser would, gzip accepted, body read to the end) for a bounded time.
import type { ConsoleSession } from "../tests/support/console-session";

export interface LoadResult {
  concurrency: number;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  throughput: number;
  /** The size of an answer (its body, uncompressed), in KB. */
  kilobytes: number;
}

function percentile(sorted: number[], fraction: number) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

async function timedRequest(
  session: ConsoleSession,
  path: string,
): Promise<{ ms: number; ok: boolean; bytes: number }> {
  const started = performance.now();
  const response = await session.fetch(path, { headers: { "accept-encoding": "gzip" } });
  const body = await response.arrayBuffer();
  return { ms: performance.now() - started, ok: response.status === 200, bytes: body.byteLength };
}

export async function measureRoute(
  sessions: ConsoleSession[],
  path: string,
  options: { concurrency: number; durationMs: number; maxRequests: number },
): Promise<LoadResult> {
  let bytes = 0;
  for (let warmup = 0; warmup < 5; warmup += 1) bytes = (await timedRequest(sessions[0]!, path)).bytes;
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, async (_, worker) => {
      const session = sessions[worker % sessions.length]!;
      while (performance.now() < deadline && latencies.length + errors < options.maxRequests) {
        const { ms, ok } = await timedRequest(session, path);
        if (ok) latencies.push(ms);
        else errors += 1;
      }
    }),
  );
  const elapsedSeconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    concurrency: options.concurrency,
    requests: latencies.length,
    errors,
    p50: round(percentile(latencies, 0.5)),
    p95: round(percentile(latencies, 0.95)),
    p99: round(percentile(latencies, 0.99)),
    throughput: Math.round(latencies.length / elapsedSeconds),
    kilobytes: Math.round(bytes / 102.4) / 10,
  };
}

/** The URL of the same page's data request under single fetch: every loader of the match, no render. */
export function dataUrlOf(route: string) {
  const url = new URL(route, "http://console.invalid");
  const path = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return `${path}${url.search}`;
}
