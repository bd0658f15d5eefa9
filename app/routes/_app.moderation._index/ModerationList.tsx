// The moderation list: a sortable, searchable table of the channels to moderate.
import { useTranslation } from "react-i18next";
import { DataTable, SearchForm, type Column } from "~/components/DataTable";
import { ChannelProperties } from "~/components/ChannelProperties";
import { RefreshLink } from "~/components/RefreshLink";
import { stationLabel } from "~/domain/moderation-list";
import type { ModerationListRow } from "./route";
import type { TableState } from "~/utils/table-state";
import { LinkAnchor } from "~/components/ui/anchor";

const monospace = { fontFamily: "var(--mantine-font-family-monospace)" };
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";
import { Title } from "~/components/ui/title";

export function moderationDetailsPath(row: { stationSerialNumber: string; index: number }) {
  return `/moderation/${encodeURIComponent(row.stationSerialNumber)}/${row.index}`;
}

export interface ModerationListProps {
  rows: ModerationListRow[];
  total: number;
  totals: { channels: number; waiting: number };
  state: TableState;
  pageSizes: readonly number[];
}

export function ModerationList({ rows, total, totals, state, pageSizes }: ModerationListProps) {
  const { t } = useTranslation("moderation");
  const columns: Column<ModerationListRow>[] = [
    {
      key: "channel",
      label: t("list.columns.channel"),
      sortable: true,
      isRowHeader: true,
      render: (row) => (
        <LinkAnchor to={moderationDetailsPath(row)} fw={600}>
          {row.name}
        </LinkAnchor>
      ),
    },
    {
      key: "channelId",
      label: t("list.columns.channelId"),
      sortable: true,
      render: (row) => <Text style={monospace}>{row.channelId}</Text>,
    },
    { key: "station", label: t("list.columns.station"), sortable: true, render: (row) => stationLabel(row) },
    {
      key: "speakersWaiting",
      label: t("list.columns.speakersWaiting"),
      sortable: true,
      render: (row) => <span data-testid={`speakers-waiting-${row.id}`}>{row.speakersWaiting}</span>,
    },
    { key: "properties", label: t("list.columns.properties"), render: (row) => <ChannelProperties channel={row} /> },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>{t("list.heading")}</Title>
      <Text>{t("list.intro")}</Text>
      <Group justify="space-between" align="flex-end">
        <SearchForm state={state} label={t("list.search")} />
        <Stack gap={4} align="flex-end">
          <Text role="status" aria-live="polite" data-testid="moderation-summary">
            {t("list.summary", { count: totals.waiting, channels: totals.channels })}
          </Text>
          <RefreshLink />
        </Stack>
      </Group>
      <DataTable
        caption={t("list.caption")}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        state={state}
        total={total}
        pageSizes={pageSizes}
        emptyText={state.search ? t("list.noMatches") : t("list.empty")}
      />
    </Stack>
  );
}
