// The Log tab: the station's recent system events from the Manager, newest first, paged.
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/DataTable";
import type { SystemEventType } from "~/contract/enums";
import type { TableState } from "~/utils/table-state";
import { Badge } from "~/components/ui/badge";
import { Text } from "~/components/ui/text";

export interface StationLogEntry {
  id: string;
  dateTime: string;
  date: string;
  type: SystemEventType;
  code: string;
  parameters: Record<string, string>;
}

const typeNames = { 0: "unknown", 1: "info", 2: "warning", 3: "error" } as const;
const typeColors = {
  0: { color: "gray", variant: "default" },
  1: { color: "green", variant: "light" },
  2: { color: "orange", variant: "light" },
  3: { color: "red", variant: "light" },
} as const;

export function StationLogTable({
  entries,
  state,
  total,
}: {
  entries: StationLogEntry[];
  state: TableState;
  total: number;
}) {
  const { t } = useTranslation("stations");
  const columns: Column<StationLogEntry>[] = [
    {
      key: "date",
      label: t("log.columns.date"),
      render: (entry) => <time dateTime={entry.dateTime}>{entry.date}</time>,
    },
    {
      key: "type",
      label: t("log.columns.type"),
      render: (entry) => (
        <Badge {...typeColors[entry.type]} radius="sm" style={{ textTransform: "none" }}>
          {t(`log.types.${typeNames[entry.type]}`)}
        </Badge>
      ),
    },
    {
      key: "message",
      label: t("log.columns.message"),
      render: (entry) => (
        <Text size="sm">
          {t(`log.codes.${entry.code}`, {
            ...entry.parameters,
            defaultValue: t("log.unknownCode", { code: entry.code }),
          })}
        </Text>
      ),
    },
  ];
  return (
    <DataTable
      caption={t("log.caption")}
      columns={columns}
      rows={entries}
      rowKey={(entry) => entry.id}
      state={state}
      total={total}
      emptyText={t("log.empty")}
    />
  );
}
