// Issue 33, item 1 (the restore's part): a restore preview is bounded by the venue, not by the
// file. Against a console started as production starts it (scripts/server-command.mjs: 128 MB of
// old space), a backup of 10,000 stations (4 MB, what the file's schema allows) and a valid backup
// padded to 11.9 MB each preview without ending the process, while /healthz answers within 100 ms
// throughout (the console's own share of each answer's time, e2e/support/health-watch.ts), and the
// page holds neither the file nor a row per station the venue does not have.
import { expect, test } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { startConsoleProcess, type ConsoleProcess } from "../tests/support/processes";
import { heldFor, watchHealth } from "./support/health-watch";
import { freePort } from "./support/own-console";

test.describe.configure({ mode: "serial" });

let consoleProcess: ConsoleProcess;
let admin: ConsoleSession;
let backup: { stations: Array<Record<string, unknown> & { serialNumber: string }> } & Record<string, unknown>;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  consoleProcess = await startConsoleProcess({ port: await freePort(), simulatorPort: await freePort(), stations: 20 });
  admin = await signInToConsole(consoleProcess.url, "admin");
  backup = await (await admin.fetch("/settings/backup/download")).json();
});

test.afterAll(async () => {
  await consoleProcess?.stop();
});

/** The upload as the restore page's form sends it. */
function upload(file: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("backup", new Blob([file], { type: "application/json" }), "venue-backup.json");
  return admin.fetch("/settings/restore", { method: "POST", body: form });
}

/** Uploads the file and opens what it leads to, watching /healthz all the while. */
async function previewWatched(file: string) {
  const watch = watchHealth(consoleProcess.url, consoleProcess.pid);
  let answer: Response | null = null;
  let page = "";
  try {
    answer = await upload(file);
    const location = answer.headers.get("location");
    const shown = location ? await admin.fetch(location) : answer;
    page = await shown.text();
    answer = shown;
  } catch {
    // The process ended under the request: said below.
  }
  const samples = await watch.stop();
  return { answer, page, samples };
}

function expectHealthyThroughout(samples: Awaited<ReturnType<typeof previewWatched>>["samples"]) {
  expect(samples.length, "healthz was asked during the request").toBeGreaterThan(3);
  expect(
    samples.filter((sample) => !sample.ok),
    "every /healthz answered",
  ).toEqual([]);
  const held = samples.map(heldFor);
  expect(Math.max(...held), `the longest /healthz wait of ${samples.length}`).toBeLessThan(100);
}

async function expectAlive() {
  const exited = await Promise.race([consoleProcess.exited, new Promise((resolve) => setTimeout(resolve, 0, "alive"))]);
  expect(exited, "the console process is still running").toBe("alive");
  expect((await fetch(`${consoleProcess.url}/healthz`)).status).toBe(200);
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

  const { answer, page, samples } = await previewWatched(file);
  await expectAlive();
  expectHealthyThroughout(samples);
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

  const { answer, page, samples } = await previewWatched(file);
  await expectAlive();
  expectHealthyThroughout(samples);
  expect(answer?.status).toBe(200);
  expect(page).toContain("What would change");
  expect(page.length).toBeLessThan(1024 * 1024);
});
