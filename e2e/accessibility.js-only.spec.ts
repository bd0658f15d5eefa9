// axe-core on every page, light and dark with JavaScript, and light without it. The
// JavaScript-off render is checked with the app's scripts blocked (axe itself needs JavaScript,
// STACK.md), so this file runs in the JavaScript project only.
import { randomUUID } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

const wcag = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const adminPages = [
  "/dashboard",
  "/stations",
  "/stations?confirm=clearRejected",
  "/stations/bulk?action=reboot",
  "/stations/MCS-0042",
  "/stations/MCS-0042?confirm=reboot",
  "/stations/MCS-0042/network",
  "/stations/MCS-0042/log",
  "/stations/MCS-0042/firmware",
  "/stations/MCS-0042/channels/1",
  "/stations/MCS-0012",
  "/stations/MCS-9999",
  "/appView",
  "/appView/signs",
  "/moderation",
  "/moderation/MCS-0043/1",
  "/settings",
  "/apiTokens",
  "/appCustomization",
  "/auditLog",
  "/settings/backup",
  "/settings/restore",
  "/firmware/rollouts",
  "/no/such/page",
];

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcag).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}

/** The colour scheme cookie as the console writes it, and optionally no app scripts. */
async function prepare(page: Page, baseURL: string, scheme: "light" | "dark", withoutScripts: boolean) {
  const value = Buffer.from(JSON.stringify(scheme)).toString("base64");
  await page.context().addCookies([{ name: "colorScheme", value, url: baseURL }]);
  if (withoutScripts) await page.route("**/build/**/*.js", (route) => route.abort());
}

// The render without scripts in the light scheme only: the dark scheme's colours are the same
// stylesheet's with scripts or without, and three variants of each page keep the suite's time.
const variants = [
  { scheme: "light", withoutScripts: false },
  { scheme: "dark", withoutScripts: false },
  { scheme: "light", withoutScripts: true },
] as const;

for (const { scheme, withoutScripts } of variants) {
  const variant = `${scheme}${withoutScripts ? ", scripts blocked" : ""}`;

  test.describe(`admin pages (${variant})`, () => {
    for (const path of adminPages) {
      test(`${path} has no WCAG 2.2 AA violations (${variant})`, async ({ page, baseURL }) => {
        await prepare(page, baseURL!, scheme, withoutScripts);
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", scheme);
        expect(await violations(page)).toEqual([]);
      });
    }
    // A bulk confirmation with something on it: the listeners choice ticked, stations acted on with
    // their notes, the skip reasons counted; and Remove's warning of running stations.
    for (const action of ["reboot", "remove"]) {
      test(`a ${action} confirmation of chosen stations has no violations (${variant})`, async ({ page, baseURL }) => {
        const selection = randomUUID();
        // A running station with listeners, and one not running.
        const serialNumbers = ["MCS-0042", "MCS-0045"];
        const form = new URLSearchParams({ intent: "choose", selection, shown: JSON.stringify(serialNumbers) });
        for (const serialNumber of serialNumbers) form.append("chosen", serialNumber);
        const chosen = await page.request.post("/stations?index", {
          data: form.toString(),
          headers: { origin: new URL(baseURL!).origin, "content-type": "application/x-www-form-urlencoded" },
          maxRedirects: 0,
        });
        expect(chosen.status()).toBe(302);
        await prepare(page, baseURL!, scheme, withoutScripts);
        await page.goto(`/stations/bulk?action=${action}&selection=${selection}&listeners=include`);
        await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    }
  });

  test.describe(`signed-out and moderator pages (${variant})`, () => {
    test.describe("signed out", () => {
      test.use({ role: "none" });
      test(`the sign-in page has no violations (${variant})`, async ({ page, baseURL }) => {
        await prepare(page, baseURL!, scheme, withoutScripts);
        await page.goto("/login?redirectTo=%2Fstations");
        expect(await violations(page)).toEqual([]);
        await page.getByRole("button", { name: "Sign in" }).click();
        await expect(page.getByLabel("Username")).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    });

    test.describe("moderator", () => {
      test.use({ role: "moderator" });
      for (const path of ["/appView", "/moderation", "/moderation/MCS-0043/1", "/stations"]) {
        test(`${path} as a moderator has no violations (${variant})`, async ({ page, baseURL }) => {
          await prepare(page, baseURL!, scheme, withoutScripts);
          await page.goto(path);
          expect(await violations(page)).toEqual([]);
        });
      }
    });
  });
}

/**
 * Colour contrast of the rows themselves: a badge's tint sits on the row's stripe or hover
 * colour, which a page-level check of the resting page never sees. Every sort order of the
 * stations list puts the states on other stripes; each row is checked at rest and hovered.
 */
const sortOrders = ["name", "status", "firmwareVersion", "ip", "channelsInUse"].flatMap((sort) =>
  (["asc", "desc"] as const).map((order) => `sort=${sort}&order=${order}`),
);

/** Every row of the table in its :hover state at once, through the DevTools protocol. */
async function hoverEveryRow(page: Page, rows: string) {
  const devTools = await page.context().newCDPSession(page);
  await devTools.send("DOM.enable");
  await devTools.send("CSS.enable");
  const { root } = await devTools.send("DOM.getDocument", { depth: 0 });
  const { nodeIds } = await devTools.send("DOM.querySelectorAll", { nodeId: root.nodeId, selector: rows });
  for (const nodeId of nodeIds) await devTools.send("CSS.forcePseudoState", { nodeId, forcedPseudoClasses: ["hover"] });
  return nodeIds.length;
}

/** The table's colour contrast at rest, then with every row hovered: two axe runs, not one per row. */
async function rowContrast(page: Page, table: string) {
  const rows = page.getByRole("table", { name: table, exact: true }).locator("tbody tr");
  const highlightsHover =
    (await page.getByRole("table", { name: table, exact: true }).getAttribute("data-hover")) !== null;
  const problems: string[] = [];
  const check = async (label: string) => {
    const results = await new AxeBuilder({ page }).include("main table").withRules(["color-contrast"]).analyze();
    for (const violation of results.violations) {
      for (const node of violation.nodes)
        problems.push(`${label}: ${node.target.join(" ")} ${node.failureSummary ?? ""}`);
    }
  };
  const background = () => rows.last().evaluate((row) => getComputedStyle(row).backgroundColor);
  await page.mouse.move(0, 0);
  await check("at rest");
  const atRest = await background();
  expect(await hoverEveryRow(page, "main table tbody tr"), "rows hovered").toBeGreaterThanOrEqual(await rows.count());
  // Where the table colours a hovered row, the forced state shows (the protocol call took).
  if (highlightsHover) expect(await background(), "a hovered row's colour").not.toBe(atRest);
  await check("hovered");
  return problems;
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`table rows in every state, striped and hovered (${scheme})`, () => {
    for (const query of sortOrders) {
      test(`the stations list sorted ${query}`, async ({ page, baseURL }) => {
        await prepare(page, baseURL!, scheme, false);
        await page.goto(`/stations?${query}`);
        await expect(page.locator("html")).toHaveAttribute("data-js", "on");
        expect(await rowContrast(page, "Stations")).toEqual([]);
      });
    }
    for (const [path, table] of [
      ["/apiTokens", "API tokens"],
      ["/moderation", "Channels to moderate"],
      ["/stations/MCS-0042/log", "Events of this station"],
      ["/stations/MCS-0043", "Channels of this station"],
    ] as const) {
      test(`the rows on ${path}`, async ({ page, baseURL }) => {
        await prepare(page, baseURL!, scheme, false);
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-js", "on");
        expect(await rowContrast(page, table)).toEqual([]);
      });
    }
    for (const serialNumber of ["MCS-0042", "MCS-0044", "MCS-0045", "MCS-0046", "MCS-0048", "MCS-0012", "MCS-0050"]) {
      test(`the state badges of ${serialNumber}`, async ({ page, baseURL }) => {
        await prepare(page, baseURL!, scheme, false);
        await page.goto(`/stations/${serialNumber}`);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
