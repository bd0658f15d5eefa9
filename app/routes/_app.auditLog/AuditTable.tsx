// The records, newest first: when (in the console's time zone, named once in the heading), who,
// what in words (the identifier beneath, for support), on which target (linked to its station,
// channel or rollout), what changed by the fields' names (secrets only as "changed") and how it
// ended, with the request id to find its log lines. Every text with its hidden characters written
// out as escapes: the store keeps them so (issue 33), and records kept before that are shown by
// the same rule.
import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/DataTable";
import { Badge, type BadgeColor } from "~/components/ui/badge";
import { Code } from "~/components/ui/code";
import { Text } from "~/components/ui/text";
import { showHiddenCharacters } from "~/domain/text-fields";
import type { AuditChange, AuditOutcome, AuditRecord, AuditTarget, AuditValue } from "~/records/audit-log";
import type { TableState } from "~/utils/table-state";
import { auditActionText, auditFieldText } from "./action-words";
import { auditPageSizes } from "./page";

export type AuditRow = AuditRecord & { timeText: string };

const outcomeColors: Record<AuditOutcome["kind"], BadgeColor> = {
  done: "green",
  partly: "orange",
  refused: "orange",
  failed: "red",
};

function valueText(value: AuditValue | undefined, t: TFunction<"admin">): string {
  if (value === undefined || value === null || value === "") return t("auditLog.noValue");
  // A yes or no, as a form's hidden field sends it ("true") when there was no value before to type it.
  if (value === true || value === "true") return t("auditLog.values.yes");
  if (value === false || value === "false") return t("auditLog.values.no");
  if (Array.isArray(value)) return value.map((item) => valueText(item, t)).join(", ");
  return showHiddenCharacters(typeof value === "string" ? value : JSON.stringify(value));
}

function changeText(change: AuditChange, t: TFunction<"admin">) {
  const field = showHiddenCharacters(auditFieldText(t, change.field));
  if (change.secret) return `${field}: ${t("auditLog.changed")}`;
  if (change.old === undefined) return `${field}: ${valueText(change.new, t)}`;
  return `${field}: ${valueText(change.old, t)} → ${valueText(change.new, t)}`;
}

function TargetCell({ target }: { target: AuditTarget }) {
  const { t } = useTranslation("admin");
  const { kind, serialNumber, channelIndex, label, id } = target;
  if (kind === "channel" && serialNumber && channelIndex !== undefined)
    return (
      <Link to={`/stations/${encodeURIComponent(serialNumber)}/channels/${channelIndex}`}>
        {t("auditLog.targets.channel", { serialNumber: showHiddenCharacters(serialNumber), channelIndex })}
      </Link>
    );
  if (serialNumber)
    return (
      <Link to={`/stations/${encodeURIComponent(serialNumber)}`}>
        {t("auditLog.targets.station", { serialNumber: showHiddenCharacters(serialNumber) })}
        {label && label !== serialNumber ? ` (${showHiddenCharacters(label)})` : ""}
      </Link>
    );
  if (!kind) return <>—</>;
  // A station or channel named by its id alone (the App view's channels): by that id.
  const key = kind === "station" || kind === "channel" ? `${kind}ById` : kind;
  const text = t(`auditLog.targets.${key}`, { label: showHiddenCharacters(label ?? id ?? "") });
  if (kind === "rollout" && id) return <Link to={`/firmware/rollouts/${encodeURIComponent(id)}`}>{text}</Link>;
  return <>{text}</>;
}

/** The action in words, and its identifier beneath for support (and for a search of the logs). */
function ActionCell({ row }: { row: AuditRow }) {
  const { t } = useTranslation("admin");
  const text = auditActionText(t, row.action, row.changes);
  const identifier = showHiddenCharacters(row.action);
  return (
    <div>
      <div>{text}</div>{" "}
      {text === identifier ? null : (
        <Text size="xs" dimmed component="div">
          <Code title={t("auditLog.actionIdentifier", { action: identifier })}>{identifier}</Code>
        </Text>
      )}
    </div>
  );
}

/**
 * What follows the badge: a refusal's reason, a failure's Manager status or message, and how many
 * parts of an act over many ended how.
 */
function outcomeDetail(outcome: AuditOutcome, t: TFunction<"admin">): string {
  if (outcome.kind === "refused") return t(`auditLog.reasons.${outcome.reason}`, { defaultValue: outcome.reason });
  if (outcome.kind === "done") return "";
  if (outcome.counts) return t("auditLog.counts", { ...outcome.counts });
  if (outcome.kind !== "failed") return "";
  if (outcome.managerStatus !== undefined) return t("auditLog.managerStatus", { status: outcome.managerStatus });
  return showHiddenCharacters(outcome.message ?? "");
}

function OutcomeCell({ outcome }: { outcome: AuditOutcome }) {
  const { t } = useTranslation("admin");
  const detail = outcomeDetail(outcome, t);
  return (
    <div>
      <Badge color={outcomeColors[outcome.kind]}>{t(`auditLog.outcomes.${outcome.kind}`)}</Badge>
      {detail ? <Text size="sm">{detail}</Text> : null}
    </div>
  );
}

export function AuditTable({
  rows,
  state,
  total,
  timeZone,
}: {
  rows: AuditRow[];
  state: TableState;
  total: number;
  /** The zone the times are in (the console's), named once in the heading. */
  timeZone: string;
}) {
  const { t } = useTranslation("admin");
  const columns: Column<AuditRow>[] = [
    {
      key: "time",
      label: t("auditLog.columns.time", { zone: timeZone }),
      render: (row) => <time dateTime={row.time}>{row.timeText}</time>,
      isRowHeader: true,
    },
    {
      key: "user",
      label: t("auditLog.columns.user"),
      render: (row) => (row.user ? showHiddenCharacters(`${row.user.name} (${row.user.role})`) : t("auditLog.noUser")),
    },
    { key: "action", label: t("auditLog.columns.action"), render: (row) => <ActionCell row={row} /> },
    { key: "target", label: t("auditLog.columns.target"), render: (row) => <TargetCell target={row.target} /> },
    {
      key: "changes",
      label: t("auditLog.columns.changes"),
      render: (row) =>
        row.changes.length === 0 ? (
          "—"
        ) : (
          <ul className="audit-changes">
            {row.changes.map((change) => (
              <li key={change.field} title={showHiddenCharacters(change.field)}>
                {changeText(change, t)}
              </li>
            ))}
          </ul>
        ),
    },
    { key: "outcome", label: t("auditLog.columns.outcome"), render: (row) => <OutcomeCell outcome={row.outcome} /> },
    {
      key: "requestId",
      label: t("auditLog.columns.requestId"),
      render: (row) => <Code>{showHiddenCharacters(row.requestId)}</Code>,
    },
  ];
  return (
    <DataTable
      caption={t("auditLog.caption")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      state={state}
      total={total}
      pageSizes={auditPageSizes}
      emptyText={t("auditLog.empty")}
    />
  );
}
