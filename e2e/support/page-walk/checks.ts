// What each check of the walk's table (./table.ts) does on a loaded page. A check runs on the page
// as the walk hands it over (loaded with the load's language and scheme, hydrated and its live
// updates caught up with JavaScript, at its stage's viewport) and records its ledger line once it
// has passed (docs/decisions/067-one-walk-per-page-state.md).
import { expect, type Page } from "@playwright/test";
import { missingPrograms } from "../../../tests/support/system-programs";
import { axeViolations } from "../axe";
import { expectTableWhollyReachable, expectWhollyShown } from "../layout";
import { pageTexts } from "../page-texts";
import { alertTexts, dataTexts, listeningTexts, recordedTexts, untranslatedPart } from "./german-texts";
import { dumpIn, runTogether, sessionCookie } from "./text-browsers";
import type { CheckId, Load, PageCheck, Render, WalkPage } from "./table";

export interface Viewport {
  width: number;
  height: number;
}

export interface WalkContext {
  page: Page;
  render: Render;
  entry: PageCheck;
  walkPage: WalkPage;
  /** The load the page came from; null for a check that needs no browser. */
  load: Load | null;
  viewport: Viewport;
  /** Page and console errors the test has seen so far (as the hydration check counts them). */
  errors: string[];
  /** What one check leaves for another within the test (the English texts for the German check). */
  memo: Map<string, unknown>;
  /** Records a ledger line: the page's state as it is now, or the table's for a check without a browser. */
  record(line: string): Promise<void>;
}

const phone: Viewport = { width: 390, height: 844 };

async function memoized<T>(walk: WalkContext, key: string, make: () => Promise<T>): Promise<T> {
  if (!walk.memo.has(key)) walk.memo.set(key, make());
  return walk.memo.get(key) as Promise<T>;
}

/** The page's texts on this load (read once, whichever check asks first). */
const textsOnLoad = (walk: WalkContext) =>
  memoized(walk, `texts ${walk.load!.language} ${walk.load!.scheme}`, () => pageTexts(walk.page));

/** The page's width: what the window scrolls sideways over, were it wider than the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** A check's line at a kiosk width. */
const atWidth = (walk: WalkContext, text: string) => `${text} at ${walk.viewport.width}×${walk.viewport.height}`;

async function textBrowserDump(walk: WalkContext) {
  const cookie = await memoized(walk, "session cookie", () => sessionCookie(walk.page.context()));
  return dumpIn(walk.entry.browser!, walk.walkPage.path, cookie);
}

export const checks: Record<CheckId, (walk: WalkContext) => Promise<void>> = {
  // Every load's markup is validated by the fixtures, off the test's critical path.
  markup: async () => {},

  // A server render that the browser renders differently (a block element inside a <p>, say)
  // throws #418 on each load; recoverable hydration errors are reported when React commits.
  async hydration(walk) {
    await walk.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(walk.errors, "page and console errors up to hydration").toEqual([]);
    await walk.record("hydrates without errors");
  },

  async axe(walk) {
    if (walk.walkPage.themed !== false)
      await expect(walk.page.locator("html")).toHaveAttribute("data-mantine-color-scheme", walk.load!.scheme);
    const violations = (await axeViolations(walk.page)).map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
    }));
    expect(violations, "WCAG 2.2 AA violations").toEqual([]);
    await walk.record("axe: WCAG 2.2 AA");
  },

  /**
   * Colour contrast of a table's rows: a badge's tint sits on the row's stripe or hover colour,
   * which a page-level check of the resting page never sees. Two axe runs: at rest, then with
   * every row in its :hover state at once through the DevTools protocol; where the table colours
   * a hovered row, its colour must change (the protocol call took). The rows are let go after.
   */
  async rowColours(walk) {
    const { page } = walk;
    const table = page.getByRole("table", { name: walk.entry.table!, exact: true });
    const rows = table.locator("tbody tr");
    const highlightsHover = (await table.getAttribute("data-hover")) !== null;
    const problems: string[] = [];
    const contrast = async (label: string) => {
      for (const violation of await axeViolations(page, { include: "main table", rules: ["color-contrast"] }))
        for (const node of violation.nodes)
          problems.push(`${label}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`);
    };
    const background = () => rows.last().evaluate((row) => getComputedStyle(row).backgroundColor);
    await page.mouse.move(0, 0);
    await contrast("at rest");
    const atRest = await background();
    const devTools = await page.context().newCDPSession(page);
    await devTools.send("DOM.enable");
    await devTools.send("CSS.enable");
    const { root } = await devTools.send("DOM.getDocument", { depth: 0 });
    const { nodeIds } = await devTools.send("DOM.querySelectorAll", {
      nodeId: root.nodeId,
      selector: "main table tbody tr",
    });
    const force = (forcedPseudoClasses: string[]) =>
      Promise.all(nodeIds.map((nodeId) => devTools.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses })));
    await force(["hover"]);
    expect(nodeIds.length, "rows hovered").toBeGreaterThanOrEqual(await rows.count());
    if (highlightsHover) expect(await background(), "a hovered row's colour").not.toBe(atRest);
    await contrast("hovered");
    await force([]);
    await devTools.detach();
    expect(await background(), "the rows at rest again").toBe(atRest);
    expect(problems).toEqual([]);
    await walk.record(`axe: colour contrast of the rows of "${walk.entry.table}", at rest and hovered`);
  },

  /** The English texts are read on the English load; on the German one, what both share. */
  async germanTexts(walk) {
    const texts = await textsOnLoad(walk);
    if (walk.load!.language === "en") return;
    const english = await memoized(walk, "texts en light", async (): Promise<string[]> => {
      throw new Error("the German check needs the English load first");
    });
    const { path } = walk.walkPage;
    const fleet = await memoized(walk, "data texts", dataTexts);
    // The history's names are whole names as the fleet's are, taken out longest first: a station
    // of today's fleet named "Hall" must not cut "Sports Hall Hall 38" into words first.
    const data = path.startsWith("/listening")
      ? [...fleet, ...listeningTexts()].sort((a, b) => b.length - a.length)
      : path.startsWith("/alerts")
        ? [...fleet, ...alertTexts()].sort((a, b) => b.length - a.length)
        : fleet;
    const recorded = path.startsWith("/auditLog") ? recordedTexts() : [];
    const inBoth = texts.filter((text) => english.includes(text));
    expect(
      inBoth.map((text) => untranslatedPart(text, data, recorded)).filter(Boolean),
      `English text on the German ${walk.walkPage.path}`,
    ).toEqual([]);
    await walk.record("German: no English text");
  },

  async audienceMic(walk) {
    const texts = (await textsOnLoad(walk)).join("\n");
    expect(texts).toContain("Publikumsmikrofon");
    expect(texts).not.toMatch(/Saalmikrofon|Audience Mic/i);
    await walk.record("German: the audience mic is Publikumsmikrofon");
  },

  // A moderator's phone: no page is wider than the screen; a wide table scrolls inside its own
  // box or lays its rows out one under the other, never the whole page sideways (issue 26).
  async phoneWidth(walk) {
    expect(await pageWidth(walk.page), `the page's width in ${walk.load!.language}`).toBeLessThanOrEqual(phone.width);
    await walk.record("no wider than 390 px (390×844)");
  },

  async waitingCounts(walk) {
    const { page } = walk;
    const english = walk.load!.language === "en";
    const list = page.getByRole("table", { name: english ? "Channels to moderate" : "Kanäle zum Moderieren" });
    const column = english ? "Speakers waiting" : "Wartende Sprecher";
    const channels = list.locator("tbody").getByRole("row");
    const count = await channels.count();
    expect(count, "channels").toBeGreaterThan(1);
    for (let index = 0; index < count; index += 1) {
      const waiting = channels.nth(index).getByRole("cell", { name: new RegExp(`^${column}`) });
      await expect(waiting, `row ${index + 1}`).toBeVisible();
      await expect(waiting).toHaveText(/^\d+$/);
      const box = (await waiting.boundingBox())!;
      expect(box.x, `row ${index + 1}`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `row ${index + 1}`).toBeLessThanOrEqual(phone.width);
    }
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    await walk.record("every channel's waiting count within 390 px (390×844)");
  },

  async drawerAndMenu(walk) {
    const { page } = walk;
    const navigation = walk.load!.language === "en" ? "Main navigation" : "Hauptnavigation";
    await expect(page.getByRole("navigation", { name: navigation })).toBeVisible();
    expect(await pageWidth(page), "with the drawer").toBeLessThanOrEqual(phone.width);
    await walk.record("the navigation drawer no wider than 390 px (390×844)");
    await page.locator("summary").filter({ hasText: "Alex Admin" }).click();
    expect(await pageWidth(page), "with the personal menu").toBeLessThanOrEqual(phone.width);
    await walk.record("the personal menu open no wider than 390 px (390×844)");
  },

  // Wide tables on a small kiosk screen: every table scrolls sideways inside the page, and no
  // action, badge or value is clipped.
  async tableCells(walk) {
    await expectTableWhollyReachable(walk.page.getByRole("table", { name: walk.entry.table!, exact: true }));
    await walk.record(atWidth(walk, `every cell of "${walk.entry.table}" reachable and unclipped`));
  },

  async stationsActions(walk) {
    const stations = walk.page.getByRole("table", { name: "Stations", exact: true });
    for (const action of await stations.getByRole("link", { name: /^(Accept|Reject) / }).all())
      await expectWhollyShown(action);
    for (const status of ["Running", "Not Running", "Unauthorized", "Update required", "Unsupported", "Unknown"])
      await expectWhollyShown(stations.getByText(status, { exact: true }).first());
    await walk.record(atWidth(walk, "Accept, Reject and every status badge in full"));
  },

  async tokenActions(walk) {
    const tokens = walk.page.getByRole("table", { name: "API tokens", exact: true });
    for (const action of await tokens.getByRole("link", { name: /^(Revoke|Delete) / }).all())
      await expectWhollyShown(action);
    await expectWhollyShown(tokens.getByText("Expired", { exact: true }));
    await walk.record(atWidth(walk, "Revoke, Delete and Expired in full"));
  },

  async textBrowser(walk) {
    const dump = await textBrowserDump(walk);
    expect(dump).toContain("Version");
    expect(runTogether(dump), walk.walkPage.path).toEqual([]);
    await walk.record(`${walk.entry.browser}: separate words`);
  },

  async textBrowserStationTabs(walk) {
    const station = (await textBrowserDump(walk)).replace(/\s+/g, " ");
    expect(station).toMatch(/General\s+Network\s+Log\s+Firmware/);
    await walk.record(`${walk.entry.browser}: the station's tabs apart`);
  },

  async textBrowserSortedColumn(walk) {
    const list = (await textBrowserDump(walk)).replace(/\s+/g, " ");
    expect(list).toContain("Station sorted ascending, Sort by Station");
    expect(list).toContain("Status Sort by Status");
    expect(list).toMatch(/Imprint\s+Terms of use\s+Privacy/);
    await walk.record(`${walk.entry.browser}: the sorted column's hidden text and the footer's links apart`);
  },
};

/** What a program test needs: the program's skip message when it is missing. */
export const missingProgram = (program: string) =>
  program === "w3m" || program === "lynx" ? missingPrograms(program) : null;
