// Issue 25, item 7: Accept and Reject on a station's own page act on the station its URL names,
// whatever serial number a form field carries (a forged or stale hidden field must not move the
// action to another station).
import { managerPaths } from "../app/contract/paths";
import { signInToConsole } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

interface StationAuthorization {
  authorization: { isAuthorized: boolean; isRejected: boolean; fingerprint: string };
}

const authorizationOf = async (serialNumber: string) =>
  ((await simulator.api("admin", "GET", managerPaths.station(serialNumber))) as StationAuthorization).authorization;

test.use({ role: "none" });

test("Reject on /stations/MCS-0047 rejects MCS-0047, not the station a hidden field names", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const answer = await admin.fetch("/stations/MCS-0047?index&confirm=reject", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "reject", serialNumber: "MCS-0046" }).toString(),
  });
  expect(answer.status).toBe(302);
  expect(answer.headers.get("location")).toBe("/stations");
  await expect.poll(async () => (await authorizationOf("MCS-0047")).isRejected).toBe(true);
  expect((await authorizationOf("MCS-0046")).isRejected).toBe(false);
});

test("Accept on /stations/MCS-0047 accepts MCS-0047, not the station a hidden field names", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  // The fingerprint the station really has, as the user checked it in the dialog.
  const { currentFingerprint: fingerprint } = (await simulator.changeFingerprint("MCS-0047")) as {
    currentFingerprint: string;
  };
  const answer = await admin.fetch("/stations/MCS-0047?index&confirm=accept", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "accept", serialNumber: "MCS-0046", fingerprint }).toString(),
  });
  expect(answer.status).toBe(302);
  await expect.poll(async () => (await authorizationOf("MCS-0047")).isAuthorized).toBe(true);
  expect((await authorizationOf("MCS-0046")).isAuthorized).toBe(false);
});
