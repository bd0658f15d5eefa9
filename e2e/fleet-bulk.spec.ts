// Fleet work on /stations (issue 27, items 1, 2 and 6), with and without JavaScript: choosing
// stations (a checkbox per row, a status filter, the choice kept across pages), one confirmation
// that lists the stations acted on and those skipped with why, the result per station, and a
// confirmation sent twice acting once.
import type { Page } from "@playwright/test";
import { managerPaths } from "../app/contract/paths";
import { expect, signInOnPage, simulator, test } from "./support/fixtures";
import { liveCaughtUp } from "./support/live";

interface ApiStation {
  serialNumber: string;
  name: string | null;
  type: number;
  deviceState: { computedState: string; isReady: boolean };
  functionalities: { canReboot: boolean };
  authorization: { fingerprint: string; isAuthorized: boolean };
  audioChannels: { listenerCount: number }[];
}

async function fleet(): Promise<ApiStation[]> {
  const list = (await simulator.api("admin", "GET", `${managerPaths.stations()}?take=1000`)) as {
    stations: ApiStation[];
  };
  return list.stations;
}

const nameOf = (station: ApiStation) => station.name ?? station.serialNumber;
/** A row that names the station (its serial number is in every row that shows it). */
const naming = (serialNumber: string) => new RegExp(`\\b${serialNumber}\\b`);

/** Opens a page; with JavaScript, once it is hydrated and its live updates have settled. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.name === "js") {
    await expect(page.locator("html")).toHaveAttribute("data-js", "on");
    await liveCaughtUp(page);
  }
}

/**
 * Ticks the stations' boxes. With JavaScript each tick is saved at once: the count says so
 * before the next; without, the ticks travel with the action's button.
 */
async function choose(page: Page, serialNumbers: string[]) {
  const isJs = test.info().project.name === "js";
  for (const [index, serialNumber] of serialNumbers.entries()) {
    // "Choose Main Hall (MCS-0042)", or "Choose MCS-0046" for a station without a name.
    await page.getByRole("checkbox", { name: new RegExp(`^Choose .*\\b${serialNumber}\\)?$`) }).check();
    if (isJs) {
      const count = index + 1;
      await expect(page.getByText(`${count} ${count === 1 ? "station" : "stations"} chosen`)).toBeVisible();
    }
  }
}

function actionButton(page: Page, name: string) {
  return page.getByRole("form", { name: "Act on the chosen stations" }).getByRole("button", { name, exact: true });
}

test("chooses three stations and reboots them; the one not running is skipped and says why", async ({ page }) => {
  await simulator.seed(30);
  const runningStations = (await fleet()).filter(
    (station) =>
      station.deviceState.computedState === "Connected" &&
      station.type === 2 &&
      station.functionalities.canReboot &&
      station.serialNumber.startsWith("MCS-00") &&
      !["MCS-0042", "MCS-0043", "MCS-0044"].includes(station.serialNumber),
  );
  const chosen = runningStations.slice(0, 3);
  expect(chosen, "three running stations that can reboot").toHaveLength(3);
  // Nobody listens: a station with listeners would be skipped.
  for (const station of chosen) await simulator.removeListeners(station.serialNumber);
  // Slow, so the reboots are still under way when the test looks.
  await simulator.clock(0.05);
  try {
    await visit(page, "/stations?size=100&sort=name&order=asc");
    await choose(page, [...chosen.map((station) => station.serialNumber), "MCS-0045"]);
    await actionButton(page, "Reboot").click();

    await expect(page.getByRole("heading", { level: 1, name: "Reboot the chosen stations" })).toBeVisible();
    const acting = page.getByRole("table", { name: "3 stations will be rebooted" });
    for (const station of chosen) await expect(acting.getByRole("link", { name: nameOf(station) })).toBeVisible();
    const skipped = page.getByRole("table", { name: "1 station is skipped" });
    await expect(skipped.getByRole("row", { name: /Lecture Theatre 1/ })).toContainText(
      "Not possible while the station is not running.",
    );
    await page.getByRole("button", { name: "Reboot 3 stations" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Reboot: the result" })).toBeVisible();
    await expect(page.getByText("3 done, 1 skipped, 0 failed.")).toBeVisible();
    const result = page.getByRole("table", { name: "Each chosen station and what happened to it" });
    for (const station of chosen) {
      await expect(result.getByRole("row", { name: naming(station.serialNumber) })).toContainText("Done");
    }
    await expect(result.getByRole("row", { name: /Lecture Theatre 1/ })).toContainText("Skipped");
    for (const station of chosen) {
      expect((await simulator.firmwareOf(station.serialNumber)).status, station.serialNumber).toBe("Rebooting");
    }
    expect((await simulator.firmwareOf("MCS-0045")).status).not.toBe("Rebooting");

    // The choice is still there on the list, for the next action.
    await page.getByRole("link", { name: "Back to the stations" }).click();
    await expect(page.getByText("4 stations chosen")).toBeVisible();
  } finally {
    await simulator.clock(20);
  }
});

test("the choice survives paging and sorting, and the status filter chooses all that match", async ({ page }) => {
  await simulator.seed(30);
  await visit(page, "/stations?size=10&sort=name&order=asc");
  await choose(page, ["MCS-0044"]);
  // Without JavaScript a tick is saved with the button beside the actions.
  if (test.info().project.name === "nojs") await page.getByRole("button", { name: "Save choice" }).click();
  await expect(page.getByText("1 station chosen")).toBeVisible();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("1 station chosen")).toBeVisible();
  await page.getByRole("link", { name: /^Status/ }).click();
  await expect(page.getByText("1 station chosen")).toBeVisible();

  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Unauthorized" });
  await page.getByRole("button", { name: "Search" }).click();
  const unauthorized = (await fleet()).filter((station) => station.deviceState.computedState === "Unauthorized");
  await expect(page.getByRole("table", { name: "Stations" }).getByRole("rowheader")).toHaveCount(unauthorized.length);
  await page.getByRole("button", { name: `Choose all ${unauthorized.length} that match` }).click();
  await expect(page.getByText(`${unauthorized.length + 1} stations chosen`)).toBeVisible();
  await page.getByRole("button", { name: "Clear choice" }).click();
  await expect(page.getByText("0 stations chosen")).toBeVisible();
});

test("accepts two new stations at once, each with its fingerprint shown; one not ready is skipped", async ({
  page,
}) => {
  await simulator.seed(35);
  // New stations that are ready, and whose fingerprint the Manager holds is the station's own.
  const newcomers = (await fleet()).filter(
    (station) =>
      station.deviceState.computedState === "Unauthorized" &&
      station.deviceState.isReady &&
      station.serialNumber !== "MCS-0047",
  );
  expect(newcomers.length, "two new stations to accept").toBeGreaterThanOrEqual(2);
  const accepting = newcomers.slice(0, 2);

  await visit(page, "/stations?size=100&sort=name&order=asc&status=unauthorized");
  await choose(page, [...accepting.map((station) => station.serialNumber), "MCS-0046"]);
  await actionButton(page, "Accept").click();

  await expect(page.getByRole("heading", { level: 1, name: "Accept the chosen stations" })).toBeVisible();
  const acting = page.getByRole("table", { name: /^2 stations will be accepted/ });
  for (const station of accepting) {
    await expect(acting.getByRole("row", { name: naming(station.serialNumber) })).toContainText(
      station.authorization.fingerprint,
    );
  }
  await expect(
    page.getByRole("table", { name: "1 station is skipped" }).getByRole("row", { name: /MCS-0046/ }),
  ).toContainText("It is still getting ready");
  await page.getByRole("button", { name: "Accept 2 stations" }).click();

  await expect(page.getByText("2 done, 1 skipped, 0 failed.")).toBeVisible();
  const after = await fleet();
  for (const station of accepting) {
    expect(after.find((candidate) => candidate.serialNumber === station.serialNumber)?.authorization.isAuthorized).toBe(
      true,
    );
  }
  expect(after.find((candidate) => candidate.serialNumber === "MCS-0046")?.authorization.isAuthorized).toBe(false);
});

test("the same confirmation sent twice updates the firmware once (a double click without JavaScript)", async ({
  page,
  baseURL,
}) => {
  await simulator.removeListeners("MCS-0042");
  await visit(page, "/stations?size=100&sort=name&order=asc");
  await choose(page, ["MCS-0042", "MCS-0043"]);
  await actionButton(page, "Update firmware").click();

  await expect(page.getByRole("table", { name: "1 station will be updated to the newest firmware" })).toContainText(
    "6.2.0 → 6.10.0",
  );
  await expect(
    page.getByRole("table", { name: "1 station is skipped" }).getByRole("row", { name: /Conference Room B/ }),
  ).toContainText("Its firmware is already the newest.");
  const field = (name: string) => page.locator(`form[method="post"] input[name="${name}"]`).getAttribute("value");
  const form = {
    intent: "bulkUpdateFirmware",
    selection: (await field("selection"))!,
    submissionId: (await field("submissionId"))!,
    digest: (await field("digest"))!,
    eulaAccepted: "on",
  };
  const send = () =>
    page.request.post(page.url(), { form, headers: { origin: new URL(baseURL!).origin }, maxRedirects: 0 });
  const answers = await Promise.all([send(), send()]);
  expect(answers.map((answer) => answer.status())).toEqual([302, 302]);
  const [first, second] = answers.map((answer) => answer.headers().location);
  expect(first).toContain("result=");
  expect(second).toBe(first);
  expect((await simulator.firmwareOf("MCS-0042")).updateCalls).toBe(1);
  expect((await simulator.firmwareOf("MCS-0043")).updateCalls).toBe(0);

  await visit(page, first!);
  await expect(page.getByText("1 done, 1 skipped, 0 failed.")).toBeVisible();
});

test("a choice's link opened by another admin chooses nothing: the choice is its user's own", async ({
  page,
  browser,
  baseURL,
}) => {
  await simulator.seed(30);
  await visit(page, "/stations?size=10&sort=name&order=asc");
  await choose(page, ["MCS-0044"]);
  await actionButton(page, "Reboot").click();
  await expect(page.getByRole("heading", { level: 1, name: "Reboot the chosen stations" })).toBeVisible();
  const shared = new URL(page.url());
  expect(shared.searchParams.get("selection"), "the choice is named in the URL").toBeTruthy();

  // Signed out: a context made in a test otherwise takes the test's signed-in state.
  const other = await browser.newContext({
    baseURL,
    javaScriptEnabled: test.info().project.name === "js",
    storageState: { cookies: [], origins: [] },
  });
  try {
    const ownersPage = await other.newPage();
    await ownersPage.goto(shared.pathname + shared.search);
    await signInOnPage(ownersPage, "owner");
    await ownersPage.waitForURL((url) => url.pathname === "/stations/bulk");
    await expect(ownersPage.getByText("No stations chosen", { exact: true })).toBeVisible();
    await expect(ownersPage.getByRole("button", { name: /^Reboot \d/ })).toHaveCount(0);
  } finally {
    await other.close();
  }
});

/** Running v2 stations that can reboot, outside the default fleet's own special ones. */
async function rebootable(count: number) {
  const stations = (await fleet()).filter(
    (station) =>
      station.deviceState.computedState === "Connected" &&
      station.type === 2 &&
      station.functionalities.canReboot &&
      !/^MCS-004[0-9]$/.test(station.serialNumber),
  );
  expect(stations.length, `${count} running stations that can reboot`).toBeGreaterThanOrEqual(count);
  return stations.slice(0, count);
}

test("Reboot skips stations with listeners unless told to include them; told, it reboots them and says so", async ({
  page,
}) => {
  await simulator.seed(30);
  const chosen = await rebootable(2);
  // Two listeners each, on the first channel.
  for (const station of chosen) {
    await simulator.removeListeners(station.serialNumber);
    await simulator.setListeners(station.serialNumber, 2, 1);
  }
  // Slow, so the reboots are still under way when the test looks.
  await simulator.clock(0.05);
  try {
    await visit(page, "/stations?size=100&sort=name&order=asc");
    await choose(
      page,
      chosen.map((station) => station.serialNumber),
    );
    await actionButton(page, "Reboot").click();

    await expect(page.getByRole("heading", { level: 2, name: "0 stations will be rebooted" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Stations skipped, by reason" })).toHaveText(
      "2 stations: Listeners are connected right now.",
    );
    await expect(page.getByRole("button", { name: "Reboot 0 stations" })).toBeDisabled();
    const include = page.getByRole("checkbox", { name: "Include stations with listeners (they will be disconnected)" });
    await expect(include).not.toBeChecked();
    await include.check();
    // Without JavaScript the choice is sent with its own button; with it, at once.
    if (test.info().project.name === "nojs")
      await page.getByRole("button", { name: "Show the stations again" }).click();

    const acting = page.getByRole("table", { name: "2 stations will be rebooted" });
    await expect(acting).toBeVisible();
    await expect(page).toHaveURL(/[?&]listeners=include\b/);
    await expect(include).toBeChecked();
    await expect(
      page.getByText("2 of them have listeners connected right now: they will be disconnected."),
    ).toBeVisible();
    for (const station of chosen) {
      await expect(acting.getByRole("row", { name: naming(station.serialNumber) })).toContainText(
        "2 listeners are disconnected.",
      );
    }
    await page.getByRole("button", { name: "Reboot 2 stations" }).click();

    await expect(page.getByText("2 done, 0 skipped, 0 failed.")).toBeVisible();
    for (const station of chosen) {
      expect((await simulator.firmwareOf(station.serialNumber)).status, station.serialNumber).toBe("Rebooting");
    }
  } finally {
    await simulator.clock(20);
  }
});

test("Remove warns that stations to remove are running, and names them", async ({ page }) => {
  await simulator.seed(30);
  const [running] = await rebootable(1);
  await visit(page, "/stations?size=100&sort=name&order=asc");
  await choose(page, [running!.serialNumber, "MCS-0045"]);
  await actionButton(page, "Remove").click();

  await expect(page.getByRole("heading", { level: 1, name: "Remove the chosen stations" })).toBeVisible();
  await expect(page.getByText("1 station to remove is running")).toBeVisible();
  await expect(page.getByText(/^Removing it disconnects it from the Manager/)).toBeVisible();
  const acting = page.getByRole("table", { name: "2 stations will be removed" });
  await expect(acting.getByRole("row", { name: naming(running!.serialNumber) })).toContainText(
    "Running: it is disconnected from the Manager.",
  );
  await expect(acting.getByRole("row", { name: /Lecture Theatre 1/ })).not.toContainText("Running");
});

test("a confirmation of many stations shows a page of them and the rest page by page", async ({ page }) => {
  await simulator.seed(130);
  await visit(page, "/stations?size=25&sort=name&order=asc");
  const chooseAll = page.getByRole("button", { name: /^Choose all \d+ that match$/ });
  const total = Number(/\d+/.exec((await chooseAll.textContent())!)![0]);
  expect(total).toBeGreaterThan(100);
  await chooseAll.click();
  await expect(page.getByText(`${total} stations chosen`)).toBeVisible();
  await actionButton(page, "Remove").click();

  const heading = `${total} stations will be removed`;
  // Header row and the first page of 50.
  await expect(page.getByRole("table", { name: heading }).getByRole("row")).toHaveCount(51);
  await page.getByRole("link", { name: `All ${total} stations acted on, page by page` }).click();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toContainText(`1–50 of ${total}`);
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(pages).toContainText(`51–100 of ${total}`);
  await expect(page.getByRole("table", { name: heading }).getByRole("row")).toHaveCount(51);
  await page.getByRole("link", { name: "Back to the confirmation" }).click();
  await expect(page.getByRole("button", { name: `Remove ${total} stations` })).toBeVisible();
});

test.describe("as a Moderator", () => {
  test.use({ role: "moderator" });

  test("sees none of it: the confirmation page is forbidden", async ({ page }) => {
    const response = await page.goto("/stations/bulk?action=reboot");
    expect(response?.status()).toBe(403);
  });
});
