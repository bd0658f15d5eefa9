// Applying a restore twice with the same form (a double click without JavaScript) acts once: both
// answers lead to the same result, and the audit log holds the one rename it made.
import { randomUUID } from "node:crypto";
import { managerPaths } from "../app/contract/paths";
import type { SystemSettings } from "../app/contract/settings";
import type { Station } from "../app/contract/stations";
import { backupHeader, backupStationOf } from "../app/domain/venue-backup";
import { signInToConsole } from "../tests/support/console-session";
import { expect, simulator, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

test("the same apply sent twice at once restores once and answers both with the same result", async () => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const read = (path: string) => simulator.api("admin", "GET", path);
  const name = `Once Hall ${randomUUID().slice(0, 8)}`;
  const document = JSON.stringify({
    ...backupHeader(
      { withPins: false, withNetwork: false },
      { systemSettings: (await read(managerPaths.systemSettings())) as SystemSettings, appCustomization: null },
      new Date(),
    ),
    stations: [
      {
        ...backupStationOf((await read(managerPaths.station("MCS-0042"))) as Station, {
          withPins: false,
          withNetwork: false,
        }),
        name,
      },
    ],
  });
  const submissionId = randomUUID();
  const apply = () => {
    const form = new FormData();
    form.append("intent", "apply");
    form.append("document", document);
    form.append("submissionId", submissionId);
    form.append("target:MCS-0042", "MCS-0042");
    form.append("previewed:MCS-0042", "MCS-0042");
    form.append("item", "MCS-0042/name");
    return admin.fetch("/settings/restore", { method: "POST", body: form });
  };
  const answers = await Promise.all([apply(), apply()]);
  for (const answer of answers) {
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(`/settings/restore?result=${submissionId}`);
  }
  expect(((await read(managerPaths.station("MCS-0042"))) as Station).name).toBe(name);
  const result = await (await admin.fetch(`/settings/restore?result=${submissionId}`)).text();
  expect(result).toContain("1 done");
  const csv = await (await admin.fetch("/auditLog/download?action=restore.name")).text();
  expect(csv.split("\n").filter((line) => line.includes(name))).toHaveLength(1);
});
