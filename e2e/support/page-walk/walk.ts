// The page walk: for each role and page, one test per render that loads the page once for each
// language and colour scheme its checks need and runs every check of the table on that load, by
// stage; the checks that need no browser in one test per program. Each test ends by comparing the
// ledger lines it recorded with those the table planned for it, and the first test compares the
// whole plan with e2e/page-checks.ledger (docs/decisions/067-one-walk-per-page-state.md).
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, settledRecords, test } from "../fixtures";
import { ledgerAnnotation, recordCheck, recordPageCheck } from "../ledger";
import { liveCaughtUp } from "../live";
import { firstEventReport } from "../pages";
import { localText } from "../../../app/domain/listening-ranges";
import { checks, missingProgram, type Viewport, type WalkContext } from "./checks";
import { stateOf, walkTests, type PageTest, type PlannedCheck, type ProgramTest } from "./plan";
import {
  bulkSelection,
  bulkSerialNumbers,
  english,
  stageOrder,
  type Load,
  type Preparation,
  type Render,
  type Stage,
  type Step,
  type WalkPage,
} from "./table";

export const ledgerFile = new URL("../../page-checks.ledger", import.meta.url);

const asLoaded: Viewport = { width: 1280, height: 720 };
const stageViewports: Record<Stage, Viewport[]> = {
  "as loaded": [asLoaded],
  phone: [{ width: 390, height: 844 }],
  kiosk: [800, 1024, 1280].map((width) => ({ width, height: 600 })),
  clicks: [{ width: 390, height: 844 }],
};

const steps: Record<Step, (page: Page) => Promise<void>> = {
  // The console's sign-in page sends the user on to the identity provider's form.
  async signIn(page) {
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Username")).toBeVisible();
  },
};

/** The walk's webhook: nothing listens on the discard port, so each attempt is refused and listed. */
const walkWebhook = { name: "Walk pager", url: "http://127.0.0.1:9/walk", secret: "walk-webhook-secret-0123" };

const preparations: Record<Preparation, (page: Page, baseURL: string) => Promise<void>> = {
  // Rules that cannot fire during a run (the Manager away for a day; a channel without listeners
  // for a day, during events only), a webhook, an e-mail address, and a test sent to the webhook;
  // as their forms post them, unless the console has a rule already.
  async alertExamples(page, baseURL) {
    // A rule's row, not the words "No rule yet.": the page's scripts may carry those words whatever it shows.
    if ((await (await page.request.get("/alerts/rules")).text()).includes('data-rule="')) return;
    const post = async (path: string, fields: Record<string, string>) => {
      const answer = await page.request.post(path, {
        data: new URLSearchParams(fields).toString(),
        headers: { origin: new URL(baseURL).origin, "content-type": "application/x-www-form-urlencoded" },
        maxRedirects: 0,
      });
      expect(answer.status(), `${path} ${fields.intent}`).toBe(302);
      return answer;
    };
    await post("/alerts/rules", { intent: "createRule", kind: "managerUnreachable", graceSeconds: "86400" });
    await post("/alerts/rules", {
      intent: "createRule",
      kind: "channelListenersZero",
      graceSeconds: "86400",
      stations: "MCS-0042",
      duringEventsOnly: "on",
    });
    await post("/alerts/destinations", { intent: "createDestination", ...walkWebhook });
    await post("/alerts/destinations", {
      intent: "createEmailDestination",
      name: "Front desk",
      email: "front-desk@venue.example",
      language: "de",
    });
    const listed = await (await page.request.get("/alerts/destinations")).text();
    const destinationId = /name="destinationId" value="(\d+)"/.exec(listed)?.[1];
    expect(destinationId, "the walk's webhook").toBeDefined();
    await post("/alerts/destinations", { intent: "sendTest", destinationId: destinationId! });
    await expect
      .poll(async () => (await (await page.request.get("/alerts/deliveries")).text()).includes('data-attempt="'), {
        message: "the test's first attempt listed",
        timeout: 30_000,
      })
      .toBe(true);
  },
  // The choice on /stations, as its form posts it (with or without JavaScript the same request).
  async chooseStations(page, baseURL) {
    const form = new URLSearchParams({
      intent: "choose",
      selection: bulkSelection,
      shown: JSON.stringify(bulkSerialNumbers),
    });
    for (const serialNumber of bulkSerialNumbers) form.append("chosen", serialNumber);
    const chosen = await page.request.post("/stations?index", {
      data: form.toString(),
      headers: { origin: new URL(baseURL).origin, "content-type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(chosen.status(), "the choice's answer").toBe(302);
  },
  // An event of the last two hours, named as its form names one (with or without JavaScript the
  // same request), unless the console already has its first.
  async nameEvent(page, baseURL) {
    if ((await page.request.get(firstEventReport)).status() === 200) return;
    const at = (ago: number) => localText(Math.floor((Date.now() - ago) / 60_000) * 60_000);
    const form = new URLSearchParams({
      intent: "createEvent",
      title: "Evening concert",
      startsAt: at(2 * 3_600_000),
      endsAt: at(0),
    });
    const named = await page.request.post("/listening/events?index", {
      data: form.toString(),
      headers: { origin: new URL(baseURL).origin, "content-type": "application/x-www-form-urlencoded" },
      maxRedirects: 0,
    });
    expect(named.headers().location, "the named event's report").toBe(firstEventReport);
  },
  // The sampler (one round every LISTENING_SAMPLE_SECONDS once an admin is signed in) has stored
  // the default fleet's listeners: the history's channel table is there.
  async sampleListeners(page) {
    await expect
      .poll(
        async () => (await (await page.request.get("/listening")).text()).includes('aria-labelledby="breakdown-title"'),
        {
          message: "the listener history holds the fleet's channels",
          timeout: 90_000,
          intervals: [500, 1_000, 2_000],
        },
      )
      .toBe(true);
  },
};

/** The lines of the ledger file with this render. */
function committedLines(render: Render) {
  return readFileSync(ledgerFile, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith("#") && line.split(" ")[1] === render);
}

const cookie = (value: string) => Buffer.from(JSON.stringify(value)).toString("base64");

async function setViewport(page: Page, viewport: Viewport) {
  const current = page.viewportSize();
  if (current?.width === viewport.width && current.height === viewport.height) return;
  await page.setViewportSize(viewport);
  // The layout is CSS: once a transition the new width started (the navigation drawer's) is done.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
}

/** Loads the page with the load's language and scheme; with JavaScript, hydrated and caught up. */
async function open(page: Page, render: Render, path: string, load: Load, baseURL: string) {
  await page.context().addCookies([
    { name: "lng", value: cookie(load.language), url: baseURL },
    { name: "colorScheme", value: cookie(load.scheme), url: baseURL },
  ]);
  await page.goto(path);
  await expect(page.locator("html")).toHaveAttribute("lang", load.language);
  if (render === "js") await liveCaughtUp(page);
}

function recordedLines() {
  return [
    ...new Set(
      test
        .info()
        .annotations.filter((annotation) => annotation.type === ledgerAnnotation)
        .map((annotation) => annotation.description!),
    ),
  ].sort();
}

async function runPageTest(planned: PageTest, render: Render, page: Page, baseURL: string) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
      errors.push(message.text());
  });
  const memo = new Map<string, unknown>();
  const run = async (walkPage: WalkPage, load: Load, plannedChecks: PlannedCheck[]) => {
    for (const stage of stageOrder) {
      const ofStage = plannedChecks.filter(({ entry }) => entry.stage === stage);
      if (ofStage.length === 0) continue;
      for (const viewport of stageViewports[stage]) {
        await setViewport(page, viewport);
        for (const { entry } of ofStage) {
          const context: WalkContext = {
            page,
            render,
            entry,
            walkPage,
            load,
            viewport,
            errors,
            memo,
            record: (line) => recordPageCheck(page, line),
          };
          await test.step(`${entry.check}${entry.table ?? ""} at ${viewport.width}×${viewport.height}`, () =>
            checks[entry.check](context));
        }
      }
    }
  };
  for (const { load, checks: plannedChecks, steps: reached } of planned.loads) {
    if (planned.prepare) await preparations[planned.prepare](page, baseURL);
    await setViewport(page, asLoaded);
    await open(page, render, planned.path, load, baseURL);
    await run({ role: planned.role, path: planned.path }, load, plannedChecks);
    for (const step of reached) {
      await setViewport(page, asLoaded);
      await steps[step.page.from!.step](page);
      await run(step.page, load, step.checks);
    }
  }
}

async function runProgramTest(planned: ProgramTest, render: Render, page: Page) {
  const missing = missingProgram(planned.program);
  test.skip(missing !== null, missing ?? "");
  const memo = new Map<string, unknown>();
  for (const { entry, page: walkPage } of planned.checks) {
    const context: WalkContext = {
      page,
      render,
      entry,
      walkPage,
      load: null,
      viewport: asLoaded,
      errors: [],
      memo,
      record: async (line) => recordCheck(stateOf(walkPage, render, english), line),
    };
    await checks[entry.check](context);
  }
}

const titleOf = (planned: PageTest | ProgramTest) =>
  planned.kind === "program"
    ? `${planned.program} reads every page as separate words`
    : `${planned.path} (${planned.loads
        .map(({ load }) => `${load.language}${load.scheme === "dark" ? " dark" : ""}`)
        .join(", ")})`;

/**
 * The walk's tests for one render, by role: the spec file declares them (so their location is its
 * own). The first compares the plan with the ledger file; each other ends by comparing the lines
 * it recorded with its plan's.
 */
export function walkGroups(render: Render) {
  const planned = walkTests(render);
  const roles = [
    { role: "admin", title: "as an admin" },
    { role: "moderator", title: "as a moderator" },
    { role: "none", title: "signed out" },
  ] as const;
  return {
    ledgerTest: {
      title: "the walk's table makes every check of the ledger, and no other",
      run: async () =>
        expect([...new Set(planned.flatMap((walkTest) => walkTest.lines))].sort()).toEqual(committedLines(render)),
    },
    groups: roles.map(({ role, title }) => ({
      title,
      use: { role, ledger: true },
      tests: planned
        .filter((walkTest) => (walkTest.kind === "program" ? role === "admin" : walkTest.role === role))
        .map((walkTest) => ({
          title: titleOf(walkTest),
          run: async ({ page, baseURL }: { page: Page; baseURL?: string }) => {
            if (walkTest.kind === "page") await runPageTest(walkTest, render, page, baseURL!);
            else await runProgramTest(walkTest, render, page);
            await settledRecords(page.context());
            expect(recordedLines(), "the checks this page's walk made").toEqual(walkTest.lines);
          },
        })),
    })),
  };
}
