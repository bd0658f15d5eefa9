// The audit log (issue 28): a rename, a refused write and a failed Manager call each show with
// the request id their answer carried; a PIN is recorded as changed, never by value, on the
// screen and in the CSV; a bad filter gets a message, not a 500; a Moderator gets the 403 page.
// In words (issue 38): each action as a sentence with its identifier beneath, the fields by their
// names, the Action filter by group, the times in the console's time zone named in the heading.
import type { Page, Response } from "@playwright/test";
import { parseCsv } from "../app/domain/csv";
import { signInToConsole } from "../tests/support/console-session";
import { dialog, expectFlash, failNextWrite, region, visit } from "./failure-helpers";
import { expect, test } from "./support/fixtures";
import { consoleUrl } from "./support/ports";

/** The request id of the POST that `act` sends, as its answer's X-Request-Id says. */
/** The X-Request-Id of the answer to the first POST `act` makes (whose body has `bodyHas`, if given). */
async function requestIdOf(page: Page, act: () => Promise<void>, bodyHas = ""): Promise<string> {
  const answer: Promise<Response> = page.waitForResponse(
    (response) => response.request().method() === "POST" && (response.request().postData() ?? "").includes(bodyHas),
  );
  await act();
  const requestId = (await answer).headers()["x-request-id"];
  expect(requestId, "the answer's X-Request-Id").toMatch(/\S/);
  return requestId!;
}

const recordOf = (page: Page, requestId: string) => page.getByRole("row").filter({ hasText: requestId });

async function renameStation(page: Page, name: string) {
  await page.getByLabel("Name").fill(name);
  return requestIdOf(page, () => page.getByRole("button", { name: "Save name" }).click());
}

test("a rename, a Moderator's refused rename and a failed rename are each in the log with their request id", async ({
  page,
}) => {
  await visit(page, "/stations/MCS-0042");
  const renamed = await renameStation(page, "Audit Hall");
  await expectFlash(page, "The name was saved.");

  const moderator = await signInToConsole(consoleUrl, "moderator");
  const refusal = await moderator.fetch("/stations/MCS-0042?index", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "rename", name: "Moderator Hall" }).toString(),
  });
  expect(refusal.status).toBe(403);
  const refused = refusal.headers.get("x-request-id")!;

  await visit(page, "/stations/MCS-0042");
  await failNextWrite();
  const failed = await renameStation(page, "Failing Hall");
  await expectFlash(page, "The name could not be saved. Please try again.");

  await visit(page, "/auditLog?station=MCS-0042");
  await expect(page.getByRole("heading", { level: 1, name: "Audit Log" })).toBeVisible();
  const done = recordOf(page, renamed);
  await expect(done.getByRole("cell").nth(1)).toHaveText(/^Renamed the station\s*station\.rename$/);
  await expect(done).toContainText("Alex Admin");
  await expect(done).toContainText("Name: Main Hall → Audit Hall");
  await expect(done).toContainText("Done");
  const refusedRow = recordOf(page, refused);
  await expect(refusedRow).toContainText("Refused");
  await expect(refusedRow).toContainText("no permission");
  await expect(refusedRow).toContainText("Moderator");
  const failedRow = recordOf(page, failed);
  await expect(failedRow).toContainText("Failed");
  await expect(failedRow).toContainText("Manager answered 500");

  // Newest first: the failed rename, then the refusal, then the rename.
  const requestIds = await page.locator("tbody tr").allInnerTexts();
  const order = [failed, refused, renamed].map((id) => requestIds.findIndex((text) => text.includes(id)));
  expect(order).toEqual([...order].sort((a, b) => a - b));

  await done.getByRole("link", { name: /Station MCS-0042/ }).click();
  await expect(page).toHaveURL("/stations/MCS-0042");
});

test("a PIN change is recorded as changed, without the PIN, on the screen and in the CSV", async ({ page }) => {
  await visit(page, "/stations/MCS-0042/channels/1");
  const pinCard = region(page, "PIN");
  await pinCard.getByLabel("Protect the channel with a PIN").check();
  if (test.info().project.name === "js") {
    await page.getByRole("textbox", { name: "PIN digit 1 of 6" }).click();
    await page.keyboard.type("482916");
  } else {
    await page.getByRole("textbox", { name: "PIN" }).fill("482916");
  }
  await pinCard.getByRole("button", { name: "Save PIN" }).click();
  const confirm = dialog(page, "Save the changes?");
  // The confirmed save: the question before it is no write (issue 33), its answer no record.
  const saved = await requestIdOf(page, () => confirm.getByRole("button", { name: "Save" }).click(), "confirmed=yes");
  await expect(page.getByText("The PIN settings were saved.").first()).toBeVisible();

  await visit(page, "/auditLog?action=channel.savePin");
  const record = recordOf(page, saved);
  await expect(record).toContainText("Changed the channel's PIN");
  await expect(record).toContainText("PIN: changed");
  await expect(record).not.toContainText("482916");
  await expect(page.locator("main")).not.toContainText("482916");
  await record.getByRole("link", { name: "Channel 1 of MCS-0042" }).click();
  await expect(page).toHaveURL("/stations/MCS-0042/channels/1");

  const csv = await page.request.get("/auditLog/download?action=channel.savePin");
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  expect(csv.headers()["content-disposition"]).toMatch(/^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/);
  const text = await csv.text();
  expect(text).not.toContain("482916");
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ""));
  expect(header).toContain("requestId");
  const row = rows.find((cells) => cells.includes(saved));
  expect(row, "the PIN save in the CSV").toBeDefined();
  expect(row![header!.indexOf("changes")]!.split("; ")).toContain("pin: changed");
  expect(row![header!.indexOf("action")]).toBe("channel.savePin");
});

test("filter values that cannot be used are named next to their fields, and a page past the end shows the last", async ({
  page,
}) => {
  const response = await page.goto("/auditLog?action=no.suchAction&from=2026-02-31&to=1999-01-01&page=9999");
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel("Action")).toHaveAccessibleDescription(
    /There are no records of the action “no.suchAction”/,
  );
  await expect(page.getByLabel("From (date)")).toHaveAccessibleDescription(/Enter a date as YYYY-MM-DD/);
  await expect(page.getByLabel("From (date)")).toHaveValue("");
  await expect(page.getByRole("navigation", { name: "Pages" })).toBeVisible();
  const reversed = await page.goto("/auditLog?from=2026-03-02&to=2026-03-01");
  expect(reversed?.status()).toBe(200);
  await expect(page.getByLabel("To (date)")).toHaveAccessibleDescription(/The end date is before the start date/);
});

// Found in CI: a refused value holding a NUL ended the log's page for lynx (no footer after it).
test("a refused value's hidden characters show as escapes, and a made-up intent is recorded as unknown", async ({
  page,
}) => {
  const admin = await signInToConsole(consoleUrl, "admin");
  const post = (fields: Record<string, string>) =>
    admin.fetch("/stations/MCS-0042?index", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
    });
  const refusal = await post({ intent: "rename", name: "\u0000Hall\u202Eevil" });
  const refused = refusal.headers.get("x-request-id")!;
  const probe = await post({ intent: "rename\u0000probe" });
  expect(probe.status).toBe(404);
  const probed = probe.headers.get("x-request-id")!;

  await visit(page, "/auditLog?station=MCS-0042");
  await expect(recordOf(page, refused)).toContainText("Name: \\u0000Hall\\u202eevil");
  await expect(recordOf(page, refused)).toContainText("Refused");
  await expect(recordOf(page, probed)).toContainText("Tried to change a station");
  await expect(recordOf(page, probed)).toContainText("station.unknown");
  const html = await (await admin.fetch("/auditLog?station=MCS-0042")).text();
  expect(html).toContain(refused);
  // The page's text: the records' data for hydration is in script elements, escaped or not shown.
  expect(html.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("\u202E");
  expect(html).not.toContain("\u0000");
  await expect(page.getByTestId("backend-version")).toBeVisible();
});

test("the Action filter lists the recorded actions in words by group, and filters by one; times are in the console's zone", async ({
  page,
}) => {
  await visit(page, "/stations/MCS-0042");
  const renamed = await renameStation(page, "Words Hall");
  await expectFlash(page, "The name was saved.");

  await visit(page, "/auditLog");
  const action = page.getByLabel("Action");
  // Groups in the filter's order, each holding only actions in words.
  const groups = await action.locator("optgroup").evaluateAll((elements) =>
    elements.map((group) => ({
      label: group.getAttribute("label"),
      options: [...group.querySelectorAll("option")].map((option) => option.textContent),
    })),
  );
  expect(groups.map((group) => group.label)).toEqual(expect.arrayContaining(["Stations", "Sign-in"]));
  const stations = groups.find((group) => group.label === "Stations")!;
  expect(stations.options).toContain("Renamed the station");
  expect(groups.find((group) => group.label === "Sign-in")!.options).toContain("Signed in");
  for (const group of groups) for (const option of group.options) expect(option).not.toMatch(/^[a-z]+\.[A-Za-z]+$/);

  await action.selectOption({ label: "Renamed the station" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/action=station\.rename/);
  await expect(recordOf(page, renamed)).toBeVisible();
  await expect(page.locator("tbody tr").filter({ hasText: "Signed in" })).toHaveCount(0);
  await expect(action).toHaveValue("station.rename");

  // The zone the console runs in (the test's own: the same machine), named once in the heading;
  // each time is that zone's, with the record's moment in a machine-readable attribute.
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  await expect(page.getByRole("columnheader", { name: `Time (${zone})` })).toBeVisible();
  const time = recordOf(page, renamed).locator("time");
  const moment = new Date((await time.getAttribute("datetime"))!);
  const expected = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium", timeZone: zone }).format(
    moment,
  );
  await expect(time).toHaveText(expected);
});

test.describe("as a Moderator", () => {
  test.use({ role: "moderator" });

  test("the audit log is the 403 page, its download refused, and no navigation entry leads there", async ({ page }) => {
    const response = await page.goto("/auditLog");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Forbidden" })).toBeVisible();
    expect((await page.request.get("/auditLog/download")).status()).toBe(403);
    await page.goto("/moderation");
    await expect(page.getByRole("link", { name: "Audit Log" })).toHaveCount(0);
  });
});
