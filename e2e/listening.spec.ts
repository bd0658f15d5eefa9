// Listener history (issue 35), with and without JavaScript: an event started and ended on its
// pages reports the peak the simulator's audience reached, the station that dropped out with its
// listeners, and a CSV that says the same; the chart's data table is the stored samples; a time
// the Manager did not answer is shown as not known, never as nobody listening.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { localText } from "../app/domain/listening-ranges";
import { fleet } from "./support/fleet-api";
import { expect, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";
import { pdfPages, points } from "./support/pdf";
import { e2eDataDirectory } from "./support/ports";

// The sampler reads every 5 s in the e2e console (playwright.config.ts); a reading through the
// hub lands within a couple of seconds. Generous for a loaded machine.
const sampled = { timeout: 60_000, intervals: [500, 1_000, 2_000] };

async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js") await liveCaughtUp(page);
}

/** Reloads until `check` passes: without JavaScript a page changes only when loaded again. */
async function untilShown(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass(sampled);
}

/** The figure card of the report whose label is `label`. */
const figure = (page: Page, label: string) =>
  page
    .locator("div")
    .filter({ has: page.getByText(label, { exact: true }) })
    .last();

async function simulatorControl(path: string, body: unknown) {
  const answer = await fetch(`${simulator.url}/__simulator/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(answer.ok, `${path}: ${answer.status}`).toBe(true);
}

/** Nobody listens anywhere: the venue's count is then what the test sets. */
async function silenceTheVenue() {
  await simulator.reset();
  for (const station of await fleet()) await simulator.removeListeners(station.serialNumber);
  // Stored, not only said: an event started before the sampler's next round would begin with
  // the listeners an earlier test left (the venue's last stored count).
  await expect.poll(venueListenersStored, { message: "the venue stored as silent", ...sampled }).toBe(0);
}

/** The venue's last stored count (entity 0: every channel added up). */
function venueListenersStored() {
  const database = records();
  try {
    const row = database
      .prepare("SELECT listeners FROM listening_samples WHERE entity_id = 0 ORDER BY at DESC LIMIT 1")
      .get() as { listeners: number | null } | undefined;
    return row?.listeners;
  } finally {
    database.close();
  }
}

function records() {
  return new DatabaseSync(join(e2eDataDirectory, "console", "records.sqlite"), { readOnly: true });
}

/** The stored samples of a channel from `from` on, oldest first (what the sampler wrote). */
function storedSamples(serialNumber: string, channelIndex: number, from: number) {
  const database = records();
  try {
    return database
      .prepare(
        `SELECT s.at AS at, s.listeners AS listeners FROM listening_samples s
         JOIN listening_entities e ON e.id = s.entity_id
         WHERE e.serial_number = ? AND e.channel_index = ? AND s.at >= ? ORDER BY s.at`,
      )
      .all(serialNumber, channelIndex, from) as { at: number; listeners: number | null }[];
  } finally {
    database.close();
  }
}

/**
 * A channel's chart from the minute before `since` to the minute after now (cut at now): recent
 * enough that the chart shows every sample, not the most of each minute.
 */
function customRange(serialNumber: string, channelIndex: number, since: number) {
  const from = Math.floor(since / 60_000) * 60_000 - 60_000;
  const to = Math.floor(Date.now() / 60_000) * 60_000 + 120_000;
  return new URLSearchParams({
    station: serialNumber,
    channel: String(channelIndex),
    range: "custom",
    from: localText(from),
    to: localText(to),
  });
}

/** The reasons of the gaps in the history that began at or after `since`. */
function storedGaps(since: number) {
  const database = records();
  try {
    const rows = database.prepare("SELECT reason FROM listening_gaps WHERE starts_at >= ?").all(since);
    return (rows as { reason: string }[]).map((row) => row.reason);
  } finally {
    database.close();
  }
}

/** Until the sampler has stored `listeners` for the channel at or after `since`. */
async function untilStored(serialNumber: string, channelIndex: number, listeners: number, since: number) {
  await expect
    .poll(() => storedSamples(serialNumber, channelIndex, since).some((sample) => sample.listeners === listeners), {
      message: `${serialNumber}/${channelIndex} stored with ${listeners}`,
      ...sampled,
    })
    .toBe(true);
}

test("an event started and ended on its page reports the audience's peak, the dropout and the same in its CSV", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await silenceTheVenue();
  const title = `Evening concert ${test.info().project.name} ${Date.now()}`;
  await visit(page, "/listening/events");
  const startNow = page.locator("form").filter({ has: page.getByRole("button", { name: "Start now" }) });
  await startNow.getByLabel("Title").fill(title);
  await startNow.getByRole("button", { name: "Start now" }).click();
  await page.waitForURL(/\/listening\/events\/\d+$/);
  await expect(page.getByText(`The event “${title}” started now.`)).toBeVisible();

  // The audience arrives on Main Hall's two channels: 30 and 12, 42 at once.
  await simulator.setListeners("MCS-0042", 30, 1);
  await simulator.setListeners("MCS-0042", 12, 2);
  await untilShown(page, async () => {
    await expect(figure(page, "Most listeners at once")).toContainText("42", { timeout: 2_000 });
  });

  // Main Hall drops off the network with its 42 listeners (a simulated minute: 3 s at 20×).
  await simulatorControl("stations/MCS-0042/drop", { offlineMs: 60_000 });
  const dropouts = page.getByRole("table", { name: "Stations that dropped out" });
  await untilShown(page, async () => {
    await expect(dropouts.getByRole("row").filter({ hasText: "Main Hall" })).toContainText("42", { timeout: 2_000 });
  });

  await page.getByRole("button", { name: "End now" }).click();
  await expect(page.getByText(`The event “${title}” ended now.`)).toBeVisible();
  await expect(figure(page, "Most listeners at once")).toContainText("42");
  const channels = page.getByRole("table", { name: "Per channel" });
  await expect(channels.getByRole("row").filter({ hasText: "Main Hall – English" })).toContainText("30");
  await expect(channels.getByRole("row").filter({ hasText: "Main Hall – Deutsch" })).toContainText("12");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download CSV" }).click(),
  ]);
  const csv = readFileSync(await download.path(), "utf8").replace(/^\uFEFF/, "");
  const [header, ...lines] = csv
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(","));
  const column = (name: string) => header!.indexOf(name);
  const rowOf = (section: string, match: (cells: string[]) => boolean = () => true) =>
    lines.find((cells) => cells[column("section")] === section && match(cells));
  expect(rowOf("event")?.[column("peak")], "the event's peak in the CSV").toBe("42");
  expect(
    rowOf(
      "channel",
      (cells) => cells[column("serialNumber")] === "MCS-0042" && cells[column("channelIndex")] === "1",
    )?.[column("peak")],
  ).toBe("30");
  expect(
    rowOf("dropout", (cells) => cells[column("serialNumber")] === "MCS-0042")?.[column("listenersAtDrop")],
    "the dropout's listeners in the CSV",
  ).toBe("42");

  // Printed: one A4 page with the same peak.
  await page.getByRole("link", { name: "Print (one A4 page)" }).click();
  await page.waitForURL(/\/print$/);
  await expect(page.getByText("42").first()).toBeVisible();
  await page.emulateMedia({ media: "print" });
  const { count, sizes } = pdfPages(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(count, "the report prints on one page").toBe(1);
  expect(Math.abs(sizes[0]!.width - points(210)), `page width ${sizes[0]!.width} pt`).toBeLessThan(2);
  expect(Math.abs(sizes[0]!.height - points(297)), `page height ${sizes[0]!.height} pt`).toBeLessThan(2);
});

test("a channel's chart table is its stored samples, each at its time", async ({ page }) => {
  test.setTimeout(180_000);
  await silenceTheVenue();
  const since = Date.now();
  for (const listeners of [5, 9, 3]) {
    await simulator.setListeners("MCS-0042", listeners, 1);
    await untilStored("MCS-0042", 1, listeners, since);
  }
  const search = customRange("MCS-0042", 1, since);
  const from = Date.parse(new Date(search.get("from")!).toISOString());
  await visit(page, `/listening?${search.toString()}`);
  await page.getByText(/^Show the chart as a table/).click();
  const table = page.getByRole("table", { name: /: table$/ });
  const rows = await table.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => ({
      at: Date.parse(tr.querySelector("time")!.getAttribute("datetime")!),
      listeners: tr.querySelectorAll("td")[1]!.textContent!,
    })),
  );
  // The first row is the count carried into the range; from this test's first change on, every
  // row is a stored change (an hourly repeat of the same count is no row).
  const stored = storedSamples("MCS-0042", 1, since);
  const changes = stored.filter((sample, index) => index === 0 || sample.listeners !== stored[index - 1]!.listeners);
  expect(rows[0]!.at).toBe(from);
  expect(rows.filter((row) => row.at >= since && row.at <= changes.at(-1)!.at)).toEqual(
    changes.map((sample) => ({
      at: sample.at,
      listeners: sample.listeners === null ? "not known" : String(sample.listeners),
    })),
  );
  expect(rows.map((row) => row.listeners)).toEqual(expect.arrayContaining(["5", "9", "3"]));
});

test("while the Manager does not answer, the history shows the time as not known, never as nobody", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await silenceTheVenue();
  const since = Date.now();
  await simulator.setListeners("MCS-0042", 7, 1);
  await untilStored("MCS-0042", 1, 7, since);
  await simulator.faults({ down: true });
  try {
    await expect
      .poll(() => storedGaps(since).includes("managerUnreachable"), {
        message: "a gap stored while the Manager is down",
        ...sampled,
      })
      .toBe(true);
  } finally {
    await simulator.clearFaults();
  }
  await untilStored("MCS-0042", 1, 7, Date.now());
  await visit(page, `/listening?${customRange("MCS-0042", 1, since).toString()}`);
  await expect(page.getByRole("region", { name: "Times without counts" })).toContainText(
    "the Manager could not be reached",
  );
  await page.getByText(/^Show the chart as a table/).click();
  const cells = page.getByRole("table", { name: /: table$/ }).locator("tbody tr td:nth-child(2)");
  const texts = await cells.allTextContents();
  const gapAt = texts.lastIndexOf("not known");
  expect(gapAt, "a row of the outage says not known").toBeGreaterThan(0);
  // Before the outage 7 listened and after it 7 again: nowhere a 0 in between.
  expect(texts.slice(gapAt - 1, gapAt + 2)).toEqual(["7", "not known", "7"]);
});
