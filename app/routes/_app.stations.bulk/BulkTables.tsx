// The bulk pages' two tables, a page of rows each: the stations an action acts on (with the
// fingerprint an Accept sends, the firmware from → to, the listeners it disconnects, or that a
// station to remove is running) and the stations it skips, with why.
import { useTranslation } from "react-i18next";
import { skipReasonKey, type BulkAction, type PlannedStation } from "~/domain/bulk-actions";
import { Code } from "~/components/ui/code";
import { Table, TableScroll } from "~/components/ui/table";
import type { SkippedStation } from "./pages.server";
import { StationCell } from "./StationCell";

/** What the confirmation says beside a station acted on, as a locale key and values; null for nothing. */
function noteOf(action: BulkAction, station: PlannedStation) {
  if (action === "remove") return station.isRunning ? { key: "bulk.notes.running" } : null;
  if ((action === "reboot" || action === "updateFirmware") && station.listenerCount > 0)
    return { key: "bulk.notes.listeners", values: { count: station.listenerCount } };
  return null;
}

export function ActTable({
  action,
  stations,
  labelledBy,
}: {
  action: BulkAction;
  stations: PlannedStation[];
  labelledBy: string;
}) {
  const { t } = useTranslation("stations");
  const hasNotes = stations.some((station) => noteOf(action, station) !== null);
  return (
    <TableScroll minWidth={400}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs">
        <thead>
          <tr>
            <th scope="col">{t("bulk.columns.station")}</th>
            {action === "accept" ? <th scope="col">{t("bulk.columns.fingerprint")}</th> : null}
            {action === "updateFirmware" ? <th scope="col">{t("bulk.columns.firmware")}</th> : null}
            {hasNotes ? <th scope="col">{t("bulk.columns.note")}</th> : null}
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => {
            const note = noteOf(action, station);
            return (
              <tr key={station.serialNumber}>
                <td>
                  <StationCell serialNumber={station.serialNumber} name={station.name} />
                </td>
                {action === "accept" ? (
                  <td>
                    <Code>{station.fingerprint}</Code>
                  </td>
                ) : null}
                {action === "updateFirmware" ? (
                  <td>
                    {t("bulk.firmwareChange", { from: station.currentFirmwareVersion, to: station.targetVersion })}
                  </td>
                ) : null}
                {hasNotes ? <td>{note ? t(note.key, note.values) : null}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </TableScroll>
  );
}

export function SkipTable({ stations, labelledBy }: { stations: SkippedStation[]; labelledBy: string }) {
  const { t } = useTranslation("stations");
  return (
    <TableScroll minWidth={400}>
      <Table aria-labelledby={labelledBy} verticalSpacing="xs">
        <thead>
          <tr>
            <th scope="col">{t("bulk.columns.station")}</th>
            <th scope="col">{t("bulk.columns.reason")}</th>
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => (
            <tr key={station.serialNumber}>
              <td>
                {station.reason === "gone" ? (
                  station.serialNumber
                ) : (
                  <StationCell serialNumber={station.serialNumber} name={station.name} />
                )}
              </td>
              <td>{t(skipReasonKey(station.reason))}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
