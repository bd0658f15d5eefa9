// The listener history as a user reads it over plain HTTP (issue 35): /listening's data table
// ("Show the chart as a table") row by row, its list of times without counts, and a console's
// listening sampler rounds from /metrics — for the api specs that run consoles of their own.
import { expect } from "@playwright/test";
import { localText } from "../../app/domain/listening-ranges";
import type { ConsoleSession } from "../../tests/support/console-session";
import { withoutScripts } from "./fleet-api";

export interface HistoryRow {
  /** The row's time (its <time dateTime>), ms since the epoch. */
  at: number;
  /** The count as shown, or null where the table says it is not known. */
  listeners: number | null;
}

/** The text the table shows for a time nothing is known of (listening.json chart.noData). */
const notKnown = "not known";

function cellText(html: string) {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;|\u202f|\u00a0/g, " ")
    .trim();
}

/**
 * /listening over a range that starts once the history has begun (`from`: any time after the
 * sampler's first round): the chart and its table show every sample as it is. A preset range
 * reaching back before the history began shows the most per period instead.
 */
export function samplesPath(from: number, focus: { station?: string; channel?: number } = {}) {
  const minute = 60_000;
  const search = new URLSearchParams({
    range: "custom",
    from: localText(Math.floor(from / minute) * minute),
    to: localText(from + 3 * 60 * minute),
  });
  if (focus.station) search.set("station", focus.station);
  if (focus.channel !== undefined) search.set("channel", String(focus.channel));
  return `/listening?${search}`;
}

/** The rows of the chart's data table on a /listening page. */
export function historyRows(html: string): HistoryRow[] {
  const table = /<details class="listeners-chart-table"[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1];
  if (table === undefined) throw new Error("the page has no data table of the chart");
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => {
    const at = /<time dateTime="([^"]+)"/i.exec(row!)?.[1];
    const cells = [...row!.matchAll(/<td>([\s\S]*?)<\/td>/g)].map(([, cell]) => cellText(cell!));
    const shown = cells[1] ?? "";
    expect(at, `a row's time: ${row}`).toBeDefined();
    if (shown !== notKnown) expect(shown, "a count").toMatch(/^[\d,.]+$/);
    return { at: Date.parse(at!), listeners: shown === notKnown ? null : Number(shown.replace(/[,.]/g, "")) };
  });
}

/** The entries of "Times without counts" (from, to and reason as the page says them). */
export function historyGaps(html: string): string[] {
  const section = /<section aria-labelledby="gaps-title">([\s\S]*?)<\/section>/.exec(html)?.[1];
  if (section === undefined) return [];
  return [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) => cellText(item!).replace(/\s+/g, " "));
}

/** The listener history page as the signed-in user gets it, without its scripts. */
export async function historyPage(session: Pick<ConsoleSession, "fetch">, path = "/listening") {
  const response = await session.fetch(path, { headers: { "accept-language": "en" } });
  expect(response.status, path).toBe(200);
  return withoutScripts(await response.text());
}

/** The counts the rows show from the first known one on (the history before it started is not known). */
export function countsShown(rows: readonly HistoryRow[]) {
  const first = rows.findIndex((row) => row.listeners !== null);
  return first < 0 ? [] : rows.slice(first).map((row) => row.listeners);
}

/** The listening sampler's rounds a console process counted, by outcome, from its /metrics. */
export async function samplerRounds(url: string, metricsToken: string) {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toContain("# TYPE console_listening_rounds_total counter");
  const rounds: Partial<Record<"stored" | "gap" | "notStored", number>> = {};
  for (const [, outcome, value] of text.matchAll(/^console_listening_rounds_total\{outcome="(\w+)"\} (\d+)/gm))
    rounds[outcome as keyof typeof rounds] = Number(value);
  const all = Object.values(rounds).reduce((sum, count) => sum + (count ?? 0), 0);
  return { ...rounds, all };
}
