// The audit log's CSV: one line per record, its columns stable names for tools. Every cell by the
// log's one rule for hidden characters (escaped, as the store keeps them and the screen shows
// them), records kept before the rule included: a value in the changes cell is JSON of the text
// the screen shows.
import { showHiddenCharacters } from "~/domain/text-fields";
import { escapedValue, type AuditChange, type AuditOutcome, type AuditRecord } from "~/records/audit-log";

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
    : `${change.field}: ${JSON.stringify(escapedValue(change.old ?? null))} → ${JSON.stringify(escapedValue(change.new ?? null))}`;

/** An act over many parts: how many were done, failed and skipped (empty for any other). */
function countCells(outcome: AuditOutcome): string[] {
  const counts = outcome.kind === "partly" || outcome.kind === "failed" ? outcome.counts : undefined;
  return counts ? [String(counts.done), String(counts.failed), String(counts.skipped)] : ["", "", ""];
}

export function recordCells(record: AuditRecord): string[] {
  const { outcome, target, user } = record;
  const cells = [
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
  return cells.map(showHiddenCharacters);
}
