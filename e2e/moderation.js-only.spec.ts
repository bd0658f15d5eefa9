// Live moderation (JavaScript only by nature): pushes from the moderation hub update the open
// pages without a reload.
import AxeBuilder from "@axe-core/playwright";
import { expect, simulator, test } from "./support/fixtures";

test.use({ role: "moderator" });

async function hubsConnected() {
  await expect.poll(async () => (await simulator.state()).hubConnections).toBeGreaterThan(0);
}

test("a listener joining in the simulator appears on the open moderation page within a second", async ({ page }) => {
  await page.goto("/moderation/MCS-0043/1");
  await hubsConnected();
  const marker = await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));
  await simulator.addListener("MCS-0043", 1, "Dana Fischer");
  await expect(page.getByTestId("waiting-list").getByText("Dana Fischer")).toBeVisible({ timeout: 1000 });
  await expect(page.getByTestId("queue-status")).toHaveText("3 speakers waiting");
  expect(await page.evaluate(() => (window as unknown as { liveMarker: number }).liveMarker)).toBe(marker);
});

test("the moderation list's waiting count follows the queue live", async ({ page }) => {
  await page.goto("/moderation");
  await hubsConnected();
  const row = page.getByRole("row", { name: /Q&A Microphone/ });
  await expect(row.getByRole("cell").nth(2)).toHaveText("2");
  await simulator.addListener("MCS-0043", 1, "Dana Fischer");
  await expect(row.getByRole("cell").nth(2)).toHaveText("3", { timeout: 1000 });
  await expect(page.getByTestId("moderation-summary")).toHaveText("3 listeners waiting in 9 channels");
});

test("the moderation pages pass the accessibility checks", async ({ page }) => {
  for (const path of ["/moderation", "/moderation/MCS-0043/1", "/moderation/MCS-0043/1?confirm=clearSpeakers"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 }).or(page.getByRole("dialog"))).not.toHaveCount(0);
    // The page's own content; the shell around it is the foundation's to check.
    const results = await new AxeBuilder({ page })
      .include("#main")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .analyze();
    expect(
      results.violations.map(
        (violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target).join(" ")}`,
      ),
    ).toEqual([]);
  }
});
