// The audit log's CSV: one line per record, its columns stable names for tools.
import type { AuditChange, AuditOutcome, AuditRecord } from "~/records/audit-log";

export const auditCsvColumns = [
  "time",
  "requestId",
  "userId",
  "userName",
  "role",
  "action",
  "targetKind",
  "serialNumber",
  "channelIndex",
  "targetId",
  "targetLabel",
  "changes",
  "outcome",
  "reason",
  "managerStatus",
  "done",
  "failed",
  "skipped",
] as const;

const changeCell = (change: AuditChange) =>
  change.secret
    ? `${change.field}: changed`
    : `${change.field}: ${JSON.stringify(change.old ?? null)} → ${JSON.stringify(change.new ?? null)}`;

/** An act over many parts: how many were done, failed and skipped (empty for any other). */
function countCells(outcome: AuditOutcome): string[] {
  const counts = outcome.kind === "partly" || outcome.kind === "failed" ? outcome.counts : undefined;
  return counts ? [String(counts.done), String(counts.failed), String(counts.skipped)] : ["", "", ""];
}

export function recordCells(record: AuditRecord): string[] {
  const { outcome, target, user } = record;
  return [
    record.time,
    record.requestId,
    user?.id ?? "",
    user?.name ?? "",
    user?.role ?? "",
    record.action,
    target.kind ?? "",
    target.serialNumber ?? "",
    target.channelIndex === undefined ? "" : String(target.channelIndex),
    target.id ?? "",
    target.label ?? "",
    record.changes.map(changeCell).join("; "),
    outcome.kind,
    outcome.kind === "refused" ? outcome.reason : outcome.kind === "failed" ? (outcome.message ?? "") : "",
    outcome.kind === "failed" && outcome.managerStatus !== undefined ? String(outcome.managerStatus) : "",
    ...countCells(outcome),
  ];
}
