// Issue 35 with PostgreSQL (DATABASE_URL): the listener history's flows over plain HTTP, as a
// browser without JavaScript sends them, with the history stored in PostgreSQL. An admin starts
// an event with "start now", a simulated show's listeners arrive on a station, then a count the
// test sets; "end now" ends the event; its report and its CSV say the most listeners at once; the
// start and the end are audit records; /listening's data table is what PostgreSQL holds; and
// while the Manager does not answer, the table says the counts are not known — never 0.
import { expect, test } from "@playwright/test";
import pg from "pg";
import { managerPaths } from "../app/contract/paths";
import { parseCsv } from "../app/domain/csv";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { signInWithPassword } from "../tests/support/identity";
import { startPostgresqlServer, type PostgresqlServer } from "../tests/support/postgresql-server";
import { startConsoleProcess, type ConsoleProcess } from "../tests/support/processes";
import { missingPrograms } from "../tests/support/system-programs";
import { formHeaders, withoutScripts } from "./support/fleet-api";
import {
  countsShown,
  historyGaps,
  historyPage,
  historyRows,
  samplerRounds,
  samplesPath,
  type HistoryRow,
} from "./support/listening-history";
import { freePort } from "./support/own-console";

const missing = missingPrograms("postgresql");
test.skip(missing !== null, missing ?? "");

const metricsToken = "listening-postgresql-metrics-token-01";
const station = "MCS-0042";
const title = "Evening concert";
/** The most listeners at once the test sets: far above what the small show reaches. */
const peak = 40;
let postgresql: PostgresqlServer;
let databaseUrl: string;
let running: ConsoleProcess | undefined;

test.describe.configure({ timeout: 240_000 });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgresql = await startPostgresqlServer();
  databaseUrl = await postgresql.createDatabase();
});

test.afterAll(async () => {
  await running?.stop();
  await postgresql?.stop();
});

async function control(path: string, body: unknown) {
  const response = await fetch(`${running!.simulatorUrl}/__simulator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
}

/** Nobody listens anywhere: the venue's count is then the one the test sets. */
async function emptyTheVenue() {
  const { accessToken } = await signInWithPassword({
    issuer: running!.issuer,
    clientId: "station-console",
    clientSecret: "station-console-development-secret",
    redirectUri: `${running!.url}/login`,
    username: "admin",
    password: "admin",
  });
  const list = await fetch(`${running!.simulatorUrl}${managerPaths.stations()}?take=1000`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(list.status).toBe(200);
  const { stations } = (await list.json()) as { stations: { serialNumber: string }[] };
  for (const { serialNumber } of stations) await control(`stations/${serialNumber}/listeners`, { count: 0 });
}

/** The hidden submission id of the page's form that posts `intent`. */
function submissionIdOf(html: string, intent: string) {
  const form = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)]
    .map((match) => match[1]!)
    .find((candidate) => candidate.includes(`value="${intent}"`));
  const id = form && /<input type="hidden" name="submissionId" value="([^"]+)"/.exec(form)?.[1];
  expect(id, `the ${intent} form's submission id`).toBeTruthy();
  return id!;
}

/** What a page's main part says, as plain text. */
function textOf(html: string) {
  return withoutScripts(html.slice(html.indexOf("<main")))
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;|\u202f|\u00a0/g, " ")
    .replace(/\s+/g, " ");
}

/** The venue's samples as PostgreSQL holds them (entity 0 is the venue: listening_samples). */
async function storedVenueSamples() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ at: string; listeners: number | null }>(
      "SELECT at, listeners FROM listening_samples WHERE entity_id = 0 ORDER BY at",
    );
    return rows.map((row) => ({ at: Number(row.at), listeners: row.listeners }));
  } finally {
    await client.end();
  }
}

/**
 * The venue's table rows as the stored samples make them: the count at the range's start (the last
 * sample before it; none: not known), then each change.
 */
function rowsFromSamples(from: number, samples: readonly HistoryRow[]): HistoryRow[] {
  const rows = [{ at: from, listeners: samples.findLast((sample) => sample.at < from)?.listeners ?? null }];
  for (const sample of samples.filter((candidate) => candidate.at >= from)) {
    const last = rows.at(-1)!;
    if (sample.listeners === last.listeners) continue;
    if (sample.at === last.at) last.listeners = sample.listeners;
    else rows.push({ ...sample });
  }
  return rows;
}

const lastCount = (rows: readonly HistoryRow[]) => rows.at(-1)?.listeners;

test("an event's report, its CSV, the audit log and the history's table against PostgreSQL; a Manager outage is a gap", async () => {
  running = await startConsoleProcess({
    port: await freePort(),
    simulatorPort: await freePort(),
    stations: 20,
    env: {
      DATABASE_URL: databaseUrl,
      LISTENING_SAMPLE_SECONDS: "5",
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: "warn",
    },
  });
  await control("clock", { speed: 20 });
  await emptyTheVenue();
  const admin: ConsoleSession = await signInToConsole(running.url, "admin");
  // The first page the admin opens offers their session to the sampler.
  await historyPage(admin);
  await expect
    .poll(async () => (await samplerRounds(running!.url, metricsToken)).stored ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const venuePath = samplesPath(Date.now());
  await expect.poll(async () => lastCount(historyRows(await historyPage(admin, venuePath)))).toBe(0);

  // "Start now", as the form posts without JavaScript.
  const eventsPage = await admin.fetch("/listening/events");
  expect(eventsPage.status).toBe(200);
  const started = await admin.fetch("/listening/events?index", {
    method: "POST",
    headers: formHeaders,
    body: new URLSearchParams({
      intent: "startEvent",
      title,
      submissionId: submissionIdOf(await eventsPage.text(), "startEvent"),
    }),
  });
  expect(started.status, await started.clone().text()).toBe(302);
  const eventPath = started.headers.get("location")!;
  expect(eventPath).toMatch(/^\/listening\/events\/\d+$/);
  const eventId = eventPath.split("/").at(-1)!;

  // A short show (a minute at 20×): its listeners arrive on the station and leave again.
  await control("shows", { serialNumber: station, peak: 10, durationMs: 60_000, arriveMs: 0, leaveMs: 0 });
  await expect
    .poll(async () => countsShown(historyRows(await historyPage(admin, venuePath))).some((count) => (count ?? 0) > 0))
    .toBe(true);
  await expect
    .poll(async () => lastCount(historyRows(await historyPage(admin, venuePath))), { timeout: 20_000 })
    .toBe(0);
  // Then the most at once, and fewer.
  await control(`stations/${station}/listeners`, { count: peak, channelIndex: 1 });
  await expect.poll(async () => lastCount(historyRows(await historyPage(admin, venuePath)))).toBe(peak);
  await control(`stations/${station}/listeners`, { count: 25, channelIndex: 1 });
  await expect.poll(async () => lastCount(historyRows(await historyPage(admin, venuePath)))).toBe(25);

  // "End now" (a plain form: the intent alone).
  const ended = await admin.fetch(eventPath, {
    method: "POST",
    headers: formHeaders,
    body: new URLSearchParams({ intent: "endEvent" }),
  });
  expect(ended.status, await ended.clone().text()).toBe(302);
  expect(ended.headers.get("location")).toBe(eventPath);
  const report = await admin.fetch(eventPath, { headers: { "accept-language": "en" } });
  expect(report.status).toBe(200);
  const reportText = textOf(await report.text());
  expect(reportText).toContain("Over");
  expect(reportText).toMatch(new RegExp(`Most listeners at once ${peak} at `));
  expect(reportText).not.toContain("End now");

  const csv = await admin.fetch(`${eventPath}/report.csv`);
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toContain("text/csv");
  const [columns, ...lines] = parseCsv((await csv.text()).replace(/^\uFEFF/, ""));
  const cell = (line: string[], column: string) => line[columns!.indexOf(column)];
  const eventLine = lines.find((line) => cell(line, "section") === "event")!;
  expect(cell(eventLine, "title")).toBe(title);
  expect(cell(eventLine, "peak")).toBe(String(peak));
  const stationLine = lines.find(
    (line) => cell(line, "section") === "station" && cell(line, "serialNumber") === station,
  );
  expect(stationLine && cell(stationLine, "peak")).toBe(String(peak));

  // Its start and its end are in the audit log, by the admin, with the event's id and title.
  const audit = await admin.fetch("/auditLog/download");
  expect(audit.status).toBe(200);
  const [auditColumns, ...records] = parseCsv((await audit.text()).replace(/^\uFEFF/, ""));
  const auditCell = (line: string[], column: string) => line[auditColumns!.indexOf(column)];
  const ofEvent = records
    .filter((line) => auditCell(line, "targetKind") === "listeningEvent" && auditCell(line, "targetId") === eventId)
    .map((line) => ({
      action: auditCell(line, "action"),
      label: auditCell(line, "targetLabel"),
      user: auditCell(line, "userName"),
      outcome: auditCell(line, "outcome"),
    }));
  expect(ofEvent).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ action: expect.stringMatching(/startEvent$/), label: title, outcome: "done" }),
      expect.objectContaining({ action: expect.stringMatching(/endEvent$/), label: title, outcome: "done" }),
    ]),
  );
  expect(ofEvent).toHaveLength(2);

  // The Manager's station list fails for a couple of rounds (the rest of the console, /listening
  // with it, works on): the counts are not known from the first round that failed, never 0.
  const roundsBefore = (await samplerRounds(running.url, metricsToken)).gap ?? 0;
  await control("faults", { failNext5xx: "always", failPath: "/stations" });
  try {
    await expect
      .poll(async () => (await samplerRounds(running!.url, metricsToken)).gap ?? 0, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(roundsBefore + 2);
    const during = await historyPage(admin, venuePath);
    const rows = historyRows(during);
    expect(rows.at(-1)!.listeners).toBeNull();
    expect(rows.at(-2)!.listeners).toBe(25);
    expect(historyGaps(during)).toContainEqual(expect.stringMatching(/^Since .* — the Manager could not be reached$/));
  } finally {
    await control("faults", { failNext5xx: 0, failPath: null });
  }
  // Back: the count again, and the outage a closed gap.
  await expect
    .poll(async () => lastCount(historyRows(await historyPage(admin, venuePath))), { timeout: 30_000 })
    .toBe(25);
  const after = await historyPage(admin, venuePath);
  expect(historyGaps(after)).toContainEqual(expect.stringMatching(/ to .* — the Manager could not be reached$/));
  expect(countsShown(historyRows(after)).slice(-3)).toEqual([25, null, 25]);

  // The table is what PostgreSQL holds: the count at the range's start, then every change stored.
  await expect(async () => {
    const rows = historyRows(await historyPage(admin, venuePath));
    expect(rows).toEqual(rowsFromSamples(rows[0]!.at, await storedVenueSamples()));
  }).toPass({ timeout: 20_000 });
});
