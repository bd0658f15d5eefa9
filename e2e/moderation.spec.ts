// Moderation by form, in both projects (JavaScript on and off): the list, a queue run end to end
// while listeners join, a double-submitted "Next speaker", the channel settings and their failures.
import type { Page, TestInfo } from "@playwright/test";
import { expect, simulator, test } from "./support/fixtures";

test.use({ role: "moderator" });

const questionChannel = "/moderation/MCS-0043/1";

/** With JavaScript the page follows the moderation hub once its connection is open. */
async function liveWhenScripted(testInfo: TestInfo) {
  if (testInfo.project.name === "nojs") return;
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
}

/** Without JavaScript the moderator refreshes; with it the page follows the moderation hub. */
async function seeLatest(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === "nojs")
    await page.getByRole("link", { name: "Refresh to see the latest state" }).click();
}

function speakingNow(page: Page) {
  return page.getByTestId("current-speaker");
}

function waitingList(page: Page) {
  return page.getByTestId("waiting-list").getByRole("listitem");
}

test("the moderation list shows every channel with its waiting speakers and sorts by column", async ({ page }) => {
  await page.goto("/moderation");
  await expect(page.getByRole("heading", { level: 1, name: "Moderation" })).toBeVisible();
  const table = page.getByRole("table", { name: "Channels to moderate" });
  await expect(table.getByRole("columnheader")).toHaveText([
    /^Channel/,
    /^Channel ID/,
    /^Station/,
    /^Speakers waiting/,
    "Properties",
  ]);
  const question = table.getByRole("row", { name: /Q&A Microphone/ });
  await expect(question.getByRole("cell").nth(1)).toHaveText("Conference Room B");
  await expect(question.getByRole("cell").nth(2)).toHaveText("2");
  await expect(question).toContainText("Audience mic open");
  await expect(question).toContainText("Queue");
  await expect(table.getByRole("row", { name: /Main Hall – Deutsch/ })).toContainText("PIN");

  await table.getByRole("link", { name: /Sort by Speakers waiting/ }).click();
  await expect(page).toHaveURL(/sort=speakersWaiting&order=asc/);
  await expect(table.getByRole("columnheader", { name: /Speakers waiting/ })).toHaveAttribute("aria-sort", "ascending");
  await table.getByRole("link", { name: /Sort by Speakers waiting/ }).click();
  await expect(page).toHaveURL(/sort=speakersWaiting&order=desc/);
  await expect(table.getByRole("row").nth(1)).toContainText("Q&A Microphone");

  await table.getByRole("link", { name: /Sort by Channel$/ }).click();
  await expect(table.getByRole("row").nth(1)).toContainText("Chapel");

  await page.getByRole("searchbox", { name: "Search channels" }).fill("conference");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(table.getByRole("row")).toHaveCount(2);
  await table.getByRole("link", { name: "Q&A Microphone" }).click();
  await expect(page).toHaveURL(questionChannel);
  await expect(page.getByRole("heading", { level: 1, name: "Q&A Microphone" })).toBeVisible();
});

test("a moderator runs the queue by form while listeners join: next, mute, unmute, clear", async ({
  page,
}, testInfo) => {
  await page.goto(questionChannel);
  await expect(speakingNow(page)).toContainText("Anna Keller");
  await expect(waitingList(page)).toHaveText([/Ben Moreau/, /Chloé Dubois/]);
  await expect(page.getByTestId("queue-status")).toHaveText("2 speakers waiting");
  await liveWhenScripted(testInfo);

  await simulator.addListener("MCS-0043", 1, "Dana Fischer");
  await seeLatest(page, testInfo);
  await expect(waitingList(page)).toHaveText([/Ben Moreau/, /Chloé Dubois/, /Dana Fischer/]);

  await page.getByRole("button", { name: "Next speaker" }).click();
  await expect(page.getByText("Ben Moreau has the mic now.").first()).toBeVisible();
  await expect(speakingNow(page)).toContainText("Ben Moreau");
  await expect(waitingList(page)).toHaveText([/Chloé Dubois/, /Dana Fischer/]);

  await page.getByRole("button", { name: "Mute speaker" }).click();
  await expect(page.getByText("Ben Moreau is muted.").first()).toBeVisible();
  await expect(speakingNow(page)).toContainText("Muted");

  await simulator.addListener("MCS-0043", 1, "Emil Novak");
  await seeLatest(page, testInfo);
  await expect(waitingList(page)).toHaveText([/Chloé Dubois/, /Dana Fischer/, /Emil Novak/]);

  await page.getByRole("button", { name: "Unmute speaker" }).click();
  await expect(page.getByText("Ben Moreau is no longer muted.").first()).toBeVisible();
  await expect(speakingNow(page)).toContainText("Live");
  await expect(page.getByRole("button", { name: "Mute speaker" })).toBeVisible();

  await page.getByRole("link", { name: "Clear speakers" }).click();
  const dialog = page.getByRole("dialog", { name: "Clear all speakers?" });
  await expect(dialog).toContainText("This removes everyone using or waiting for the mic.");
  await dialog.getByRole("button", { name: "Clear speakers" }).click();
  await expect(page.getByText("Everyone using or waiting for the mic has been removed.").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Nobody has the mic.")).toBeVisible();
  await expect(page.getByText("Nobody is waiting.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Next speaker" })).toBeDisabled();

  // The next listener who asks gets the mic at once.
  await simulator.addListener("MCS-0043", 1, "Farah Haddad");
  await seeLatest(page, testInfo);
  await expect(speakingNow(page)).toContainText("Farah Haddad");
});

test("submitting the same Next speaker form twice advances the queue once", async ({ page, baseURL }) => {
  await page.goto(questionChannel);
  await expect(speakingNow(page)).toContainText("Anna Keller");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Next speaker" }) });
  const seenSpeaker = await form.locator('input[name="seenSpeaker"]').inputValue();
  // The browser sends the form twice (a double click, a resent POST): both carry what the page showed.
  const submit = () =>
    page.request.post(questionChannel, {
      form: { intent: "nextSpeaker", seenSpeaker },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
  const answers = await Promise.all([submit(), submit()]);
  expect(answers.map((answer) => answer.status())).toEqual([302, 302]);

  await page.goto(questionChannel);
  await expect(speakingNow(page)).toContainText("Ben Moreau");
  await expect(waitingList(page)).toHaveText([/Chloé Dubois/]);

  // And once more after the first one has finished: still no second advance.
  await submit();
  await page.goto(questionChannel);
  await expect(page.getByText("The queue had already moved on, so nobody was skipped.").first()).toBeVisible();
  await expect(speakingNow(page)).toContainText("Ben Moreau");
});

test("channel settings: bad input is explained at its field, a failed save keeps the input, a good one saves", async ({
  page,
}) => {
  await page.goto(questionChannel);
  const name = page.getByRole("textbox", { name: "Channel name" });
  const pin = page.getByRole("textbox", { name: "PIN" });
  await name.fill("Questions from the floor");
  await pin.fill("12");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The PIN must be exactly 6 digits, or empty for no PIN.").first()).toBeVisible();
  await expect(name).toHaveValue("Questions from the floor");

  await pin.fill("246810");
  await page.getByRole("checkbox", { name: "Queue enabled" }).uncheck();
  await simulator.faults({ failNext5xx: 1, failWritesOnly: true });
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Something went wrong accepting the updated Data.").first()).toBeVisible();
  await expect(name).toHaveValue("Questions from the floor");
  await expect(pin).toHaveValue("246810");
  await expect(page.getByRole("checkbox", { name: "Queue enabled" })).not.toBeChecked();

  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The settings of Questions from the floor have been saved.").first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Questions from the floor" })).toBeVisible();
  const [channel] = (await simulator.api("moderator", "GET", "/configuration/api/v1.0/moderation/")).filter(
    (entry: { stationSerialNumber: string }) => entry.stationSerialNumber === "MCS-0043",
  );
  expect(channel).toMatchObject({
    name: "Questions from the floor",
    pinCode: "246810",
    isQueueEnabled: false,
    uplinkUnmuted: true,
  });
});

test("muting the audience mic in the settings sends it muted; a missing PIN stays missing", async ({ page }) => {
  await page.goto(questionChannel);
  await page.getByRole("checkbox", { name: "Audience mic muted" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("The settings of Q&A Microphone have been saved.").first()).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Audience mic muted" })).toBeChecked();
  const [channel] = (await simulator.api("moderator", "GET", "/configuration/api/v1.0/moderation/")).filter(
    (entry: { stationSerialNumber: string }) => entry.stationSerialNumber === "MCS-0043",
  );
  expect(channel).toMatchObject({ uplinkEnabled: true, uplinkUnmuted: false, pinCode: null });
});

test("the audience mic cannot be turned on for a station in Assistive Listening mode", async ({ page }) => {
  await page.goto("/moderation/MCS-0042/1");
  await expect(page.getByText("The audience mic is off for this channel.")).toBeVisible();
  await page.getByRole("checkbox", { name: "Audience mic enabled" }).check();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Something went wrong accepting the updated Data.").first()).toBeVisible();
  await expect(
    page.getByText("The audience mic needs the station in the Audience Mic & Assistive Listening mode.").first(),
  ).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Audience mic enabled" })).toBeChecked();
});

test("an unknown channel or station shows its not-found page", async ({ page }) => {
  await page.goto("/moderation/MCS-0043/7");
  await expect(page.getByRole("heading", { name: "Channel not found" })).toBeVisible();
  await page.goto("/moderation/MCS-9999/1");
  await expect(page.getByRole("heading", { name: "Station not found" })).toBeVisible();
});
