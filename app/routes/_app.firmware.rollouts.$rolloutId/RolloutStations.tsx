// Each station of a rollout: its wave, its state, and a note — why it waits, why it was skipped,
// what it failed with — and, while it updates, the Manager's status and progress.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Table, TableScroll } from "~/components/ui/table";
import type { RolloutStationState } from "~/records/rollouts";
import { stationNote, stationStateColor } from "~/rollouts/texts";

export interface RolloutStationRow {
  serialNumber: string;
  wave: number;
  state: RolloutStationState;
  version: string | null;
  message: string | null;
  /** The Manager's update status and progress while it updates, e.g. "Downloading 40 %". */
  live: string | null;
}

export function RolloutStations({ stations }: { stations: RolloutStationRow[] }) {
  const { t } = useTranslation("stations");
  const { t: tAny } = useTranslation();
  return (
    <TableScroll minWidth={560} stacked>
      <Table aria-label={t("rollouts.stationsCaption")} verticalSpacing="xs" stacked>
        <thead>
          <tr>
            <th scope="col">{t("rollouts.columns.station")}</th>
            <th scope="col">{t("rollouts.columns.wave")}</th>
            <th scope="col">{t("rollouts.columns.firmware")}</th>
            <th scope="col">{t("rollouts.columns.state")}</th>
            <th scope="col">{t("rollouts.columns.note")}</th>
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => {
            const note = stationNote(station.message);
            return (
              <tr key={station.serialNumber}>
                <td data-label={t("rollouts.columns.station")}>
                  <Link to={`/stations/${encodeURIComponent(station.serialNumber)}/firmware`}>
                    {station.serialNumber}
                  </Link>
                </td>
                <td data-label={t("rollouts.columns.wave")}>
                  <span>{station.wave + 1}</span>
                </td>
                <td data-label={t("rollouts.columns.firmware")}>
                  <span>{station.version ?? ""}</span>
                </td>
                <td data-label={t("rollouts.columns.state")}>
                  <Badge color={stationStateColor[station.state]}>{t(`rollouts.stationStates.${station.state}`)}</Badge>
                </td>
                <td data-label={t("rollouts.columns.note")}>
                  <span>{note ? tAny(note.key, note.values) : (station.live ?? "")}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}
