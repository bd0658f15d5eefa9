// Layout checks for small kiosk screens: an element a user must read or press is wholly shown
// once scrolled to — no ancestor clips it and none of its text is cut short with an ellipsis.
// Each check is one call into the page, however many elements it looks at.
import { expect, type Locator } from "@playwright/test";

/**
 * What is wrong with the element (or with each visible cell of it, a table) once it is scrolled
 * to, as a user scrolls to read it: what cuts into it from the side (the window, a scroll box, or a
 * box whose overflow is hidden, which a script can scroll but a user cannot; half a pixel of
 * rounding is not a cut), and its text cut off by its own box (ellipsis or hidden overflow). It
 * runs in the page, so it holds its helpers.
 */
function problemsOnceScrolledTo(root: Element, scope: "element" | "cells") {
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
        found.push(
          `<${ancestor.tagName.toLowerCase()} class="${String(ancestor.className)}"> (overflow-x ${overflow})`,
        );
      }
    }
    return found;
  }
  const cells = [...root.querySelectorAll("th, td")];
  // Visible as Playwright counts it: a box of its own, and not hidden by visibility.
  const elements =
    scope === "element"
      ? [root]
      : cells.filter((cell) => {
          const box = cell.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(cell).visibility !== "hidden";
        });
  const problems: string[] = [];
  for (const element of elements) {
    // Centred: aligned to a scroll box's edge, a box at a fractional position stays cut by the
    // part of a pixel that whole-pixel scrolling cannot reach. At once, never smoothly.
    element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
    const name = `${element.tagName.toLowerCase()} "${element.textContent?.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
    for (const cut of sideClipping(element)) problems.push(`${name}: cut off by ${cut}`);
    for (const text of truncatedText(element)) problems.push(`${name}: text cut short: "${text}"`);
  }
  return { cells: cells.length, problems };
}

export async function expectWhollyShown(locator: Locator) {
  expect((await locator.evaluate(problemsOnceScrolledTo, "element" as const)).problems, "what cuts it off").toEqual([]);
}

/** Every visible cell of a table: its actions and badges reachable and unclipped, in one call into the page. */
export async function expectTableWhollyReachable(table: Locator) {
  await expect(table).toBeVisible();
  const { cells, problems } = await table.evaluate(problemsOnceScrolledTo, "cells" as const);
  expect(cells, "cells").toBeGreaterThan(0);
  expect(problems, "what cuts the cells off").toEqual([]);
}
