// Issue 33, items 3 and 4 for bulk actions: the audit log says what happened, once, and a
// confirmation confirms what it showed. Six copies of one Reject confirmation at once are one act
// with one summary (and a later copy adds nothing); a bulk accept where every station failed is
// recorded failed, one where some failed partly done, with the counts; a Reject confirmation's
// digest does not pass for Remove; a bulk action's submission id sent to the rollout form is a
// submission of its own there. And the listeners choice and Remove's warning in German.
import { managerPaths } from "../app/contract/paths";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import {
  auditRows,
  choose,
  confirmation,
  fleet,
  pageText,
  post,
  withoutScripts,
  type ApiStation,
  type AuditRow,
} from "./support/fleet-api";
import { consoleUrl } from "./support/ports";

let admin: ConsoleSession;

test.beforeAll(async () => {
  admin = await signInToConsole(consoleUrl, "admin");
});

const isNewcomer = (station: ApiStation) => station.deviceState.computedState === "Unauthorized";
/** The act's own record: no station named (each station's record names one). */
const isSummary = (row: AuditRow) => row.serialNumber === "";

async function stationExists(serialNumber: string) {
  return simulator.api("admin", "GET", managerPaths.station(serialNumber)).then(
    () => true,
    () => false,
  );
}

test("six copies of one Reject confirmation at once are one act: one summary, one record per station", async () => {
  await simulator.seed(35);
  const since = new Date().toISOString();
  const rejecting = (await fleet()).filter(isNewcomer).slice(0, 2);
  expect(rejecting).toHaveLength(2);
  const selection = await choose(
    admin,
    rejecting.map((station) => station.serialNumber),
  );
  const { path, fields } = await confirmation(admin, "reject", selection);
  const send = () => post(admin, path, { ...fields, intent: "bulkReject" });
  const answers = await Promise.all([send(), send(), send(), send(), send(), send()]);
  const locations = new Set(answers.map((answer) => answer.headers.get("location")));
  expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302, 302]);
  expect(locations.size, "every copy lands on the one result").toBe(1);
  // A copy sent later replays the result too.
  expect((await send()).headers.get("location")).toBe([...locations][0]);

  const rows = await auditRows(admin, "bulk.reject", since);
  const summaries = rows.filter(isSummary);
  expect(summaries.map((row) => row.outcome)).toEqual(["done"]);
  expect(
    rows
      .filter((row) => !isSummary(row))
      .map((row) => row.serialNumber)
      .sort(),
  ).toEqual(rejecting.map((station) => station.serialNumber).sort());
});

test("a bulk accept where every station failed is recorded failed, one where some failed partly done, with counts", async () => {
  await simulator.seed(35);
  const since = new Date().toISOString();
  const ready = (await fleet()).filter((station) => isNewcomer(station) && station.deviceState.isReady).slice(0, 2);
  expect(ready, "two new stations ready to accept").toHaveLength(2);
  const [first, second] = ready.map((station) => station.serialNumber) as [string, string];
  const acceptBoth = async () => {
    const selection = await choose(admin, [first, second]);
    const { path, fields } = await confirmation(admin, "accept", selection);
    const answer = await post(admin, path, { ...fields, intent: "bulkAccept" });
    expect(answer.status).toBe(302);
    return pageText(admin, answer.headers.get("location")!);
  };

  // Every Accept call fails.
  await simulator.faults({ failNext5xx: "always", failPath: "/Accept" });
  expect(await acceptBoth()).toContain("0 done, 0 skipped, 2 failed.");
  let summaries = (await auditRows(admin, "bulk.accept", since)).filter(isSummary);
  expect(summaries.map(({ outcome, done, failed, skipped }) => ({ outcome, done, failed, skipped }))).toEqual([
    { outcome: "failed", done: "0", failed: "2", skipped: "0" },
  ]);

  // Only the second's fails: the first is accepted.
  await simulator.faults({ failNext5xx: "always", failPath: `/authorization/${second}/Accept` });
  expect(await acceptBoth()).toContain("1 done, 0 skipped, 1 failed.");
  summaries = (await auditRows(admin, "bulk.accept", since)).filter(isSummary);
  expect(summaries.map(({ outcome, done, failed, skipped }) => ({ outcome, done, failed, skipped }))[0]).toEqual({
    outcome: "partly",
    done: "1",
    failed: "1",
    skipped: "0",
  });
});

test("a Reject confirmation's digest does not confirm a Remove of the same stations", async () => {
  await simulator.seed(35);
  const [newcomer] = (await fleet()).filter(isNewcomer);
  const selection = await choose(admin, [newcomer!.serialNumber]);
  const reject = await confirmation(admin, "reject", selection);
  const removePath = `/stations/bulk?action=remove&selection=${selection}`;
  const answer = await post(admin, removePath, { ...reject.fields, intent: "bulkRemove" });
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location"), "back to the Remove confirmation").toBe(removePath);
  expect(await pageText(admin, removePath)).toContain("The chosen stations changed since this list was shown");
  expect(await stationExists(newcomer!.serialNumber)).toBe(true);
});

test("a bulk action's submission id sent to the rollout form is a submission of the rollout form's own", async () => {
  await simulator.seed(35);
  const [newcomer] = (await fleet()).filter(isNewcomer);
  const selection = await choose(admin, [newcomer!.serialNumber]);
  const { path, fields } = await confirmation(admin, "reject", selection);
  expect((await post(admin, path, { ...fields, intent: "bulkReject" })).status).toBe(302);

  // The rejected station is no longer listed: this start has nothing to update, and says so.
  const started = await post(admin, "/firmware/rollouts?index", {
    intent: "startRollout",
    selection,
    submissionId: fields.submissionId!,
    source: "selection",
    "version-2": "6.10.0",
    firstWaveSize: "1",
    waveSize: "5",
    eulaAccepted: "on",
  });
  expect(started.status, started.headers.get("location") ?? "").toBe(200);
  const main = withoutScripts(await started.text());
  expect(main).toContain("None of these stations needs an update to the firmware chosen: nothing was started.");
  expect(main).not.toContain("The rollout has started.");
});

test("Reboot offers to include stations with listeners and Remove warns of running stations, in German too", async () => {
  const running = (await fleet()).filter((station) => station.deviceState.computedState === "Connected");
  expect(running.length).toBeGreaterThan(0);
  const selection = await choose(
    admin,
    running.map((station) => station.serialNumber),
  );
  const reboot = await pageText(admin, `/stations/bulk?action=reboot&selection=${selection}`, "de");
  expect(reboot).toContain("Stationen mit Zuhörern einbeziehen (sie werden getrennt)");
  const remove = await pageText(admin, `/stations/bulk?action=remove&selection=${selection}`, "de");
  const count = running.length;
  expect(remove).toContain(
    count === 1 ? "1 zu entfernende Station ist in Betrieb" : `${count} zu entfernende Stationen sind in Betrieb`,
  );
});
