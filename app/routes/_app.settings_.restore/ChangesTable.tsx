// The settings that would change, one row per field: a box to choose the setting (on its first
// row), the field, its value now and its value in the backup.
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Table, TableScroll } from "~/components/ui/table";
import type { FieldChange } from "~/domain/restore-plan";
import { changeTexts, settingText } from "~/venue-backup/texts";

interface Item {
  key: string;
  kind: string;
  channelIndex?: number;
  changes: FieldChange[];
}

export function ChangesTable({
  items,
  valueOf,
  caption,
}: {
  items: Item[];
  valueOf: (key: string) => string;
  caption: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <TableScroll minWidth={560}>
      <Table aria-label={caption}>
        <thead>
          <tr>
            <th scope="col">{t("venueBackup.restore.columns.setting")}</th>
            <th scope="col">{t("venueBackup.restore.columns.field")}</th>
            <th scope="col">{t("venueBackup.restore.columns.now")}</th>
            <th scope="col">{t("venueBackup.restore.columns.backup")}</th>
          </tr>
        </thead>
        <tbody>
          {items.flatMap((entry) =>
            entry.changes.map((change, row) => {
              const texts = changeTexts(t, entry.kind, change);
              return (
                <tr key={`${entry.key}-${change.field}`} data-testid="restore-change">
                  {row === 0 ? (
                    <td rowSpan={entry.changes.length}>
                      <Checkbox
                        name="item"
                        value={valueOf(entry.key)}
                        defaultChecked
                        label={settingText(t, entry.kind, entry.channelIndex)}
                      />
                    </td>
                  ) : null}
                  <td>{texts.field}</td>
                  <td>{texts.old}</td>
                  <td>{texts.new}</td>
                </tr>
              );
            }),
          )}
        </tbody>
      </Table>
    </TableScroll>
  );
}
