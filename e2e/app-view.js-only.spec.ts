// Drag and drop on the App view (JavaScript only by nature): with the mouse and with the
// keyboard; the order survives a reload.
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

function orderRows(page: Page) {
  return page.getByTestId("channel-order").getByTestId("order-row");
}

async function sortableReady(page: Page) {
  await expect(page.getByTestId("channel-order")).toHaveAttribute("data-sortable", "true");
}

test("dragging a channel with the mouse saves the new order, which survives a reload", async ({ page }) => {
  await page.goto("/appView");
  await sortableReady(page);
  await expect(orderRows(page).nth(0)).toContainText("Main Hall – English");
  const handle = page.getByRole("button", { name: "Drag Q&A Microphone to another position" });
  const target = orderRows(page).nth(0);
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(from.x + from.width / 2, to.y + 2, { steps: 15 });
  await page.mouse.up();
  await expect(page.getByText("Q&A Microphone is now at position 1.").first()).toBeVisible();
  await expect(orderRows(page).nth(0)).toContainText("Q&A Microphone");
  await page.reload();
  await expect(orderRows(page).nth(0)).toContainText("Q&A Microphone");
  await expect(orderRows(page).nth(1)).toContainText("Main Hall – English");
});

/**
 * Arrow keys down while dragging, until the live region announces the position. dnd-kit starts
 * listening for the arrows a task after the drag began, and Chromium may deliver a key before that
 * task runs: such a key goes unheard, as a user's would, and is pressed again. A live update that
 * re-renders the list during the drag re-measures it and may announce an earlier position (CI run
 * of 2026-11-28: back at 1 on the way to 3): the keys go on from where it says.
 */
async function arrowDownTo(page: Page, name: string, position: number) {
  const announced = page.getByText(new RegExp(`^${name} is over position \\d+\\.$`));
  await expect(async () => {
    const text = (await announced.count()) > 0 ? await announced.first().textContent() : null;
    const at = Number(/position (\d+)/.exec(text ?? "")?.[1] ?? 0);
    if (at > 0 && at < position) await page.keyboard.press("ArrowDown");
    await expect(page.getByText(`${name} is over position ${position}.`)).toBeAttached({ timeout: 2000 });
  }).toPass();
}

test("the keyboard moves a channel through its drag handle too", async ({ page }) => {
  await page.goto("/appView");
  await sortableReady(page);
  const handle = page.getByRole("button", { name: "Drag Main Hall – English to another position" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(page.getByText("Main Hall – English is over position 1.")).toBeAttached();
  await arrowDownTo(page, "Main Hall – English", 2);
  await arrowDownTo(page, "Main Hall – English", 3);
  await page.keyboard.press("Space");
  await expect(orderRows(page).nth(2)).toContainText("Main Hall – English");
  await expect(orderRows(page).nth(0)).toContainText("Main Hall – Deutsch");
  await page.reload();
  await expect(orderRows(page).nth(2)).toContainText("Main Hall – English");
});

test("the App view passes the accessibility checks, overlays included", async ({ page }) => {
  for (const path of ["/appView", "/appView?preview=closed"]) {
    await page.goto(path);
    await sortableReady(page);
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
  await orderRows(page)
    .getByRole("link", { name: /Q&A Microphone/ })
    .click();
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const step of ["channel", "qr"]) {
    if (step === "qr") await page.getByRole("dialog").getByRole("link", { name: "QR code" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include("#main")
      .withTags(["wcag2a", "wcag2aa", "wcag21aa"])
      .analyze();
    expect(results.violations.map((violation) => `${step}: ${violation.id}`)).toEqual([]);
  }
});

test("an overlay takes the focus and closes with Escape", async ({ page }) => {
  await page.goto("/appView");
  await sortableReady(page);
  await orderRows(page)
    .getByRole("link", { name: /Q&A Microphone/ })
    .click();
  const overlay = page.getByRole("dialog", { name: "Q&A Microphone" });
  await expect(overlay.getByRole("link", { name: "Close" }).last()).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  await expect(page).not.toHaveURL(/channel=/);
});

for (const viewport of [
  { width: 412, height: 823 },
  { width: 1024, height: 600 },
]) {
  test(`at ${viewport.width}×${viewport.height} the rows stay where they are while the page hydrates and becomes sortable`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
          if (!entry.hadRecentInput) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/appView");
    await sortableReady(page);
    // Two frames after the swap, so a shift it caused has been reported.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    // The field that vanished at hydration used to move every row below it (0.106 at 412 px).
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
  });
}
