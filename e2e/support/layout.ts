// Layout checks for small kiosk screens: an element a user must read or press is wholly shown
// once scrolled to — no ancestor clips it and none of its text is cut short with an ellipsis.
import { expect, type Locator } from "@playwright/test";

/** Text inside `element` that is cut off by its own box (ellipsis or hidden overflow). */
function truncatedText(element: Element) {
  return [element, ...element.querySelectorAll("*")]
    .filter((node) => {
      const style = getComputedStyle(node);
      if (style.overflowX === "visible" || style.position === "absolute") return false;
      // Visually hidden text is 1 px wide on purpose.
      return node.clientWidth > 1 && node.scrollWidth > node.clientWidth + 1;
    })
    .map((node) => node.textContent?.trim() ?? "");
}

/**
 * What cuts into `element` from the side once it is scrolled to: the window, a scroll box, or a
 * box whose overflow is hidden (which a script can scroll, but a user cannot). Half a pixel of
 * rounding is not a cut.
 */
function sideClipping(element: Element) {
  const box = element.getBoundingClientRect();
  const cuts = (left: number, right: number) => box.left < left - 1 || box.right > right + 1;
  const found: string[] = [];
  if (cuts(0, document.documentElement.clientWidth)) found.push("the window");
  for (let ancestor = element.parentElement; ancestor; ancestor = ancestor.parentElement) {
    const overflow = getComputedStyle(ancestor).overflowX;
    if (overflow === "visible") continue;
    const edges = ancestor.getBoundingClientRect();
    const hidden = overflow === "hidden" || overflow === "clip";
    if (cuts(edges.left, edges.right) || (hidden && ancestor.scrollLeft > 0)) {
      found.push(`<${ancestor.tagName.toLowerCase()} class="${String(ancestor.className)}"> (overflow-x ${overflow})`);
    }
  }
  return found;
}

export async function expectWhollyShown(locator: Locator) {
  // Centred, as a user scrolls to read it: aligned to a scroll box's edge, a box at a fractional
  // position stays cut by the part of a pixel that whole-pixel scrolling cannot reach.
  await locator.evaluate((element) => element.scrollIntoView({ block: "center", inline: "center" }));
  expect(await locator.evaluate(sideClipping), "what cuts it off").toEqual([]);
  expect(await locator.evaluate(truncatedText), "text cut short").toEqual([]);
}

/** Every cell of a table: its actions and badges reachable and unclipped. */
export async function expectTableWhollyReachable(table: Locator) {
  await expect(table).toBeVisible();
  const cells = table.locator("th, td");
  const count = await cells.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const cell = cells.nth(index);
    if (!(await cell.isVisible())) continue;
    await expectWhollyShown(cell);
  }
}
