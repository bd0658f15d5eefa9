// The alerts' e2e tests start from no rules and no destinations, removed through the pages' own
// forms as an Admin without JavaScript posts them: what another test added does not alert here.
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "@playwright/test";
import { signInToConsole, type ConsoleSession } from "../../tests/support/console-session";
import { consoleUrl, e2eDataDirectory } from "./ports";

function recordIds(table: "alert_rules" | "alert_destinations"): string[] {
  const database = new DatabaseSync(join(e2eDataDirectory, "console", "records.sqlite"), { readOnly: true });
  try {
    return (database.prepare(`SELECT id FROM ${table}`).all() as { id: number }[]).map((row) => String(row.id));
  } catch {
    // Before the console's first alert read the tables may not be there yet.
    return [];
  } finally {
    database.close();
  }
}

let admin: ConsoleSession | null = null;

/** This worker's console's Admin, signed in once. */
export async function alertsAdmin(): Promise<ConsoleSession> {
  admin ??= await signInToConsole(consoleUrl, "admin");
  return admin;
}

/** An Admin's forms, posted as a browser without JavaScript would, whoever the test's page is. */
export async function postAsAdmin(path: string, fields: Record<string, string>) {
  const answer = await (
    await alertsAdmin()
  ).fetch(path, {
    method: "POST",
    headers: { origin: consoleUrl, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  expect(answer.status, `${path} ${fields.intent}`).toBe(302);
}

export async function clearAlerts() {
  for (const ruleId of recordIds("alert_rules")) await postAsAdmin("/alerts/rules", { intent: "deleteRule", ruleId });
  for (const destinationId of recordIds("alert_destinations"))
    await postAsAdmin("/alerts/destinations", { intent: "removeDestination", destinationId });
}
