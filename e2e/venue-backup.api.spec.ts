// The restore over plain HTTP, as a form without JavaScript posts it (issue 29; issue 33, item 3).
// Applying twice with the same form (a double click) acts once: both answers lead to the same
// result, and the audit log holds the one rename it made. One apply is one summary record in the
// audit log — done, partly done or failed, with its counts — beside one record per setting it
// wrote; choosing the file and looking at the preview write none.
import { randomUUID } from "node:crypto";
import { managerPaths } from "../app/contract/paths";
import type { SystemSettings } from "../app/contract/settings";
import type { Station } from "../app/contract/stations";
import { parseCsv } from "../app/domain/csv";
import { backupHeader, backupStationOf } from "../app/domain/venue-backup";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

const read = (path: string) => simulator.api("admin", "GET", path);

/** A backup of Main Hall alone, with the given changes to its settings. */
async function backupOfMainHall(change: (station: ReturnType<typeof backupStationOf>) => void) {
  const mainHall = backupStationOf((await read(managerPaths.station("MCS-0042"))) as Station, {
    withPins: false,
    withNetwork: false,
  });
  change(mainHall);
  return JSON.stringify({
    ...backupHeader(
      { withPins: false, withNetwork: false },
      { systemSettings: (await read(managerPaths.systemSettings())) as SystemSettings, appCustomization: null },
      new Date(),
    ),
    stations: [mainHall],
  });
}

/** Uploads the file and reads the preview's form: its hidden fields and the settings it offers. */
async function preview(admin: ConsoleSession, file: string) {
  const form = new FormData();
  form.append("intent", "preview");
  form.append("backup", new Blob([file], { type: "application/json" }), "venue-backup.json");
  const uploaded = await admin.fetch("/settings/restore", { method: "POST", body: form });
  expect(uploaded.status).toBe(303);
  const page = await (await admin.fetch(uploaded.headers.get("location")!)).text();
  const inputs = [...page.matchAll(/<input\b[^>]*>/g)].map(([tag]) => ({
    name: /\bname="([^"]*)"/.exec(tag)?.[1],
    value: /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "",
  }));
  const hidden = (name: string) => inputs.find((input) => input.name === name)?.value ?? "";
  const items = inputs.filter((input) => input.name === "item").map((input) => input.value);
  return { backup: hidden("backup"), digest: hidden("digest"), submissionId: hidden("submissionId"), items };
}

/** The apply as the preview's form posts it, with the settings ticked. */
function applyForm(shown: Awaited<ReturnType<typeof preview>>, ticked: string[], submissionId = shown.submissionId) {
  const form = new FormData();
  form.append("intent", "apply");
  form.append("backup", shown.backup);
  form.append("digest", shown.digest);
  form.append("submissionId", submissionId);
  form.append("target:MCS-0042", "MCS-0042");
  form.append("previewed:MCS-0042", "MCS-0042");
  for (const item of shown.items) form.append("shown", item);
  for (const item of ticked) form.append("item", item);
  return form;
}

/** The audit log's records of one action since the test began, newest first, by the CSV's column names. */
async function auditRows(admin: ConsoleSession, action: string) {
  const [header, ...rows] = parseCsv(await (await admin.fetch(`/auditLog/download?action=${action}`)).text());
  return rows
    .map((cells) => Object.fromEntries(header!.map((name, at) => [name, cells[at] ?? ""])))
    .filter((row) => row.time! >= began);
}

let began = "";
test.beforeEach(() => {
  began = new Date().toISOString();
});

test("the same apply sent twice at once restores once and answers both with the same result", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const name = `Once Hall ${randomUUID().slice(0, 8)}`;
  const shown = await preview(admin, await backupOfMainHall((station) => (station.name = name)));
  expect(shown.items).toEqual(["MCS-0042/name"]);
  const apply = () => admin.fetch("/settings/restore", { method: "POST", body: applyForm(shown, shown.items) });
  const answers = await Promise.all([apply(), apply()]);
  for (const answer of answers) {
    expect(answer.status).toBe(303);
    expect(answer.headers.get("location")).toBe(`/settings/restore?result=${shown.submissionId}`);
  }
  expect(((await read(managerPaths.station("MCS-0042"))) as Station).name).toBe(name);
  const result = await (await admin.fetch(`/settings/restore?result=${shown.submissionId}`)).text();
  expect(result).toContain("1 done");
  const renames = (await auditRows(admin, "restore.name")).filter((row) => row.changes!.includes(name));
  expect(renames).toHaveLength(1);
  // One summary of the act; the repeat did nothing of its own and is no record (decision 059).
  const summaries = await auditRows(admin, "settings.applyRestore");
  expect(summaries.map((row) => [row.outcome, row.reason])).toEqual([["done", ""]]);
});

test("one apply is one summary record, partly done with its counts; the upload and the preview record nothing", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const name = `Partly Hall ${randomUUID().slice(0, 8)}`;
  const shown = await preview(
    admin,
    await backupOfMainHall((station) => {
      station.name = name;
      station.noiseGate.thresholdDb = -31;
      station.output.gainDb = 3;
    }),
  );
  expect(shown.items).toEqual(["MCS-0042/name", "MCS-0042/noiseGate", "MCS-0042/output"]);
  // Looking is not writing.
  expect(await auditRows(admin, "settings.applyRestore")).toEqual([]);

  // The Manager fails every write of Main Hall's configuration: its noise gate fails, the output after it is skipped.
  await simulator.faults({ failNext5xx: "always", failPath: "/stations/MCS-0042/configuration", failWritesOnly: true });
  const answer = await admin.fetch("/settings/restore", { method: "POST", body: applyForm(shown, shown.items) });
  await simulator.clearFaults();
  expect(answer.status).toBe(303);
  const summaries = await auditRows(admin, "settings.applyRestore");
  expect(summaries).toHaveLength(1);
  expect(summaries[0]).toMatchObject({ outcome: "partly", done: "1", failed: "1", skipped: "1" });
  expect(summaries[0]!.changes).toContain("stations: null → 1");
  expect((await auditRows(admin, "restore.name")).filter((row) => row.changes!.includes(name))).toHaveLength(1);
  expect((await auditRows(admin, "restore.noiseGate"))[0]).toMatchObject({ outcome: "failed" });
});

test("an apply that writes nothing the preview did not show: the unticked setting stays, and the summary says so", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const name = `Unticked Hall ${randomUUID().slice(0, 8)}`;
  const shown = await preview(
    admin,
    await backupOfMainHall((station) => {
      station.name = name;
      station.noiseGate.thresholdDb = -32;
    }),
  );
  const answer = await admin.fetch("/settings/restore", {
    method: "POST",
    body: applyForm(shown, ["MCS-0042/noiseGate"]),
  });
  expect(answer.status).toBe(303);
  const after = (await read(managerPaths.station("MCS-0042"))) as Station;
  expect([after.name, after.configuration.noiseGate.thresholdDb]).toEqual(["Main Hall", -32]);
  expect((await auditRows(admin, "settings.applyRestore"))[0]).toMatchObject({ outcome: "done" });
  expect((await auditRows(admin, "restore.name")).filter((row) => row.changes!.includes(name))).toEqual([]);
});

test("an apply after the venue changed writes nothing and shows the new preview: what is written is what was shown", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const shown = await preview(admin, await backupOfMainHall((station) => (station.noiseGate.thresholdDb = -33)));
  expect(shown.items).toEqual(["MCS-0042/noiseGate"]);
  // Meanwhile, someone renames the station: the file's name for it would now be a change the preview never showed.
  await simulator.api("admin", "PUT", managerPaths.updateName("MCS-0042"), { name: "Renamed meanwhile" });
  const answer = await admin.fetch("/settings/restore", { method: "POST", body: applyForm(shown, shown.items) });
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location")!;
  expect(location).toContain(`backup=${shown.backup}`);
  expect(location).toContain("notice=venueChanged");
  const after = (await read(managerPaths.station("MCS-0042"))) as Station;
  expect([after.name, after.configuration.noiseGate.thresholdDb]).toEqual(["Renamed meanwhile", -55]);
  expect(await auditRows(admin, "settings.applyRestore")).toEqual([]);
  const page = await (await admin.fetch(location)).text();
  expect(page).toContain("The venue changed after this preview was shown");
  expect(page).toContain("Renamed meanwhile");
});
