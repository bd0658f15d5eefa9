// What the bulk pages send to the browser: never a whole fleet's rows (issue 33). The
// confirmation and the result say how many stations end how — per skip reason, per failure — and
// show one page of rows; the full lists are paged views of their own (`&list=act`, `&list=skip`,
// the result's `&page=`). The plan and its digest still cover every station.
import type { BulkAction, BulkOptions, PlannedStation, SkipReason } from "~/domain/bulk-actions";
import type { AuditCounts } from "~/records/audit-log";
import { pageOf, type Page } from "~/utils/paging";
import type { BulkConfirmation, BulkResult, BulkResultRow } from "./bulk.server";

/** Rows on a page of any bulk list. */
export const bulkPageSize = 50;

export type BulkList = "act" | "skip";

export function bulkListOf(value: string | null): BulkList | null {
  return value === "act" || value === "skip" ? value : null;
}

export interface SkippedStation {
  serialNumber: string;
  name: string | null;
  reason: SkipReason;
}

export interface ReasonCount {
  reason: SkipReason;
  count: number;
}

/** How many of the stations are skipped for each reason, the most frequent first. */
function countByReason(stations: readonly SkippedStation[]) {
  const counts = new Map<SkipReason, number>();
  for (const { reason } of stations) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts]
    .map(([reason, count]): ReasonCount => ({ reason, count }))
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

function skippedOf(confirmation: BulkConfirmation): SkippedStation[] {
  return [
    ...confirmation.plan.skip.map(({ serialNumber, name, skip }) => ({ serialNumber, name, reason: skip! })),
    ...confirmation.gone.map((serialNumber) => ({ serialNumber, name: null, reason: "gone" as const })),
  ];
}

interface ConfirmationBase {
  action: BulkAction;
  selectionId: string | null;
  options: BulkOptions;
}

export interface BulkConfirmationData extends ConfirmationBase {
  view: "confirm";
  act: {
    total: number;
    /** The first page of the stations acted on. */
    rows: PlannedStation[];
    /** Of those acted on: how many have listeners now (disconnected), how many run (Remove warns). */
    withListeners: number;
    running: number;
  };
  skip: { total: number; byReason: ReasonCount[]; rows: SkippedStation[] };
  /** Update firmware: the versions it installs, with their EULAs. */
  firmware: { version: string; eulaUrl: string }[];
  digest: string;
  submissionId: string;
}

export function confirmationPage(
  base: ConfirmationBase,
  confirmation: BulkConfirmation,
  submissionId: string,
): BulkConfirmationData {
  const { act } = confirmation.plan;
  const skipped = skippedOf(confirmation);
  return {
    ...base,
    view: "confirm",
    act: {
      total: act.length,
      rows: act.slice(0, bulkPageSize),
      withListeners: act.filter((station) => station.listenerCount > 0).length,
      running: act.filter((station) => station.isRunning).length,
    },
    skip: {
      total: skipped.length,
      byReason: countByReason(skipped),
      rows: skipped.slice(0, bulkPageSize),
    },
    firmware: Object.values(confirmation.firmware).map(({ version, eulaUrl }) => ({ version, eulaUrl })),
    digest: confirmation.digest,
    submissionId,
  };
}

export type BulkListData = ConfirmationBase & { view: "list" } & (
    { list: "act"; page: Page<PlannedStation> } | { list: "skip"; page: Page<SkippedStation> }
  );

export function listPage(
  base: ConfirmationBase,
  confirmation: BulkConfirmation,
  list: BulkList,
  requestedPage: string | null,
): BulkListData {
  return list === "act"
    ? { ...base, view: "list", list, page: pageOf(confirmation.plan.act, requestedPage, bulkPageSize) }
    : { ...base, view: "list", list, page: pageOf(skippedOf(confirmation), requestedPage, bulkPageSize) };
}

export interface BulkResultData {
  view: "result";
  action: BulkAction;
  selectionId: string | null;
  counts: AuditCounts;
  /** Why stations were skipped or failed, with how many each; the most frequent first. */
  reasons: (({ kind: "skipped"; reason: SkipReason } | { kind: "failed"; messageKey: string }) & { count: number })[];
  /** Failed first (what needs looking at), then done, then skipped. */
  page: Page<BulkResultRow>;
}

const outcomeOrder = { failed: 0, done: 1, skipped: 2 } as const;

/** Why stations were skipped or failed, with how many each, the most frequent first. */
function reasonsOf(rows: readonly BulkResultRow[]): BulkResultData["reasons"] {
  const reasons = new Map<string, BulkResultData["reasons"][number]>();
  for (const { outcome } of rows) {
    if (outcome.kind === "done") continue;
    const key = outcome.kind === "skipped" ? `skipped:${outcome.reason}` : `failed:${outcome.messageKey}`;
    const counted = reasons.get(key);
    if (counted) counted.count += 1;
    else reasons.set(key, { ...outcome, count: 1 });
  }
  return [...reasons.values()].sort((a, b) => b.count - a.count);
}

export function resultPage(
  result: BulkResult,
  selectionId: string | null,
  counts: AuditCounts,
  requestedPage: string | null,
): BulkResultData {
  const ordered = [...result.rows].sort((a, b) => outcomeOrder[a.outcome.kind] - outcomeOrder[b.outcome.kind]);
  return {
    view: "result",
    action: result.action,
    selectionId,
    counts,
    reasons: reasonsOf(result.rows),
    page: pageOf(ordered, requestedPage, bulkPageSize),
  };
}
