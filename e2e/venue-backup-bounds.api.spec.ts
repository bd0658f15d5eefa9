// Issue 33, item 1 (the restore's part): a restore preview is bounded by the venue, not by the
// file. Against a console started as `npm start` starts it (e2e/support/own-console.ts with
// scripts/server-command.mjs: 128 MB of old space), a backup of 10,000 stations (4 MB, what the
// file's schema allows) and a valid backup padded to 11.9 MB each preview without ending the
// process, while /healthz, asked from a thread of its own, answers within 100 ms throughout, and
// the page holds neither the file nor a row per station the venue does not have. Wall-clock
// times, beyond what the machine adds to the same idle console's answers (healthz-watch.ts).
import { expect, test } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expectQuickThroughout, idleHealthz, watchHealthz, type HealthzReport } from "./support/healthz-watch";
import { startOwnConsole, type OwnConsole } from "./support/own-console";

let running: OwnConsole;
let admin: ConsoleSession;
let idle: HealthzReport;
let backup: { stations: Array<Record<string, unknown> & { serialNumber: string }> } & Record<string, unknown>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  running = await startOwnConsole({ LOG_LEVEL: "warn" });
  admin = await signInToConsole(running.url, "admin");
  backup = await (await admin.fetch("/settings/backup/download")).json();
  // The restore page and one upload of the venue's own backup before watching: a process's first
  // page and first reading of a file (its modules loaded, its reader thread's code compiled) are no
  // part of the attack.
  await (await admin.fetch("/settings/restore")).arrayBuffer();
  const warmUp = await upload(JSON.stringify(backup));
  expect(warmUp.status, "the venue's own backup is read").toBe(303);
  await (await admin.fetch(warmUp.headers.get("location")!)).arrayBuffer();
  idle = await idleHealthz(running.url);
});

test.afterAll(async () => {
  await running?.stop();
});

/** The upload as the restore page's form sends it. */
function upload(file: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("backup", new Blob([file], { type: "application/json" }), "venue-backup.json");
  return admin.fetch("/settings/restore", { method: "POST", body: form });
}

/**
 * Uploads the file and opens the preview it leads to, /healthz watched all the while; then: every
 * /healthz answered 200 within 100 ms, and the process lives and serves.
 */
async function previewWatched(file: string) {
  const watch = watchHealthz(running.url);
  let answer: Response | null = null;
  let page = "";
  try {
    const uploaded = await upload(file);
    const location = uploaded.headers.get("location");
    answer = location ? await admin.fetch(location) : uploaded;
    page = await answer.text();
  } finally {
    expectQuickThroughout(await watch.stop(), idle, 100);
  }
  expect((await fetch(`${running.url}/healthz`)).status, "the console still serves").toBe(200);
  expect(running.output()).not.toMatch(/heap out of memory|FATAL ERROR/);
  return { answer, page };
}

test("a backup of 10,000 stations: the process lives, /healthz answers within 100 ms, the page lists the venue's", async () => {
  test.setTimeout(180_000);
  const template = backup.stations.find((station) => station.serialNumber === "MCS-0042")!;
  const elsewhere = Array.from({ length: 10_000 - backup.stations.length }, (_, index) => ({
    ...template,
    serialNumber: `ELSEWHERE-${String(index).padStart(5, "0")}`,
    name: `Elsewhere ${index}`,
  }));
  const file = JSON.stringify({ ...backup, stations: [...backup.stations, ...elsewhere] });
  expect(file.length).toBeGreaterThan(3_500_000);

  const { answer, page } = await previewWatched(file);
  expect(answer?.status).toBe(200);
  expect(page).toContain("What would change");
  expect(page).toMatch(/Backup of [^<]* with 10000 stations/);
  expect(page).toContain(`${elsewhere.length} stations of the backup are not in the venue`);
  // One page of them, not 9,9xx rows; and never the file itself.
  expect(new Set(page.match(/ELSEWHERE-\d{5}/g)).size).toBe(20);
  expect(page.length).toBeLessThan(1024 * 1024);
});

test("a valid backup padded to 11.9 MB: the process lives, /healthz answers within 100 ms, the page does not echo it", async () => {
  test.setTimeout(180_000);
  const compact = JSON.stringify(backup, null, 1);
  const file = compact.replace(/\n/, `\n${" ".repeat(Math.floor(11.9 * 1024 * 1024) - compact.length)}`);
  expect(file.length).toBeGreaterThan(11.8 * 1024 * 1024);

  const { answer, page } = await previewWatched(file);
  expect(answer?.status).toBe(200);
  expect(page).toContain("What would change");
  expect(page.length).toBeLessThan(1024 * 1024);
});
