// The settings that would change, one row per field: a box to choose the setting (on its first
// row), the field, its value now and its value in the backup. A setting the streaming-mode change
// resets says so in place of its value now; a setting whose value in the file is refused has no
// box, and each refused field says why, in the reader's language.
import { useTranslation } from "react-i18next";
import { Checkbox } from "~/components/ui/checkbox";
import { Table, TableScroll } from "~/components/ui/table";
import type { Refusal } from "~/domain/backup-rules";
import type { FieldChange } from "~/domain/restore-plan";
import { changeTexts, fieldText, settingText } from "~/venue-backup/texts";

interface Item {
  key: string;
  kind: string;
  channelIndex?: number;
  changes: FieldChange[];
  refusals?: Refusal[];
  afterModeChange?: true;
}

function RefusedRows({ entry }: { entry: Item }) {
  const { t } = useTranslation("admin");
  const refusals = entry.refusals!;
  return refusals.map((refusal, row) => (
    <tr key={`${entry.key}-${refusal.field}`} data-testid="restore-refusal">
      {row === 0 ? (
        <td rowSpan={refusals.length}>
          {t("venueBackup.restore.refusedSetting", { setting: settingText(t, entry.kind, entry.channelIndex) })}
        </td>
      ) : null}
      <td>{fieldText(t, entry.kind, refusal.field)}</td>
      <td colSpan={2}>{t(refusal.message)}</td>
    </tr>
  ));
}

export function ChangesTable({
  items,
  valueOf,
  unticked,
  caption,
}: {
  items: Item[];
  valueOf: (key: string) => string;
  unticked: ReadonlySet<string>;
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
            entry.refusals ? (
              <RefusedRows key={entry.key} entry={entry} />
            ) : (
              entry.changes.map((change, row) => {
                const texts = changeTexts(t, entry.kind, change);
                return (
                  <tr key={`${entry.key}-${change.field}`} data-testid="restore-change">
                    {row === 0 ? (
                      <td rowSpan={entry.changes.length}>
                        <input type="hidden" name="shown" value={valueOf(entry.key)} />
                        <Checkbox
                          name="item"
                          value={valueOf(entry.key)}
                          defaultChecked={!unticked.has(valueOf(entry.key))}
                          label={settingText(t, entry.kind, entry.channelIndex)}
                        />
                      </td>
                    ) : null}
                    <td>{texts.field}</td>
                    <td>{entry.afterModeChange ? t("venueBackup.values.resetByMode") : texts.old}</td>
                    <td>{texts.new}</td>
                  </tr>
                );
              })
            ),
          )}
        </tbody>
      </Table>
    </TableScroll>
  );
}
