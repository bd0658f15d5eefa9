// Issue 33, "the audit log says what did not happen", as the requests that showed it: every
// record tells what happened. A confirm-first form's question, a write to a channel that does
// not exist and a replayed submission are no writes done; what the security layer refuses
// (cross-origin, too large, not a form) with a session is recorded with its user; every refusal
// names the action and target tried; no text in the store or the CSV carries a hidden character.
// Each record is found by the X-Request-Id of the answer that made it, in the CSV an admin downloads.
import { randomUUID } from "node:crypto";
import { parseCsv } from "../app/domain/csv";
import { signInToConsole, type ConsoleSession } from "../tests/support/console-session";
import { expect, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

type Row = Record<string, string>;

let admin: ConsoleSession;
test.beforeAll(async () => {
  admin = await signInToConsole(consoleUrl, "admin");
});

/** The audit log as an admin downloads it (raw text and rows by column). */
async function auditCsv(): Promise<{ text: string; rows: Row[] }> {
  const answer = await admin.fetch("/auditLog/download");
  expect(answer.status).toBe(200);
  const text = (await answer.text()).replace(/^\uFEFF/, "");
  const [header, ...lines] = parseCsv(text);
  return { text, rows: lines.map((cells) => Object.fromEntries(header!.map((name, at) => [name, cells[at] ?? ""]))) };
}

/** The records the answers made, by their request ids (none for an answer that made none). */
async function recordsOf(...answers: Response[]): Promise<Row[][]> {
  const { rows } = await auditCsv();
  return answers.map((answer) => {
    const requestId = answer.headers.get("x-request-id");
    expect(requestId, "the answer's X-Request-Id").toMatch(/\S/);
    return rows.filter((row) => row.requestId === requestId);
  });
}

function post(as: ConsoleSession, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return as.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const pin = { intent: "savePin", pinEnabled: "on", pin: "246810" };

test("a confirm-first form's question is no write: only the confirmed save is recorded", async () => {
  const asked = await post(admin, "/stations/MCS-0042/channels/1", pin);
  expect(asked.status).toBe(200);
  const back = await post(admin, "/stations/MCS-0042/channels/1", { ...pin, intent: "reviewPin" });
  expect(back.status).toBe(200);
  const saved = await post(admin, "/stations/MCS-0042/channels/1", { ...pin, confirmed: "yes" });
  expect(saved.status).toBe(302);

  const [question, review, save] = await recordsOf(asked, back, saved);
  expect(question).toEqual([]);
  expect(review).toEqual([]);
  expect(save).toMatchObject([{ action: "channel.savePin", outcome: "done" }]);
  expect(save![0]!.changes!.split("; ")).toContain("pin: changed");
});

test("a write to a channel or station that does not exist is refused as not found, never done", async () => {
  const asked = await post(admin, "/stations/MCS-0042/channels/99", pin);
  expect(asked.status).toBe(404);
  const confirmed = await post(admin, "/stations/MCS-0042/channels/99", { ...pin, confirmed: "yes" });
  expect(confirmed.status).toBe(404);
  const noIndex = await post(admin, "/stations/MCS-0042/channels/first", { ...pin, confirmed: "yes" });
  expect(noIndex.status).toBe(404);
  const renamed = await post(admin, "/stations/MCS-9999?index", { intent: "rename", name: "Nowhere" });
  expect(renamed.status).toBe(404);

  const [question, channel, route, station] = await recordsOf(asked, confirmed, noIndex, renamed);
  expect(question).toEqual([]);
  expect(channel).toHaveLength(1);
  expect(channel![0]).toMatchObject({
    action: "channel.savePin",
    outcome: "refused",
    reason: "notFound",
    targetKind: "channel",
    serialNumber: "MCS-0042",
    channelIndex: "99",
  });
  expect(route).toHaveLength(1);
  expect(route![0]).toMatchObject({ outcome: "refused", reason: "notFound", serialNumber: "MCS-0042" });
  expect(station).toHaveLength(1);
  expect(station![0]).toMatchObject({
    action: "station.rename",
    outcome: "refused",
    reason: "notFound",
    targetKind: "station",
    serialNumber: "MCS-9999",
  });
});

test("a submission sent again is recorded once: the replay did nothing of its own", async () => {
  const page = await (await admin.fetch("/apiTokens?dialog=addToken")).text();
  const submissionId = /name="submissionId" value="([^"]+)"/.exec(page)?.[1];
  expect(submissionId).toBeTruthy();
  const form = {
    intent: "createToken",
    submissionId: submissionId!,
    name: `Replayed ${randomUUID().slice(0, 8)}`,
    expiryPreset: "oneWeek",
    scopes: "channels.read",
  };
  const first = await post(admin, "/apiTokens?dialog=addToken", form);
  const again = await post(admin, "/apiTokens?dialog=addToken", form);
  expect([first.status, again.status]).toEqual([302, 302]);
  const [created, replayed] = await recordsOf(first, again);
  expect(created).toMatchObject([{ action: "token.createToken", outcome: "done", targetLabel: form.name }]);
  expect(replayed).toEqual([]);
});

test("what the security layer refuses with a session is recorded with its user, action and target", async () => {
  const crossSite = await post(
    admin,
    "/stations/MCS-0042?index",
    { intent: "rename", name: "Evil" },
    {
      origin: "http://evil.example",
    },
  );
  expect(crossSite.status).toBe(403);
  const tooLarge = await post(admin, "/stations/MCS-0042/channels/1", {
    intent: "saveDetails",
    name: "x".repeat(20_000),
  });
  expect(tooLarge.status).toBe(413);
  const notAForm = await admin.fetch("/stations/MCS-0042?index", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ intent: "rename", name: "Json" }),
  });
  expect(notAForm.status).toBe(415);
  const signOut = await post(admin, "/logout", {}, { origin: "http://evil.example" });
  expect(signOut.status).toBe(403);
  // Nobody's: no session, nothing to record.
  const anonymous = await fetch(`${consoleUrl}/stations/MCS-0042?index`, {
    method: "POST",
    headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "intent=rename&name=Evil",
  });
  expect(anonymous.status).toBe(403);

  const [cross, large, json, session, nobody] = await recordsOf(crossSite, tooLarge, notAForm, signOut, anonymous);
  const admins = { userName: "Alex Admin", role: "Admin", outcome: "refused" };
  expect(cross).toMatchObject([
    { ...admins, action: "station.unknown", targetKind: "station", serialNumber: "MCS-0042", reason: "crossOrigin" },
  ]);
  expect(large).toMatchObject([
    { ...admins, targetKind: "channel", serialNumber: "MCS-0042", channelIndex: "1", reason: "tooLarge" },
  ]);
  expect(json).toMatchObject([{ ...admins, serialNumber: "MCS-0042", reason: "formsOnly" }]);
  expect(session).toMatchObject([
    { ...admins, action: "session.signOut", targetKind: "session", reason: "crossOrigin" },
  ]);
  expect(nobody).toEqual([]);
  // The refused sign-out left the session alone.
  expect((await admin.fetch("/")).headers.get("location")).toBe("/dashboard");
});

test("a Moderator's refused writes name the action and target tried", async () => {
  const moderator = await signInToConsole(consoleUrl, "moderator");
  const selection = randomUUID();
  const bulk = await post(moderator, `/stations/bulk?action=remove&selection=${selection}`, {
    intent: "bulkRemove",
    selection,
    digest: "x",
  });
  expect(bulk.status).toBe(403);
  const rename = await post(moderator, "/stations/MCS-0042?index", { intent: "rename", name: "Moderator Hall" });
  expect(rename.status).toBe(403);

  const [bulkRecords, renameRecords] = await recordsOf(bulk, rename);
  const refused = { role: "Moderator", outcome: "refused", reason: "permission" };
  expect(bulkRecords).toMatchObject([
    { ...refused, action: "bulk.remove", targetKind: "selection", targetId: selection },
  ]);
  expect(renameRecords).toMatchObject([
    { ...refused, action: "station.rename", targetKind: "station", serialNumber: "MCS-0042" },
  ]);
});

test("hidden characters reach neither the store nor the CSV: each is written out as its escape", async () => {
  const refusal = await post(admin, "/stations/MCS-0042?index", { intent: "rename", name: "\u0000Hall\u202Eevil" });
  const { text } = await auditCsv();
  expect(text).not.toMatch(/(?![\r\n])[\p{Cc}\p{Cf}]/u);
  const [records] = await recordsOf(refusal);
  expect(records).toMatchObject([{ action: "station.rename", outcome: "refused", reason: "validation" }]);
  // JSON of the text the screen shows.
  expect(records![0]!.changes).toBe('name: null → "\\\\u0000Hall\\\\u202eevil"');
});
