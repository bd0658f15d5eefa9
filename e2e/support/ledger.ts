// The ledger of page checks: every (page state, check) pair the page walk makes, one line each, in
// e2e/page-checks.ledger (docs/decisions/067-one-walk-per-page-state.md). A check records its line
// on the test as it runs (an annotation); the ledger reporter writes the set of a whole run.
import { test, type Page } from "@playwright/test";
import type { DemoRole } from "./simulator";

export type Role = DemoRole | "none";

/**
 * What a check looked at. `render`: "js" is the page as JavaScript made it (hydrated), "nojs" the
 * page as the server sent it, with no script of the page run — in the nojs project, or, before
 * decision 067, in the js project with the app's scripts blocked.
 */
export interface PageState {
  role: Role;
  render: "js" | "nojs";
  language: string;
  scheme: string;
  /** The path and query; the identity provider's form as /oidc/interaction/:uid. */
  path: string;
}

export const ledgerAnnotation = "page check";

/** One ledger line: the state, then the check. */
export function ledgerLine(state: PageState, check: string) {
  return `${state.role} ${state.render} ${state.language} ${state.scheme} ${state.path} — ${check}`;
}

/** The path a ledger names: an interaction's random id is not part of the state. */
export function ledgerPath(url: string) {
  const { pathname, search } = new URL(url);
  return `${pathname.replace(/^\/oidc\/interaction\/[^/]+/, "/oidc/interaction/:uid")}${search}`;
}

/** The page's role, set by the fixtures for every page a test gets. */
export const pageRoles = new WeakMap<Page, Role>();
/** Pages whose app scripts a test blocks: what they show is the no-JavaScript render. */
export const scriptsBlocked = new WeakSet<Page>();

export function recordCheck(state: PageState, check: string) {
  test.info().annotations.push({ type: ledgerAnnotation, description: ledgerLine(state, check) });
}

/** The state of the page as it is now: its URL, and the language and scheme of its <html>. */
export async function pageStateOf(page: Page): Promise<PageState> {
  const { language, scheme } = await page.evaluate(() => ({
    language: document.documentElement.lang || "-",
    scheme: document.documentElement.getAttribute("data-mantine-color-scheme") ?? "-",
  }));
  const javaScript = test.info().project.use.javaScriptEnabled !== false && !scriptsBlocked.has(page);
  return {
    role: pageRoles.get(page) ?? "admin",
    render: javaScript ? "js" : "nojs",
    language,
    scheme,
    path: ledgerPath(page.url()),
  };
}

/** Records a check made on the page as it is now. */
export async function recordPageCheck(page: Page, check: string) {
  recordCheck(await pageStateOf(page), check);
}

/** The state of an HTML document as the server sent it (language and scheme from its <html>). */
export function documentStateOf(page: Page, url: string, html: string): PageState {
  const root = /<html\b[^>]*>/i.exec(html)?.[0] ?? "";
  const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(root)?.[1] ?? "-";
  const javaScript = test.info().project.use.javaScriptEnabled !== false && !scriptsBlocked.has(page);
  return {
    role: pageRoles.get(page) ?? "admin",
    render: javaScript ? "js" : "nojs",
    language: attribute("lang"),
    scheme: attribute("data-mantine-color-scheme"),
    path: ledgerPath(url),
  };
}
