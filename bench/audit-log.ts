// The audit log with 100,000 records on each durable store (issue 28): the first page, a filtered
// page and the CSV of 10,000 records — server time p50/p95, the page against its `.data` (the
// bench's render ratio), and the console's RSS while the CSV streams. Run by `npm run bench`, or
// alone with `npx tsx bench/audit-log.ts`. PostgreSQL is measured where Debian's package is installed.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startPostgresqlServer } from "../tests/support/postgresql-server";
import { startConsoleProcess, type ConsoleProcess } from "../tests/support/processes";
import { missingPrograms } from "../tests/support/system-programs";
import { openDurableStore } from "../server/records/open-records";
import type { NewAuditRecord } from "../app/records/audit-log";
import { freePort } from "../e2e/support/own-console";
import { dataUrlOf, measureRoute, type LoadResult } from "./http-load";

export interface AuditLogFigures {
  store: "sqlite" | "postgres";
  records: number;
  seedSeconds: number;
  pages: Array<{ route: string; document: LoadResult; data: LoadResult; renderRatio: number }>;
  csv: {
    rows: number;
    p50: number;
    p95: number;
    megabytes: number;
    idleRssMegabytes: number;
    peakRssMegabytes: number;
  };
}

const recordCount = Number(process.env.BENCH_AUDIT_RECORDS ?? 100_000);
const csvRuns = 5;
const actions = ["station.rename", "station.saveAudio", "channel.savePin", "channel.saveDetails", "session.signIn"];
const users = ["admin", "owner", "moderator", "ops-1", "ops-2"].map((name) => ({
  id: `sub-${name}`,
  name,
  role: "Admin",
}));

/** Record i: a tenth of them are renames (the CSV's 10,000), one in twenty failed. */
function recordNumber(index: number, start: number): NewAuditRecord {
  const action = index % 10 === 0 ? "station.rename" : actions[1 + (index % 4)]!;
  return {
    time: new Date(start + index * 60_000).toISOString(),
    requestId: `bench-${index}`,
    user: users[index % users.length]!,
    action,
    target: { kind: "station", serialNumber: `MCS-${String(index % 200).padStart(4, "0")}` },
    changes:
      action === "channel.savePin"
        ? [{ field: "pin", secret: true }]
        : [{ field: "name", old: "Hall", new: `Hall ${index}` }],
    outcome: index % 20 === 0 ? { kind: "failed", managerStatus: 500 } : { kind: "done" },
  };
}

async function seed(config: { dataDirectory: string; databaseUrl: string | null }) {
  const started = performance.now();
  const store = await openDurableStore(config);
  await store.ready();
  const start = Date.now() - recordCount * 60_000;
  for (let index = 0; index < recordCount; index += 50)
    await Promise.all(
      Array.from({ length: Math.min(50, recordCount - index) }, (_, offset) =>
        store.auditLog.append(recordNumber(index + offset, start)),
      ),
    );
  await store.close();
  return Math.round((performance.now() - started) / 100) / 10;
}

async function timedCsv(session: ConsoleSession, consoleProcess: ConsoleProcess) {
  let peak = consoleProcess.rssMegabytes();
  const sampler = setInterval(() => (peak = Math.max(peak, consoleProcess.rssMegabytes())), 20);
  const started = performance.now();
  const response = await session.fetch("/auditLog/download?action=station.rename", {
    headers: { "accept-encoding": "gzip" },
  });
  const text = await response.text();
  clearInterval(sampler);
  return { ms: performance.now() - started, rows: text.split("\r\n").length - 2, bytes: text.length, peak };
}

async function measure(store: AuditLogFigures["store"], consoleProcess: ConsoleProcess, seedSeconds: number) {
  const sessions = [await signInToConsole(consoleProcess.url, "admin")];
  const window = { concurrency: 1, durationMs: 5000, maxRequests: 500 };
  const pages: AuditLogFigures["pages"] = [];
  for (const route of [
    "/auditLog",
    "/auditLog?station=MCS-0042&outcome=failed",
    "/auditLog?action=station.rename&page=50",
  ]) {
    const document = await measureRoute(sessions, route, window);
    const data = await measureRoute(sessions, dataUrlOf(route), window);
    const renderRatio = Math.round((document.p50 / Math.max(data.p50, 0.1)) * 10) / 10;
    console.log(`  ${store} ${route}: document p50 ${document.p50} ms, .data p50 ${data.p50} ms (${renderRatio}×)`);
    pages.push({ route, document, data, renderRatio });
  }
  const idleRssMegabytes = consoleProcess.rssMegabytes();
  const runs = [];
  for (let run = 0; run < csvRuns; run += 1) runs.push(await timedCsv(sessions[0]!, consoleProcess));
  const times = runs.map((run) => run.ms).sort((a, b) => a - b);
  const csv = {
    rows: runs[0]!.rows,
    p50: Math.round(times[Math.floor(csvRuns / 2)]!),
    p95: Math.round(times[csvRuns - 1]!),
    megabytes: Math.round(runs[0]!.bytes / 1024 / 102.4) / 10,
    idleRssMegabytes,
    peakRssMegabytes: Math.max(...runs.map((run) => run.peak)),
  };
  console.log(
    `  ${store} CSV of ${csv.rows} records (${csv.megabytes} MB): p50 ${csv.p50} ms, p95 ${csv.p95} ms; RSS ${idleRssMegabytes} → ${csv.peakRssMegabytes} MB`,
  );
  return { store, records: recordCount, seedSeconds, pages, csv } satisfies AuditLogFigures;
}

async function onStore(store: AuditLogFigures["store"], databaseUrl?: string): Promise<AuditLogFigures> {
  const dataDirectory = mkdtempSync(join(tmpdir(), "bench-audit-"));
  try {
    console.log(`— audit log on ${store}: appending ${recordCount} records…`);
    const seedSeconds = await seed({ dataDirectory, databaseUrl: databaseUrl ?? null });
    const consoleProcess = await startConsoleProcess({
      port: await freePort(),
      simulatorPort: await freePort(),
      dataDirectory,
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    });
    try {
      return await measure(store, consoleProcess, seedSeconds);
    } finally {
      await consoleProcess.stop();
    }
  } finally {
    rmSync(dataDirectory, { recursive: true, force: true });
  }
}

export async function benchAuditLog(): Promise<AuditLogFigures[]> {
  const figures = [await onStore("sqlite")];
  const missing = missingPrograms("postgresql");
  if (missing) {
    console.warn(`  audit log on PostgreSQL not measured: ${missing}`);
    return figures;
  }
  const postgresql = await startPostgresqlServer();
  try {
    figures.push(await onStore("postgres", await postgresql.createDatabase()));
  } finally {
    await postgresql.stop();
  }
  return figures;
}

if (process.argv[1]?.endsWith("audit-log.ts")) await benchAuditLog();
