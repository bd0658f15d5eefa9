// Issue 11, item 1, in the browser: a Moderator's App view follows the audience mic live over
// the reduced stations hub, and the page never asks for a hub its role is refused.
import { managerPaths } from "../app/contract/paths";
import { expect, simulator, test } from "./support/fixtures";

test.use({ role: "moderator" });

test("a Moderator's App view follows the audience mic live and opens only the hubs it may", async ({ page }) => {
  const hubRequests: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/hubs/")) hubRequests.push(path);
  });
  await page.goto("/appView");
  const channels = page.getByRole("list", { name: "Channels with an audience mic" });
  await expect(channels).toContainText("Audience mic open");
  await expect.poll(() => hubRequests).toContain("/hubs/stationsHub/negotiate");

  // Another moderator mutes the mic through the Manager: the page follows without a reload.
  const marker = await page.evaluate(() => ((window as unknown as { liveMarker: number }).liveMarker = Math.random()));
  const [channel] = (await simulator.api("moderator", "GET", managerPaths.moderation())).filter(
    (entry: { stationSerialNumber: string; uplinkEnabled: boolean }) =>
      entry.stationSerialNumber === "MCS-0043" && entry.uplinkEnabled,
  );
  await simulator.api("moderator", "PUT", managerPaths.updateModerationChannel(channel.id), {
    name: channel.name,
    pinCode: channel.pinCode ?? "",
    uplinkEnabled: true,
    uplinkMuted: true,
    isQueueEnabled: channel.isQueueEnabled,
  });
  await expect(channels).toContainText("Audience mic muted");
  expect(await page.evaluate(() => (window as unknown as { liveMarker: number }).liveMarker)).toBe(marker);

  // The App view lists the customization hub too, which a Moderator is refused: never asked for.
  expect(hubRequests.filter((path) => !path.startsWith("/hubs/stationsHub"))).toEqual([]);
  await expect(page.getByText("Live updates are temporarily interrupted, reload")).toHaveCount(0);
});
