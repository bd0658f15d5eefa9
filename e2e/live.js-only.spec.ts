// Live updates through the console's hub bridge: JavaScript-only by nature.
import { expect, simulator, test } from "./support/fixtures";

// While the simulator's hubs are down, the browser reports each refused reconnect.
test.use({ expectedConsoleErrors: [/WebSocket connection to .*\/hubs\/\w+.* failed/] });

test("a station renamed through the Manager's API appears on the open page without a reload", async ({ page }) => {
  await page.goto("/stations");
  const marker = await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));
  await simulator.api("admin", "PUT", "/configuration/api/v1.0/stations/MCS-0042/UpdateName", {
    name: "Renamed Live Hall",
  });
  await expect(page.getByRole("link", { name: "Renamed Live Hall", exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { liveMarker: number }).liveMarker)).toBe(marker);
});

test("the reconnecting spinner shows while the hubs are down, and live updates recover", async ({ page }) => {
  await page.goto("/dashboard");
  // The page's hubs are connected once the bridge has opened them upstream.
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
  await simulator.hubs("down");
  await expect(page.getByTestId("reconnecting-indicator")).toBeVisible();
  await expect(page.getByText("Live updates are temporarily interrupted, reload")).toBeVisible({ timeout: 15_000 });
  await simulator.hubs("up");
  await expect(page.getByText("Live updates are temporarily interrupted, reload")).toBeHidden({ timeout: 20_000 });
});

test("the page marks when its live updates have caught up: interrupted while the hubs are down, caught up once a change made meanwhile shows", async ({
  page,
}) => {
  await simulator.hubs("down");
  await page.goto("/stations");
  const root = page.locator("html");
  await expect(root).toHaveAttribute("data-live", "interrupted", { timeout: 15_000 });
  await simulator.api("admin", "PUT", "/configuration/api/v1.0/stations/MCS-0042/UpdateName", {
    name: "Caught Up Hall",
  });
  await simulator.hubs("up");
  await expect(root).toHaveAttribute("data-live", "caught-up", { timeout: 20_000 });
  // Caught up means the change is on the page already, not that it is on its way.
  expect(await page.getByRole("link", { name: "Caught Up Hall", exact: true }).count()).toBe(1);
});
