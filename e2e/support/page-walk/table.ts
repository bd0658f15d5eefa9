// The page walk's table: every check the walk makes, on which pages, with JavaScript or without,
// and on which loads of each page (docs/decisions/067-one-walk-per-page-state.md). The walk
// (e2e/page-walk.*.spec.ts) loads each page once per language and colour scheme its checks need
// and runs them all on that load; a new page check is an entry here and a function in ./checks.ts.
import type { Role } from "../ledger";
import {
  accessibilityPages,
  adminPages,
  firstEventReport,
  moderatorPages,
  rowColourTables,
  stateBadgePages,
  textBrowserPages,
  wideTables,
} from "../pages";

export type Render = "js" | "nojs";
export type Language = "en" | "de";
export type Scheme = "light" | "dark";

/** One load of a page: the language and colour scheme cookies it is loaded with. */
export interface Load {
  language: Language;
  scheme: Scheme;
}

export const english: Load = { language: "en", scheme: "light" };
export const englishDark: Load = { language: "en", scheme: "dark" };
export const german: Load = { language: "de", scheme: "light" };
/** The order of a page's loads: German texts are compared with the English ones loaded first. */
export const loadOrder: readonly Load[] = [english, englishDark, german];

/** What a user reaches by a step from a page rather than by its address. */
export type Step = "signIn";

/** What the console must hold before a page's address shows what the check is about. */
export type Preparation = "chooseStations" | "sampleListeners" | "nameEvent" | "alertExamples";

export interface WalkPage {
  role: Role;
  /** The address (path and query); a page reached by a step: the path its ledger lines name. */
  path: string;
  /** A page without an address of its own: reached from `from.path`'s load by a step. */
  from?: { path: string; step: Step };
  /** false: a page that is not the console's (the identity provider's form) has no colour scheme. */
  themed?: false;
  /** Done before each load of the page (./walk.ts). */
  prepare?: Preparation;
}

/**
 * In the order a load runs them: checks that read the page as it was loaded (1280×720), then
 * those at a phone's width (390×844), then at a kiosk's widths (800, 1024, 1280 × 600), then
 * those that click on the page.
 */
export type Stage = "as loaded" | "phone" | "kiosk" | "clicks";
export const stageOrder: readonly Stage[] = ["as loaded", "phone", "kiosk", "clicks"];

export type CheckId =
  | "markup"
  | "hydration"
  | "axe"
  | "rowColours"
  | "germanTexts"
  | "audienceMic"
  | "phoneWidth"
  | "waitingCounts"
  | "drawerAndMenu"
  | "tableCells"
  | "stationsActions"
  | "tokenActions"
  | "textBrowser"
  | "textBrowserStationTabs"
  | "textBrowserSortedColumn";

export interface PageCheck {
  check: CheckId;
  pages: readonly WalkPage[];
  /**
   * Per render the loads the check looks at; a render not named is not checked. An empty list:
   * the check needs no browser (it fetches the page itself), and its lines name the English page.
   */
  loads: Partial<Record<Render, readonly Load[]>>;
  stage: Stage;
  /** Its ledger lines on one page, each with the load it is made on. */
  lines: (page: WalkPage, render: Render) => { load: Load; line: string }[];
  /** The table, or the text browser, a check is about. */
  table?: string;
  browser?: "w3m" | "lynx";
}

/** Pages whose address shows what the check is about only once the console holds something. */
const preparedPaths: Partial<Record<string, Preparation>> = {
  // The listener history's channels once the sampler has stored the default fleet's listeners.
  "/listening": "sampleListeners",
  "/listening?range=week": "sampleListeners",
  // The first event's report, and its print: named by the walk where no test named one before.
  [firstEventReport]: "nameEvent",
  [`${firstEventReport}/print`]: "nameEvent",
  // Alerts' tables with a row: a rule, a webhook and a test sent to it (tried, refused: nobody listens).
  "/alerts/rules": "alertExamples",
  "/alerts/destinations": "alertExamples",
  "/alerts/deliveries": "alertExamples",
};
const admin = (paths: readonly string[]): WalkPage[] =>
  paths.map((path) => {
    const prepare = preparedPaths[path];
    return prepare ? { role: "admin", path, prepare } : { role: "admin", path };
  });
const moderator = (paths: readonly string[]): WalkPage[] => paths.map((path) => ({ role: "moderator", path }));
const signedOut = (paths: readonly string[]): WalkPage[] => paths.map((path) => ({ role: "none", path }));

const signIn = "/login?redirectTo=%2Fstations";
/** The identity provider's form, reached from the console's sign-in page. */
const identityProviderForm: WalkPage = {
  role: "none",
  path: "/oidc/interaction/:uid",
  from: { path: signIn, step: "signIn" },
  themed: false,
};

/**
 * A bulk confirmation with something on it: a running station with listeners and one not running
 * chosen under a fixed selection id (the listeners choice ticked, stations acted on with their
 * notes, the skip reasons counted; and Remove's warning of running stations).
 */
export const bulkSelection = "3f1c6c2e-5a7b-4d0e-9b8a-0c1d2e3f4a5b";
export const bulkSerialNumbers = ["MCS-0042", "MCS-0045"];
const bulkConfirmations: WalkPage[] = ["reboot", "remove"].map((action) => ({
  role: "admin",
  path: `/stations/bulk?action=${action}&selection=${bulkSelection}&listeners=include`,
  prepare: "chooseStations",
}));

const everyPage = [...admin(adminPages), ...moderator(moderatorPages)];
const kioskWidths = [800, 1024, 1280] as const;
const phone = "390 px (390×844)";

/** `line` on each load the check runs on (on `lineOn` only, if given; a check without a browser: the English page). */
function check(
  entry: Omit<PageCheck, "lines"> & { line?: string; lineOn?: Load; lines?: PageCheck["lines"] },
): PageCheck {
  const { line, lineOn, ...rest } = entry;
  const onLoads = (render: Render) =>
    lineOn ? [lineOn] : entry.loads[render]?.length ? entry.loads[render] : [english];
  return {
    lines: (_page, render) => (line === undefined ? [] : onLoads(render).map((load) => ({ load, line }))),
    ...rest,
  };
}

export const pageChecks: readonly PageCheck[] = [
  // html-validate and "no page or console errors" run on every load (e2e/support/fixtures.ts);
  // this entry loads the pages only they look at without JavaScript.
  check({
    check: "markup",
    pages: [
      ...admin([...adminPages, "/apiTokens?dialog=addToken", "/stations?nav=1", "/appView?channel=none"]),
      ...moderator([...moderatorPages, "/stations"]),
      ...signedOut([signIn]),
      identityProviderForm,
    ],
    loads: { nojs: [english] },
    stage: "as loaded",
  }),
  check({
    check: "hydration",
    pages: everyPage,
    loads: { js: [english] },
    stage: "as loaded",
    line: "hydrates without errors",
  }),
  check({
    check: "axe",
    pages: [
      ...admin(accessibilityPages),
      ...bulkConfirmations,
      ...moderator([...moderatorPages, "/stations"]),
      ...signedOut([signIn]),
    ],
    loads: { js: [english, englishDark], nojs: [english] },
    stage: "as loaded",
    line: "axe: WCAG 2.2 AA",
  }),
  // Not the console's page: one scheme.
  check({
    check: "axe",
    pages: [identityProviderForm],
    loads: { js: [english], nojs: [english] },
    stage: "as loaded",
    line: "axe: WCAG 2.2 AA",
  }),
  // A badge's tint on its own station's page, in both schemes.
  check({
    check: "axe",
    pages: admin(stateBadgePages),
    loads: { js: [english, englishDark] },
    stage: "as loaded",
    line: "axe: WCAG 2.2 AA",
  }),
  ...rowColourTables.map(({ path, table }) =>
    check({
      check: "rowColours",
      table,
      pages: admin([path]),
      loads: { js: [english, englishDark] },
      stage: "as loaded",
      line: `axe: colour contrast of the rows of "${table}", at rest and hovered`,
    }),
  ),
  check({
    check: "germanTexts",
    pages: [...everyPage, ...signedOut(["/login"])],
    loads: { js: [english, german], nojs: [english, german] },
    stage: "as loaded",
    line: "German: no English text",
    lineOn: german,
  }),
  check({
    check: "audienceMic",
    pages: admin(["/stations/MCS-0043", "/stations/MCS-0043/channels/1", "/moderation/MCS-0043/1", "/appView"]),
    loads: { js: [german], nojs: [german] },
    stage: "as loaded",
    line: "German: the audience mic is Publikumsmikrofon",
  }),
  check({
    check: "phoneWidth",
    pages: [...everyPage, ...signedOut(["/login"])],
    loads: { js: [english, german], nojs: [english, german] },
    stage: "phone",
    line: `no wider than ${phone}`,
  }),
  check({
    check: "waitingCounts",
    pages: moderator(["/moderation"]),
    loads: { js: [english, german], nojs: [english, german] },
    stage: "phone",
    line: `every channel's waiting count within ${phone}`,
  }),
  ...wideTables.map(({ path, table }) =>
    check({
      check: "tableCells",
      table,
      pages: admin([path]),
      loads: { js: [english], nojs: [english] },
      stage: "kiosk",
      lines: () =>
        kioskWidths.map((width) => ({
          load: english,
          line: `every cell of "${table}" reachable and unclipped at ${width}×600`,
        })),
    }),
  ),
  check({
    check: "stationsActions",
    pages: admin(["/stations"]),
    loads: { js: [english], nojs: [english] },
    stage: "kiosk",
    lines: () =>
      kioskWidths.map((width) => ({
        load: english,
        line: `Accept, Reject and every status badge in full at ${width}×600`,
      })),
  }),
  check({
    check: "tokenActions",
    pages: admin(["/apiTokens"]),
    loads: { js: [english], nojs: [english] },
    stage: "kiosk",
    lines: () =>
      kioskWidths.map((width) => ({ load: english, line: `Revoke, Delete and Expired in full at ${width}×600` })),
  }),
  check({
    check: "drawerAndMenu",
    pages: admin(["/stations?nav=1"]),
    loads: { js: [english, german], nojs: [english, german] },
    stage: "clicks",
    lines: () =>
      [english, german].flatMap((load) => [
        { load, line: `the navigation drawer no wider than ${phone}` },
        { load, line: `the personal menu open no wider than ${phone}` },
      ]),
  }),
  ...(["w3m", "lynx"] as const).flatMap((browser) => [
    check({
      check: "textBrowser",
      browser,
      pages: admin(textBrowserPages),
      loads: { nojs: [] },
      stage: "as loaded",
      line: `${browser}: separate words`,
    }),
    check({
      check: "textBrowserStationTabs",
      browser,
      pages: admin(["/stations/MCS-0042"]),
      loads: { nojs: [] },
      stage: "as loaded",
      line: `${browser}: the station's tabs apart`,
    }),
    check({
      check: "textBrowserSortedColumn",
      browser,
      pages: admin(["/stations"]),
      loads: { nojs: [] },
      stage: "as loaded",
      line: `${browser}: the sorted column's hidden text and the footer's links apart`,
    }),
  ]),
];
