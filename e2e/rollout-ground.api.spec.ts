// Issue 33, item 4: rollouts hold their ground. A resume refused (the rollout runs) changes
// nothing — the rollout still acts for the admin who started it, and pauses when that admin signs
// out. Two starts at once over the same stations: one rollout holds them, the other refuses them,
// naming the rollout that holds each. Ids and page numbers from the URL are checked before they
// go anywhere: a made-up id is a 404 (never a Location built from it, never a 500, never a record
// that carries it), a page number that is no page number a 400.
import { randomUUID } from "node:crypto";
import { compareVersions } from "../app/domain/firmware";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import {
  auditRows,
  choose,
  fleet,
  formHeaders,
  pageText,
  post,
  startRollout,
  startedRolloutId,
  withoutScripts,
} from "./support/fleet-api";
import { consoleUrl } from "./support/ports";

const newest = "6.10.0";
/** The default fleet's own special stations (listeners, stuck reboot, update required) stay out. */
const defaultFleet = /^MCS-004[0-9]$/;

let owner: ConsoleSession;
const started: string[] = [];

test.beforeAll(async () => {
  owner = await signInToConsole(consoleUrl, "owner");
});

// Nothing is left running for the next test: a station held by a rollout is held for every start.
test.afterEach(async () => {
  for (const id of started.splice(0)) await post(owner, `/firmware/rollouts/${id}`, { intent: "cancelRollout" });
});

/** Connected v2 stations behind the newest firmware, with listeners: a rollout waits for them. */
async function waitingStations(count: number): Promise<string[]> {
  const chosen = (await fleet())
    .filter(
      (station) =>
        station.type === 2 &&
        station.deviceState.computedState === "Connected" &&
        !defaultFleet.test(station.serialNumber) &&
        compareVersions(station.currentFirmwareVersion, newest) < 0,
    )
    .slice(0, count)
    .map((station) => station.serialNumber);
  expect(chosen, `${count} connected v2 stations behind ${newest}`).toHaveLength(count);
  for (const serialNumber of chosen) await simulator.setListeners(serialNumber, 2);
  return chosen;
}

function rolloutPage(session: ConsoleSession, id: string) {
  return pageText(session, `/firmware/rollouts/${id}`);
}

test("a resume refused by another admin changes nothing: the rollout still acts for whom it did", async () => {
  await simulator.seed(40);
  const admin = await signInToConsole(consoleUrl, "admin");
  const stations = await waitingStations(1);
  const id = startedRolloutId(await startRollout(admin, await choose(admin, stations), newest));
  started.push(id);

  // The Owner's resume of a running rollout is refused…
  const resumed = await post(owner, `/firmware/rollouts/${id}`, { intent: "resumeRollout" });
  expect(resumed.status).toBe(302);
  expect(await rolloutPage(owner, id)).toContain("The rollout had already changed: nothing was done.");
  // …so when the admin who started it signs out, it pauses: it acted for them all along.
  expect((await admin.fetch("/logout", { method: "POST", headers: formHeaders })).status).toBe(302);
  await expect
    .poll(async () => rolloutPage(owner, id), { timeout: 20_000 })
    .toContain("Paused: the session of the admin it acts for has ended.");
});

test("two starts at once over the same stations: one rollout holds them, the other refuses them naming it", async () => {
  await simulator.seed(40);
  const admin = await signInToConsole(consoleUrl, "admin");
  const [first, second, third] = await waitingStations(3);
  const both = await choose(admin, [first!, second!]);
  const answers = await Promise.all([startRollout(admin, both, newest), startRollout(admin, both, newest)]);
  const holding = answers.filter((answer) => answer.status === 302);
  expect(holding, "one start goes ahead").toHaveLength(1);
  const holder = startedRolloutId(holding[0]!);
  started.push(holder);
  const refused = answers.find((answer) => answer.status !== 302)!;
  expect(refused.status).toBe(200);
  expect(withoutScripts(await refused.text())).toContain(
    `Every station to update is in a rollout that has not ended (rollout ${holder}): nothing was started.`,
  );

  // A start over those two and a third takes the third; the others are skipped, naming the holder.
  const next = startedRolloutId(await startRollout(admin, await choose(admin, [first!, second!, third!]), newest));
  started.push(next);
  const page = await rolloutPage(admin, next);
  const rows = [...page.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g)].map((row) => row[1]!);
  const rowOf = (serialNumber: string) =>
    (rows.find((row) => row.includes(`>${serialNumber}</a>`)) ?? "").replace(/<[^>]+>/g, " ");
  for (const held of [first!, second!]) {
    expect(rowOf(held)).toContain("Skipped");
    expect(rowOf(held)).toContain(`In rollout ${holder}, which has not ended`);
  }
  expect(rowOf(third!)).toContain("Waiting");

  // Neither pauses, and no station was sent Update twice (with listeners, none yet at all).
  for (const id of [holder, next]) expect(await rolloutPage(admin, id)).not.toMatch(/>Paused</);
  for (const serialNumber of [first!, second!, third!]) {
    expect((await simulator.firmwareOf(serialNumber)).updateCalls, serialNumber).toBe(0);
  }
});

test("a rollout id or page number from the URL is checked before use: 404 or 400, never a 500 or a raw value", async () => {
  const since = new Date().toISOString();
  const admin = await signInToConsole(consoleUrl, "admin");
  const made = ["..%2F..%2F%5Cevil.example", "1%0D%0AX-Evil:%20yes", "9".repeat(5000), "0", "00000000000000000001"];
  for (const id of made) {
    const shown = await admin.fetch(`/firmware/rollouts/${id}`);
    expect(shown.status, `GET ${id.slice(0, 40)}`).toBe(404);
    for (const intent of ["pauseRollout", "resumeRollout", "cancelRollout"]) {
      const acted = await post(admin, `/firmware/rollouts/${id}`, { intent });
      expect(acted.status, `${intent} ${id.slice(0, 40)}`).toBe(404);
      expect(acted.headers.get("location")).toBeNull();
    }
  }
  for (const action of ["rollout.pause", "rollout.resume", "rollout.cancel"]) {
    for (const row of await auditRows(admin, action, since)) {
      expect(row.targetId, "no made-up id in the audit log").toBe("");
    }
  }

  for (const page of ["1e18", "abc", "0", "-1", "1.5", "9".repeat(400)]) {
    expect((await admin.fetch(`/firmware/rollouts?page=${page}`)).status, `page=${page.slice(0, 20)}`).toBe(400);
  }
  // A page past the end is the last page, as on every list.
  expect((await admin.fetch("/firmware/rollouts?page=99999")).status).toBe(200);
  expect((await admin.fetch(`/firmware/rollouts?page=1&x=${randomUUID()}`)).status).toBe(200);
});
