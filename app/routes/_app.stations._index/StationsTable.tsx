// The stations list (operations.md §2): Station, Status, Firmware Version, IP (control and
// streaming), Channels in Use, and Accept / Reject for unauthorized stations.
import { PlainButton } from "~/components/plain-button";
import { Stack } from "#mantine/core/components/Stack/Stack.mjs";
import { Text } from "#mantine/core/components/Text/Text.mjs";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { DataTable, type Column } from "~/components/DataTable";
import { PlainStack, PlainText } from "~/components/plain";
import { SpacedGroup } from "~/components/SpacedGroup";
import { StationStateBadgeLabelled } from "~/components/stations/StationStateBadge";
import { connectionStateLabelKey } from "~/domain/station-state";
import type { StationRow } from "~/components/stations/views";
import type { TableState } from "~/utils/table-state";
import { textTemplate } from "~/i18n/text-template";

type IpTexts = Record<"control" | "streaming", (values: { ip: string }) => string>;

/** A function, not a component: one `useTranslation` and one lookup per text for the table, not per row. */
function ipAddresses(row: StationRow, texts: IpTexts) {
  if (!row.controlIp && !row.streamingIp) return <PlainText size="sm">—</PlainText>;
  if (row.controlIp === row.streamingIp) return <PlainText size="sm">{row.controlIp}</PlainText>;
  return (
    <PlainStack gap={0}>
      <PlainText size="sm">{texts.control({ ip: row.controlIp || "—" })}</PlainText>
      <PlainText size="sm">{texts.streaming({ ip: row.streamingIp || "—" })}</PlainText>
    </PlainStack>
  );
}

function AuthorizationActions({ row }: { row: StationRow }) {
  const { t } = useTranslation("stations");
  const reasonId = `not-ready-${row.serialNumber}`;
  const forStation = <span className="visually-hidden"> {row.serialNumber}</span>;
  return (
    <Stack gap={4}>
      {/* Wraps on a narrow screen, so the list fits a 1024 px kiosk without scrolling sideways. */}
      <SpacedGroup gap="xs" wrap="wrap">
        {row.isReady ? (
          <ConfirmLink name="accept" extra={{ station: row.serialNumber }} size="xs">
            {t("authorization.accept")}
            {forStation}
          </ConfirmLink>
        ) : (
          <PlainButton size="xs" disabled aria-describedby={reasonId}>
            {t("authorization.accept")}
            {forStation}
          </PlainButton>
        )}
        <ConfirmLink name="reject" extra={{ station: row.serialNumber }} size="xs" variant="default">
          {t("authorization.reject")}
          {forStation}
        </ConfirmLink>
      </SpacedGroup>
      {row.isReady ? null : (
        <Text size="xs" c="dimmed" id={reasonId}>
          {t("authorization.notReadyShort")}
        </Text>
      )}
    </Stack>
  );
}

export function StationsTable({
  rows,
  state,
  total,
  canAuthorize,
}: {
  rows: StationRow[];
  state: TableState;
  total: number;
  canAuthorize: boolean;
}) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const ipTexts: IpTexts = {
    control: textTemplate(t, "list.controlIp", ["ip"]),
    streaming: textTemplate(t, "list.streamingIp", ["ip"]),
  };
  const channelsInUse = textTemplate(t, "list.channelsInUse", ["inUse", "total"]);
  const columns: Column<StationRow>[] = [
    {
      key: "name",
      label: t("list.columns.station"),
      sortable: true,
      isRowHeader: true,
      render: (row) => (
        <PlainStack gap={0}>
          <Link to={`/stations/${encodeURIComponent(row.serialNumber)}`}>{row.name ?? row.serialNumber}</Link>
          {row.name ? (
            <PlainText size="xs" dimmed>
              {row.serialNumber}
            </PlainText>
          ) : null}
        </PlainStack>
      ),
    },
    {
      key: "status",
      label: t("list.columns.status"),
      sortable: true,
      render: (row) => (
        <StationStateBadgeLabelled
          state={row.computedState}
          label={tCommon(connectionStateLabelKey(row.computedState))}
        />
      ),
    },
    {
      key: "firmwareVersion",
      label: t("list.columns.firmwareVersion"),
      sortable: true,
      render: (row) => row.firmwareVersion,
    },
    { key: "ip", label: t("list.columns.ip"), sortable: true, render: (row) => ipAddresses(row, ipTexts) },
    {
      key: "channelsInUse",
      label: t("list.columns.channelsInUse"),
      sortable: true,
      render: (row) => channelsInUse({ inUse: row.channelsInUse, total: row.channelCount }),
    },
  ];
  if (canAuthorize) {
    columns.push({
      key: "authorization",
      label: t("list.columns.authorization"),
      render: (row) => (row.computedState === "Unauthorized" ? <AuthorizationActions row={row} /> : null),
    });
  }
  return (
    <DataTable
      caption={t("list.caption")}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.serialNumber}
      state={state}
      total={total}
      emptyText={state.search ? t("list.noMatches", { search: state.search }) : t("list.empty")}
    />
  );
}
