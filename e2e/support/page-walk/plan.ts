// The walk's table (./table.ts) turned into its tests: one per role and page for each render,
// with the page's loads in order and, for each load, its checks by stage; checks that need no
// browser (the text browsers) in one test per program. Each test knows the ledger lines it must
// record; together they are the ledger (e2e/page-checks.ledger).
import { ledgerLine, type PageState, type Role } from "../ledger";
import { loadOrder, pageChecks, stageOrder, type Load, type PageCheck, type Render, type WalkPage } from "./table";

export interface PlannedCheck {
  entry: PageCheck;
  page: WalkPage;
}

export interface PlannedLoad {
  load: Load;
  /** The page's own checks, by stage. */
  checks: PlannedCheck[];
  /** Pages reached from this load by a step, each with its checks. */
  steps: { page: WalkPage; checks: PlannedCheck[] }[];
}

export interface PageTest {
  kind: "page";
  role: Role;
  path: string;
  prepare?: WalkPage["prepare"];
  loads: PlannedLoad[];
  lines: string[];
}

export interface ProgramTest {
  kind: "program";
  program: string;
  checks: PlannedCheck[];
  lines: string[];
}

export type WalkTest = PageTest | ProgramTest;

export function stateOf(page: WalkPage, render: Render, load: Load): PageState {
  return {
    role: page.role,
    render,
    language: load.language,
    scheme: page.themed === false ? "-" : load.scheme,
    path: page.path,
  };
}

/** What the fixtures check on every load (e2e/support/fixtures.ts). */
export const everyLoadChecks = ["html-validate", "no page or console errors"] as const;

const byStage = (a: PlannedCheck, b: PlannedCheck) =>
  stageOrder.indexOf(a.entry.stage) - stageOrder.indexOf(b.entry.stage);

export function walkTests(render: Render): WalkTest[] {
  const pageTests = new Map<string, PageTest & { loadsByKey: Map<Load, PlannedLoad>; lineSet: Set<string> }>();
  const programTests = new Map<string, ProgramTest & { lineSet: Set<string> }>();
  for (const entry of pageChecks) {
    const loads = entry.loads[render];
    if (!loads) continue;
    for (const page of entry.pages) {
      const lines = entry.lines(page, render).map(({ load, line }) => ledgerLine(stateOf(page, render, load), line));
      if (loads.length === 0) {
        const program = entry.browser ?? entry.check;
        const test = programTests.get(program) ?? {
          kind: "program",
          program,
          checks: [],
          lines: [],
          lineSet: new Set(),
        };
        test.checks.push({ entry, page });
        lines.forEach((line) => test.lineSet.add(line));
        programTests.set(program, test);
        continue;
      }
      const path = page.from?.path ?? page.path;
      const key = `${page.role} ${path}`;
      const test: PageTest & { loadsByKey: Map<Load, PlannedLoad>; lineSet: Set<string> } = pageTests.get(key) ?? {
        kind: "page",
        role: page.role,
        path,
        prepare: page.from ? undefined : page.prepare,
        loads: [],
        lines: [],
        loadsByKey: new Map(),
        lineSet: new Set(),
      };
      pageTests.set(key, test);
      lines.forEach((line) => test.lineSet.add(line));
      for (const load of loads) {
        const planned: PlannedLoad = test.loadsByKey.get(load) ?? { load, checks: [], steps: [] };
        test.loadsByKey.set(load, planned);
        if (!page.from) planned.checks.push({ entry, page });
        else {
          const step = planned.steps.find((candidate) => candidate.page.path === page.path);
          if (step) step.checks.push({ entry, page });
          else planned.steps.push({ page, checks: [{ entry, page }] });
        }
      }
    }
  }
  for (const test of pageTests.values()) {
    test.loads = loadOrder.flatMap((load) => test.loadsByKey.get(load) ?? []);
    for (const planned of test.loads) {
      planned.checks.sort(byStage);
      const root: WalkPage = { role: test.role, path: test.path };
      for (const page of [root, ...planned.steps.map((step) => step.page)])
        for (const check of everyLoadChecks) test.lineSet.add(ledgerLine(stateOf(page, render, planned.load), check));
      for (const step of planned.steps) step.checks.sort(byStage);
    }
    test.lines = [...test.lineSet].sort();
  }
  for (const test of programTests.values()) test.lines = [...test.lineSet].sort();
  return [
    ...[...pageTests.values()].map(({ kind, role, path, prepare, loads, lines }): PageTest => ({
      kind,
      role,
      path,
      prepare,
      loads,
      lines,
    })),
    ...[...programTests.values()].map(({ kind, program, checks, lines }): ProgramTest => ({
      kind,
      program,
      checks,
      lines,
    })),
  ];
}

/** Every ledger line the walk makes, with JavaScript and without. */
export function plannedLedgerLines(): string[] {
  return [
    ...new Set((["js", "nojs"] as const).flatMap((render) => walkTests(render).flatMap((test) => test.lines))),
  ].sort();
}
