// The stations list (operations.md §2): Station, Status, Firmware Version, IP (control and
// streaming), Channels in Use, and Accept / Reject for unauthorized stations; for Admins and
// Owners a checkbox per row to choose it for a bulk action (issue 27).
import { Link, useSubmit } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ConfirmLink } from "~/components/ConfirmDialog";
import { DataTable, type Column } from "~/components/DataTable";
import { StationStateBadgeLabelled } from "~/components/stations/StationStateBadge";
import { connectionStateLabelKey } from "~/domain/station-state";
import type { StationRow } from "~/components/stations/views";
import type { TableState } from "~/utils/table-state";
import { textTemplate } from "~/i18n/text-template";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { choiceFormId, type Choice } from "./ChoiceBar";
import { chooseHandler } from "./forms";
import { Group } from "~/components/ui/group";
import { Stack } from "~/components/ui/stack";
import { Text } from "~/components/ui/text";

type IpTexts = Record<"control" | "streaming", (values: { ip: string }) => string>;

/** A function, not a component: one `useTranslation` and one lookup per text for the table, not per row. */
function ipAddresses(row: StationRow, texts: IpTexts) {
  if (!row.controlIp && !row.streamingIp) return <Text size="sm">—</Text>;
  if (row.controlIp === row.streamingIp) return <Text size="sm">{row.controlIp}</Text>;
  return (
    <Stack gap={0}>
      <Text size="sm">{texts.control({ ip: row.controlIp || "—" })}</Text>
      <Text size="sm">{texts.streaming({ ip: row.streamingIp || "—" })}</Text>
    </Stack>
  );
}

function AuthorizationActions({ row }: { row: StationRow }) {
  const { t } = useTranslation("stations");
  const reasonId = `not-ready-${row.serialNumber}`;
  const forStation = <span className="visually-hidden"> {row.serialNumber}</span>;
  return (
    <Stack gap={4}>
      {/* Wraps on a narrow screen, so the list fits a 1024 px kiosk without scrolling sideways. */}
      <Group spaced gap="xs" wrap="wrap">
        {row.isReady ? (
          <ConfirmLink name="accept" extra={{ station: row.serialNumber }} size="xs">
            {t("authorization.accept")}
            {forStation}
          </ConfirmLink>
        ) : (
          <Button size="xs" disabled aria-describedby={reasonId}>
            {t("authorization.accept")}
            {forStation}
          </Button>
        )}
        <ConfirmLink name="reject" extra={{ station: row.serialNumber }} size="xs" variant="default">
          {t("authorization.reject")}
          {forStation}
        </ConfirmLink>
      </Group>
      {row.isReady ? null : (
        <Text size="xs" dimmed id={reasonId}>
          {t("authorization.notReadyShort")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Choosing a row: a checkbox of the choice bar's form. With JavaScript a change is saved at once,
 * the one station alone (clicks in a row never undo each other).
 */
function ChooseBox({ row, choice, isChosen }: { row: StationRow; choice: Choice; isChosen: boolean }) {
  const { t } = useTranslation("stations");
  const submit = useSubmit();
  return (
    <Checkbox
      form={choiceFormId}
      name="chosen"
      value={row.serialNumber}
      defaultChecked={isChosen}
      label={
        <span className="visually-hidden">
          {row.name
            ? t("bulk.chooseNamedStation", { name: row.name, serialNumber: row.serialNumber })
            : t("bulk.chooseStation", { serialNumber: row.serialNumber })}
        </span>
      }
      onChange={(event) =>
        submit(
          {
            intent: chooseHandler.intent,
            selection: choice.selectionId,
            shown: JSON.stringify([row.serialNumber]),
            ...(event.currentTarget.checked ? { chosen: row.serialNumber } : {}),
          },
          { method: "post", preventScrollReset: true, replace: true },
        )
      }
    />
  );
}

export function StationsTable({
  rows,
  state,
  total,
  canAuthorize,
  choice,
  chosenOnPage,
  emptyText,
}: {
  rows: StationRow[];
  state: TableState;
  total: number;
  canAuthorize: boolean;
  /** The choice, for Admins and Owners; null hides the checkboxes. */
  choice: Choice | null;
  /** The serial numbers of this page's chosen rows. */
  chosenOnPage: string[];
  emptyText?: string;
}) {
  const { t } = useTranslation("stations");
  const { t: tCommon } = useTranslation();
  const chosen = new Set(chosenOnPage);
  const ipTexts: IpTexts = {
    control: textTemplate(t, "list.controlIp", ["ip"]),
    streaming: textTemplate(t, "list.streamingIp", ["ip"]),
  };
  const channelsInUse = textTemplate(t, "list.channelsInUse", ["inUse", "total"]);
  const columns: Column<StationRow>[] = [
    ...(choice
      ? [
          {
            key: "choose",
            label: t("bulk.chooseColumn"),
            render: (row: StationRow) => (
              // Keyed by the server's answer: a cleared or widened choice redraws the box.
              <ChooseBox
                key={`${row.serialNumber}:${chosen.has(row.serialNumber)}`}
                row={row}
                choice={choice}
                isChosen={chosen.has(row.serialNumber)}
              />
            ),
          },
        ]
      : []),
    {
      key: "name",
      label: t("list.columns.station"),
      sortable: true,
      isRowHeader: true,
      render: (row) => (
        <Stack gap={0}>
          <Link to={`/stations/${encodeURIComponent(row.serialNumber)}`}>{row.name ?? row.serialNumber}</Link>
          {row.name ? (
            <Text size="xs" dimmed>
              {row.serialNumber}
            </Text>
          ) : null}
        </Stack>
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
      emptyText={emptyText ?? (state.search ? t("list.noMatches", { search: state.search }) : t("list.empty"))}
    />
  );
}
