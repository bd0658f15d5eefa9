// Alerts (issue 36), with and without JavaScript: a webhook, an e-mail address and a rule added on
// their pages; a station stopped in the simulator opens an alert that reaches the webhook, signed,
// and the SMTP server in the test, shows in the bar at the top of every page (live with
// JavaScript, on each load without) and on /alerts, is acknowledged there, and resolves once when
// the station runs again.
import type { Page } from "@playwright/test";
import { alertsAdmin, clearAlerts, postAsAdmin } from "./support/alert-setup";
import { expect, simulator, test } from "./support/fixtures";
import { e2ePorts } from "./support/ports";
import { startSmtpReceiver, type SmtpReceiver } from "./support/smtp-receiver";
import { startWebhookReceiver, type WebhookReceiver } from "./support/webhook-receiver";

const secret = "e2e-webhook-secret-0123456789";
// The sampler follows the stations hub; the evaluator looks every second. Generous for a loaded machine.
const delivered = { timeout: 60_000, intervals: [250, 500, 1_000] };

let receiver: WebhookReceiver;
let smtp: SmtpReceiver;
/** This run's own name for a webhook: the deliveries page lists what every test sent. */
const named = (name: string) => `${name} ${test.info().project.name} ${test.info().retry}`;

test.beforeAll(async () => {
  receiver = await startWebhookReceiver(secret);
  smtp = await startSmtpReceiver(e2ePorts.smtp);
});

test.afterAll(async () => {
  await receiver.close();
  await smtp.close();
});

test.beforeEach(async () => {
  await simulator.reset();
  await clearAlerts();
});

test.afterEach(async () => {
  await clearAlerts();
});

/** Takes a station off the network for a simulated 400 s: 20 s at the e2e simulator's 20×. */
async function drop(serialNumber: string) {
  const dropped = await fetch(`${simulator.url}/__simulator/stations/${serialNumber}/drop`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ offlineMs: 400_000 }),
  });
  expect(dropped.ok, `drop ${serialNumber}: ${dropped.status}`).toBe(true);
}

const javaScript = () => test.info().project.name === "js";

/** The webhook's form: the e-mail form beside it has a "Name" too. */
const webhookForm = (page: Page) => page.locator("form#add-destination");

async function addWebhook(page: Page, name: string) {
  const form = webhookForm(page);
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("URL").fill(receiver.url);
  await form.getByLabel("Secret").fill(secret);
  await form.getByRole("button", { name: "Add webhook" }).click();
}

/** Loads the page again until `check` passes, without JavaScript; with it, waits on the page as it is. */
async function shown(page: Page, check: () => Promise<void>) {
  if (javaScript()) {
    await expect(check).toPass(delivered);
    return;
  }
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass(delivered);
}

test("a stopped station's alert reaches the webhook signed, shows in the bar and on /alerts, and resolves once", async ({
  page,
}) => {
  await page.goto("/alerts/destinations");
  const pager = named("Front desk pager");
  await addWebhook(page, pager);
  await expect(page.getByText(`${pager} was added.`).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Webhooks" })).toContainText(receiver.url);
  const address = `desk-${test.info().project.name}-${test.info().retry}@venue.example`;
  const emailForm = page.locator("form#add-email-destination");
  await emailForm.getByLabel("Name").fill(named("Box office"));
  await emailForm.getByLabel("E-mail address").fill(address);
  await emailForm.getByLabel("Language of the messages").selectOption({ label: "German" });
  await emailForm.getByRole("button", { name: "Add e-mail address" }).click();
  await expect(page.getByText(`${named("Box office")} was added.`).first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Webhooks" })).toContainText(`${address} (German)`);
  const mailTo = () => smtp.received.filter((mail) => mail.to.includes(address));

  await page.goto("/alerts/rules");
  await page.getByLabel("What").selectOption({ label: "A station stops running or disappears" });
  await page.getByLabel("Grace period (seconds)").fill("1");
  await page.getByLabel("Stations").fill("MCS-0042");
  await page.getByRole("button", { name: "Add rule" }).click();
  await expect(page.getByText("The rule was added.").first()).toBeVisible();
  const rules = page.getByRole("table", { name: "Rules" });
  await expect(rules).toContainText("MCS-0042");
  await expect(rules).toContainText("1 second");

  // Any page shows the bar; this one is open before the station stops.
  await page.goto("/dashboard");
  const bar = page.getByTestId("alert-bar");
  await expect(bar).toHaveCount(0);
  const before = receiver.received.length;
  // Main Hall drops off the network for a simulated 400 s: 20 s at the e2e simulator's 20×.
  await drop("MCS-0042");

  await expect
    .poll(() => receiver.received.slice(before).filter((delivery) => delivery.event === "alert.opened"), delivered)
    .toHaveLength(1);
  const opened = receiver.received.slice(before).find((delivery) => delivery.event === "alert.opened")!;
  expect(opened.verified, "the signature verifies with the webhook's secret").toBe(true);
  expect(opened.json.alert).toMatchObject({
    kind: "stationStopped",
    serialNumber: "MCS-0042",
    stationName: "Main Hall",
  });
  expect(opened.idempotencyKey).toBe(`${opened.json.alert!.id}:opened`);

  await shown(page, async () => {
    await expect(bar).toContainText("1 open alert", { timeout: 1_000 });
    await expect(bar).toContainText("Main Hall (MCS-0042) stopped running", { timeout: 1_000 });
  });

  await bar.getByRole("link", { name: "View alerts" }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  const list = page.getByRole("table", { name: "Open" });
  const row = list.getByRole("row").filter({ hasText: "Main Hall (MCS-0042) stopped running" });
  await expect(row).toContainText("Open");
  await row.getByRole("button", { name: "Acknowledge: Main Hall (MCS-0042) stopped running" }).click();
  await expect(page.getByText("The alert was acknowledged.").first()).toBeVisible();
  await expect(row).toContainText("by Alex Admin");

  // Back on the network: one "resolved", and the bar goes.
  await expect
    .poll(() => receiver.received.slice(before).filter((delivery) => delivery.event === "alert.resolved"), delivered)
    .toHaveLength(1);
  const resolved = receiver.received.slice(before).find((delivery) => delivery.event === "alert.resolved")!;
  expect(resolved.verified).toBe(true);
  expect(resolved.idempotencyKey).toBe(`${opened.json.alert!.id}:resolved`);
  await page.goto("/dashboard");
  await shown(page, async () => {
    await expect(bar).toHaveCount(0, { timeout: 1_000 });
  });

  await page.goto("/alerts?state=resolved");
  await expect(page.getByRole("table", { name: "Resolved" })).toContainText("Main Hall (MCS-0042) stopped running");
  await page.goto("/alerts/deliveries");
  const attempts = page.getByRole("table", { name: "Attempts" });
  const attemptOf = (what: string) => attempts.getByRole("row").filter({ hasText: pager }).filter({ hasText: what });
  await expect(attemptOf("Opened: Main Hall (MCS-0042)")).toContainText("HTTP 200");
  await expect(attemptOf("Resolved: Main Hall (MCS-0042)")).toContainText("HTTP 200");
  // Nothing more came: one delivery per transition.
  expect(receiver.received.slice(before).map((delivery) => delivery.event)).toEqual(["alert.opened", "alert.resolved"]);

  // The e-mail address got the opening and the resolution, in German, each with a plain and an HTML part.
  await expect.poll(() => mailTo().length, delivered).toBe(2);
  const [openedMail, resolvedMail] = mailTo();
  for (const mail of [openedMail!, resolvedMail!]) {
    expect(mail.text).toContain("Main Hall (MCS-0042) läuft nicht mehr");
    expect(mail.html).toContain("Main Hall (MCS-0042) läuft nicht mehr");
  }
  expect(openedMail!.subject).toContain("Main Hall (MCS-0042) läuft nicht mehr");
  expect(resolvedMail!.subject).toContain("Aufgehoben: Main Hall (MCS-0042) läuft nicht mehr");
});

test("a webhook's form refuses a bad URL and a short secret beside their fields and keeps the rest", async ({
  page,
}) => {
  await page.goto("/alerts/destinations");
  const form = webhookForm(page);
  await form.getByLabel("Name").fill("Pager");
  await form.getByLabel("URL").fill("ftp://example.org/hook");
  await form.getByLabel("Secret").fill("short");
  await form.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByText("Enter an http or https URL without a user name or password.").first()).toBeVisible();
  await expect(page.getByText("A secret has at least 16 characters.").first()).toBeVisible();
  // What was typed stays, except the secret, which is never sent back.
  await expect(webhookForm(page).getByLabel("Name")).toHaveValue("Pager");
  await expect(webhookForm(page).getByLabel("URL")).toHaveValue("ftp://example.org/hook");
  // Without JavaScript the form went to the server, which never sends a secret back; with it the
  // browser's own check kept the form, and what was typed, from being sent at all.
  await expect(webhookForm(page).getByLabel("Secret")).toHaveValue(javaScript() ? "short" : "");
  await expect(page.getByText("No webhook or e-mail address yet.")).toBeVisible();
});

test("an e-mail address's form refuses what is not one beside its field and keeps what was typed", async ({ page }) => {
  await page.goto("/alerts/destinations");
  const form = page.locator("form#add-email-destination");
  await form.getByLabel("Name").fill("Desk");
  await form.getByLabel("E-mail address").fill("desk at venue");
  await form.getByRole("button", { name: "Add e-mail address" }).click();
  await expect(page.getByText("Enter one e-mail address, like name@example.org.").first()).toBeVisible();
  await expect(page.locator("form#add-email-destination").getByLabel("Name")).toHaveValue("Desk");
  await expect(page.locator("form#add-email-destination").getByLabel("E-mail address")).toHaveValue("desk at venue");
  await expect(page.getByText("No webhook or e-mail address yet.")).toBeVisible();
});

test("a test sent to a webhook arrives signed and is listed with its result", async ({ page }) => {
  await page.goto("/alerts/destinations");
  const desk = named("Desk");
  await addWebhook(page, desk);
  await expect(page.getByText(`${desk} was added.`).first()).toBeVisible();
  const before = receiver.received.length;
  await page.getByRole("button", { name: `Send a test to ${desk}` }).click();
  await expect(page).toHaveURL(/\/alerts\/deliveries$/);
  await expect(page.getByText(`A test is on its way to ${desk}.`).first()).toBeVisible();
  await expect
    .poll(() => receiver.received.slice(before).map((delivery) => delivery.event), delivered)
    .toEqual(["test"]);
  expect(receiver.received.at(-1)!.verified).toBe(true);
  await shown(page, async () => {
    if (javaScript()) await page.reload();
    await expect(
      page.getByRole("table", { name: "Attempts" }).getByRole("row").filter({ hasText: desk }),
    ).toContainText("HTTP 200", { timeout: 1_000 });
  });
});

test.describe("as a Moderator", () => {
  test.use({ role: "moderator" });

  test("sees the alerts of the stations they moderate only, on the bar and the list, and acknowledges none", async ({
    page,
  }) => {
    await postAsAdmin("/alerts/rules", {
      intent: "createRule",
      kind: "stationStopped",
      graceSeconds: "1",
      stations: "MCS-0012, MCS-0043",
    });
    await page.goto("/moderation");
    const bar = page.getByTestId("alert-bar");
    await expect(bar).toHaveCount(0);
    // Old Gym (an MCS v1: no audience mic) is not on the Moderator's list; Conference Room B is.
    await drop("MCS-0012");
    await drop("MCS-0043");
    await expect
      .poll(async () => {
        const list = await (await (await alertsAdmin()).fetch("/alerts")).text();
        return ["(MCS-0012) stopped running", "(MCS-0043) stopped running"].every((text) => list.includes(text));
      }, delivered)
      .toBe(true);

    await shown(page, async () => {
      await expect(bar).toContainText("1 open alert", { timeout: 1_000 });
    });
    await expect(bar).toContainText("Conference Room B (MCS-0043) stopped running");
    await expect(bar).not.toContainText("MCS-0012");

    await bar.getByRole("link", { name: "View alerts" }).click();
    const list = page.getByRole("table", { name: "Open" });
    await expect(list.getByRole("row").filter({ hasText: "(MCS-0043) stopped running" })).toContainText("Not yet");
    await expect(list).not.toContainText("MCS-0012");
    await expect(list.getByRole("button")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Rules" })).toHaveCount(0);
  });
});
