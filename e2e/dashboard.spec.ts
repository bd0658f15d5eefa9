// The dashboard in both projects (JavaScript on and off): welcome, counts that match the
// simulator, and the system events panel — newest first, dismiss one, dismiss all, download,
// more events by paging on the server.
import { readFile } from "node:fs/promises";
import { expect, simulator, test } from "./support/fixtures";

function events(page: import("@playwright/test").Page) {
  return page.getByRole("list", { name: "System events" }).getByTestId("system-event");
}

test("the dashboard welcomes the user and shows the simulator's active channel and station counts", async ({
  page,
}) => {
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Alex Admin" })).toBeVisible();
  const { statistics } = (await simulator.state()) as unknown as {
    statistics: { connectedStationCount: number; audioChannelCount: number };
  };
  await expect(page.getByTestId("active-channel-count")).toHaveText(String(statistics.audioChannelCount));
  await expect(page.getByTestId("active-station-count")).toHaveText(String(statistics.connectedStationCount));
  await expect(page.getByText("Active channels")).toBeVisible();
  await expect(page.getByText("Active stations")).toBeVisible();
});

test("system events: newest first with their type; dismiss one, download, dismiss all", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 11 events shown");
  await expect(events(page)).toHaveCount(10);
  const newest = events(page).first();
  await expect(newest).toContainText("Warning");
  await expect(newest).toContainText("High network latency at Main Hall (MCS-0042): 35 ms.");
  await expect(events(page).nth(1)).toContainText("Info");
  await expect(events(page).nth(1)).toContainText("Firmware 6.10.0 is available.");
  await expect(events(page).nth(2)).toContainText("Error");
  await expect(events(page).nth(2)).toContainText("The Manager's database backup failed.");

  await page
    .getByRole("button", { name: "Dismiss event: High network latency at Main Hall (MCS-0042): 35 ms." })
    .click();
  await expect(page.getByText("High network latency at Main Hall")).toBeHidden();
  // The panel is topped up from the Manager: the eleventh event moves in.
  await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 10 events shown");
  await expect(events(page).last()).toContainText("Conference Room B (MCS-0043) was authorized.");
  await expect(page.getByRole("link", { name: "Show more events" })).toBeHidden();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download events" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^system-events-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await readFile((await download.path())!, "utf8");
  expect(file.split("\r\n")[0]).toBe("id,date,type,code,stationSerialNumber,parameters,isDismissable,isDismissed");
  expect(file).toContain("highNetworkLatency");

  await page.getByRole("button", { name: "Dismiss all" }).click();
  await expect(page.getByTestId("system-events-summary")).toHaveText("3 of 3 events shown");
  await expect(events(page)).toHaveText([/database backup failed/, /now runs firmware 6\.10\.0/, /was authorized/]);
  await expect(page.getByRole("button", { name: "Dismiss all" })).toBeDisabled();
  await expect(page.getByRole("button", { name: /^Dismiss event/ })).toHaveCount(0);
});

test("more events come a page at a time from the server", async ({ page }) => {
  for (let number = 0; number < 15; number++) {
    await simulator.raiseEvent({
      type: 1,
      code: "stationConnected",
      stationSerialNumber: "MCS-0043",
      isDismissable: true,
    });
  }
  await page.goto("/dashboard");
  await expect(page.getByTestId("system-events-summary")).toHaveText("10 of 26 events shown");
  await page.getByRole("link", { name: "Show more events" }).click();
  await expect(page).toHaveURL(/events=20/);
  await expect(events(page)).toHaveCount(20);
  await page.getByRole("link", { name: "Show more events" }).click();
  await expect(events(page)).toHaveCount(26);
  await expect(page.getByTestId("system-events-summary")).toHaveText("26 of 26 events shown");
  await expect(page.getByRole("link", { name: "Show more events" })).toBeHidden();
  await expect(events(page).last()).toContainText("was authorized");

  // A dismissal keeps the longer page.
  await events(page)
    .first()
    .getByRole("button", { name: /^Dismiss event/ })
    .click();
  await expect(page.getByTestId("system-events-summary")).toHaveText("25 of 25 events shown");
  await expect(page).toHaveURL(/events=30/);
});

test.describe("in German", () => {
  test("event messages and types are translated", async ({ page, baseURL }) => {
    // The language form of the personal menu, as the browser posts it.
    await page.request.post("/preferences", {
      form: { language: "de", redirectTo: "/dashboard" },
      headers: { Origin: baseURL! },
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Willkommen, Alex Admin" })).toBeVisible();
    const newest = page.getByRole("list", { name: "Systemereignisse" }).getByTestId("system-event").first();
    await expect(newest).toContainText("Warnung");
    await expect(newest).toContainText("Hohe Netzwerklatenz bei Main Hall (MCS-0042): 35 ms.");
  });
});
