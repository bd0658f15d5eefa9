// Moderating on a 600 px kiosk: with a long queue the current speaker and the queue's actions
// come first, the waiting list after them.
import { expect, simulator, test } from "./support/fixtures";

test.use({ viewport: { width: 1024, height: 600 }, role: "moderator" });

test("with 34 people waiting, Next speaker and Mute are on the first screen, above the waiting list", async ({
  page,
}) => {
  for (let number = 1; number <= 32; number++) await simulator.addListener("MCS-0043", 1, `Listener ${number}`);
  await page.goto("/moderation/MCS-0043/1");
  const waiting = page.getByRole("region", { name: "Waiting" }).getByRole("listitem");
  await expect(waiting).toHaveCount(34);

  const next = page.getByRole("button", { name: "Next speaker" });
  await expect(next).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Mute speaker" })).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("link", { name: "Clear speakers" })).toBeInViewport({ ratio: 1 });
  // Keyboard and text-browser order follow the page: the actions before the 34 names.
  const actionsFirst = await next.evaluate(
    (button, list) => Boolean(button.compareDocumentPosition(list!) & Node.DOCUMENT_POSITION_FOLLOWING),
    await waiting.first().elementHandle(),
  );
  expect(actionsFirst).toBe(true);
});
