// Fleet work over plain HTTP, as a browser without JavaScript sends it: a choice on /stations, a
// bulk confirmation's form, a rollout's start, and the audit log's records of it (its CSV).
import { randomUUID } from "node:crypto";
import { expect } from "@playwright/test";
import { managerPaths } from "../../app/contract/paths";
import { parseCsv } from "../../app/domain/csv";
import type { ConsoleSession } from "../../tests/support/console-session";
import { simulator } from "./simulator";

export const formHeaders = { "content-type": "application/x-www-form-urlencoded" };

export interface ApiStation {
  serialNumber: string;
  name: string | null;
  type: number;
  currentFirmwareVersion: string;
  latestFirmwareVersion: string | null;
  deviceState: { computedState: string; isReady: boolean };
  authorization: { isAuthorized: boolean };
}

export async function fleet(): Promise<ApiStation[]> {
  const list = (await simulator.api("admin", "GET", `${managerPaths.stations()}?take=1000`)) as {
    stations: ApiStation[];
  };
  return list.stations;
}

/** A new choice holding `serialNumbers`, made as the list's form makes it; its id. */
export async function choose(session: ConsoleSession, serialNumbers: string[]): Promise<string> {
  const selection = randomUUID();
  const body = new URLSearchParams({ intent: "choose", selection, shown: JSON.stringify(serialNumbers) });
  for (const serialNumber of serialNumbers) body.append("chosen", serialNumber);
  const response = await session.fetch("/stations?index", { method: "POST", headers: formHeaders, body });
  expect(response.status).toBe(302);
  return selection;
}

/** The hidden fields of the page's POST form that carries a submission id (a confirmation's, a start's). */
export function postFormFields(html: string): Record<string, string> {
  const forms = [...html.matchAll(/<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/g)].map((form) => form[1]!);
  const form = forms.find((candidate) => candidate.includes('name="submissionId"')) ?? "";
  const fields: Record<string, string> = {};
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[name!] = value!;
  }
  return fields;
}

/** A page without its scripts: they carry every text of the locale, said or not. */
export function withoutScripts(html: string) {
  return html.replace(/<script[\s\S]*?<\/script>/g, "");
}

/** A page as the signed-in user gets it, its scripts left out (see withoutScripts). */
export async function pageText(session: ConsoleSession, path: string, language = "en") {
  const response = await session.fetch(path, { headers: { "accept-language": language } });
  expect(response.status, path).toBe(200);
  return withoutScripts(await response.text());
}

/** The confirmation of `action` on the choice, and its form's fields. */
export async function confirmation(session: ConsoleSession, action: string, selection: string, extra = "") {
  const path = `/stations/bulk?action=${action}&selection=${selection}${extra}`;
  const html = await pageText(session, path);
  return { path, html, fields: postFormFields(html) };
}

export function post(session: ConsoleSession, path: string, fields: Record<string, string>, language = "en") {
  return session.fetch(path, {
    method: "POST",
    headers: { ...formHeaders, "accept-language": language },
    body: new URLSearchParams(fields),
  });
}

export type AuditRow = Record<string, string>;

/** The audit log's records of `action` since `since` (an ISO time), newest first, from its CSV. */
export async function auditRows(session: ConsoleSession, action: string, since: string): Promise<AuditRow[]> {
  const response = await session.fetch(`/auditLog/download?${new URLSearchParams({ action })}`);
  if (response.status !== 200) return [];
  const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
  return rows
    .map((cells) => Object.fromEntries(header!.map((name, index) => [name, cells[index] ?? ""])))
    .filter((row) => row.action === action && row.time! >= since);
}

/** The rollout's id a start's answer leads to. */
export function startedRolloutId(response: Response): string {
  expect(response.status).toBe(302);
  const location = response.headers.get("location") ?? "";
  expect(location).toMatch(/^\/firmware\/rollouts\/\d+$/);
  return location.split("/").at(-1)!;
}

/** Starts a rollout of the choice's stations to `version`, in one wave, waiting for listeners. */
export function startRollout(session: ConsoleSession, selection: string, version: string) {
  return post(session, "/firmware/rollouts?index", {
    intent: "startRollout",
    selection,
    submissionId: randomUUID(),
    source: "selection",
    "version-2": version,
    firstWaveSize: "5",
    waveSize: "5",
    eulaAccepted: "on",
  });
}
