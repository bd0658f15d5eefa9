// Small helpers the administration specs share.
import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Mantine draws a switch over a visually hidden checkbox: a user flips it by its label, which
 * is what this does (with and without JavaScript), then checks the state it reached.
 */
export async function setSwitch(scope: Page | Locator, name: string, on: boolean) {
  const control = scope.getByRole("switch", { name });
  if ((await control.isChecked()) !== on) await scope.getByText(name, { exact: true }).click();
  await expect(control).toBeChecked({ checked: on });
}

/** axe-core with the WCAG 2.x A and AA rules: every violation, named with where it is. */
export async function expectNoAxeViolations(page: Page) {
  const { default: AxeBuilder } = await import("@axe-core/playwright");
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    // An experimental rule; its only finding is the shell's personal-menu <summary> (not ours).
    .disableRules(["label-content-name-mismatch"])
    .analyze();
  expect(
    results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes
          .map(
            (node) =>
              `${node.target.join(" ")} ${node.failureSummary ?? ""} ${JSON.stringify(node.any[0]?.data ?? "")}`,
          )
          .join(" | ")}`,
    ),
  ).toEqual([]);
}

/** The page as a browser without JavaScript renders it (axe itself needs JavaScript to run). */
export async function withoutAppScripts(page: Page) {
  await page.route("**/build/**/*.js", (route) => route.abort());
}
