// Where alerts go: each webhook (its URL) and e-mail address (with its language), when it was
// added, "send a test" and "remove".
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { removeDestinationCommand, sendTestCommand } from "~/alerts/forms";
import type { DestinationRow } from "~/alerts/rows";
import { Button } from "~/components/ui/button";
import { Group } from "~/components/ui/group";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";

export function DestinationList({ rows, submissionId }: { rows: DestinationRow[]; submissionId: string }) {
  const { t } = useTranslation("alerts");
  if (rows.length === 0) return <Text>{t("destinations.none")}</Text>;
  return (
    <TableScroll minWidth={720} stacked>
      <Table aria-labelledby="destination-list-title" verticalSpacing="xs" stacked>
        <thead>
          <tr>
            <th scope="col">{t("destinations.columns.name")}</th>
            <th scope="col">{t("destinations.columns.kind")}</th>
            <th scope="col">{t("destinations.columns.url")}</th>
            <th scope="col">{t("destinations.columns.added")}</th>
            <th scope="col">{t("destinations.columns.actions")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-destination={row.id}>
              <td data-label={t("destinations.columns.name")}>
                <span>{row.name}</span>
              </td>
              <td data-label={t("destinations.columns.kind")}>
                <span>{t(`destinations.kinds.${row.kind}`)}</span>
              </td>
              <td data-label={t("destinations.columns.url")}>
                <span style={{ overflowWrap: "anywhere" }}>{row.address}</span>
                {row.language ? <span> ({t(`destinations.email.languages.${row.language}`)})</span> : null}
              </td>
              <td data-label={t("destinations.columns.added")}>
                <span>{row.addedText}</span>
              </td>
              <td data-label={t("destinations.columns.actions")}>
                <Form method="post">
                  <input type="hidden" name="destinationId" value={row.id} />
                  <input type="hidden" name="submissionId" value={`${submissionId}-${row.id}`} />
                  <Group gap="xs">
                    <Button
                      type="submit"
                      name="intent"
                      value={sendTestCommand.intent}
                      size="xs"
                      variant="default"
                      aria-label={t("destinations.sendTestLabel", { name: row.name })}
                    >
                      {t("destinations.sendTest")}
                    </Button>{" "}
                    <Button
                      type="submit"
                      name="intent"
                      value={removeDestinationCommand.intent}
                      size="xs"
                      variant="default"
                      color="red"
                      aria-label={t("destinations.removeLabel", { name: row.name })}
                    >
                      {t("destinations.remove")}
                    </Button>
                  </Group>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}
