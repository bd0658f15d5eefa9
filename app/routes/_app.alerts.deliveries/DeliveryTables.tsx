// The deliveries waiting for their next attempt, and every attempt with its result.
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { AttemptView, DeliveryRow } from "~/alerts/rows";
import { alertWhat } from "~/components/alerts/words";
import { PageNavigation } from "~/components/DataTable";
import { Badge } from "~/components/ui/badge";
import { Table, TableScroll } from "~/components/ui/table";
import { Text } from "~/components/ui/text";
import { attemptsPageSize } from "./deliveries.server";

function whatOf(t: TFunction<"alerts">, row: DeliveryRow) {
  if (row.transition === "test" || !row.subject) return t("deliveries.transitions.test");
  return t(`deliveries.transitions.${row.transition}`, { what: alertWhat(t, row.subject) });
}

const knownErrors = new Set(["timeout", "privateAddress", "unresolvable"]);

/** The error's words: the sender's own few by name, e-mail being off by its prefix, any other as "could not connect". */
function errorKey(error: string) {
  if (knownErrors.has(error)) return error;
  if (error.startsWith("e-mail is off")) return "emailOff";
  return "network";
}

function resultOf(t: TFunction<"alerts">, attempt: AttemptView) {
  // An e-mail's status is the SMTP server's reply code (250 taken, 4xx try later, 5xx refused).
  if (attempt.status !== null)
    return t(attempt.delivery.destinationKind === "email" ? "deliveries.smtpStatus" : "deliveries.status", {
      status: attempt.status,
    });
  return t(`deliveries.errors.${errorKey(attempt.error ?? "network")}`);
}

export function PendingTable({ rows, total }: { rows: DeliveryRow[]; total: number }) {
  const { t } = useTranslation("alerts");
  if (total === 0) return <Text>{t("deliveries.pendingNone")}</Text>;
  return (
    <TableScroll minWidth={560} stacked>
      <Table aria-labelledby="pending-title" verticalSpacing="xs" stacked>
        <thead>
          <tr>
            <th scope="col">{t("deliveries.columns.destination")}</th>
            <th scope="col">{t("deliveries.columns.what")}</th>
            <th scope="col">{t("deliveries.columns.attempts")}</th>
            <th scope="col">{t("deliveries.columns.next")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td data-label={t("deliveries.columns.destination")}>
                <span>{row.destinationName}</span>
              </td>
              <td data-label={t("deliveries.columns.what")}>
                <span>{whatOf(t, row)}</span>
              </td>
              <td data-label={t("deliveries.columns.attempts")}>
                <span>{row.attempts}</span>
              </td>
              <td data-label={t("deliveries.columns.next")}>
                <span>{row.nextText ?? ""}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
}

export function AttemptsTable({ rows, total, page }: { rows: AttemptView[]; total: number; page: number }) {
  const { t } = useTranslation("alerts");
  if (total === 0) return <Text>{t("deliveries.attemptsNone")}</Text>;
  return (
    <>
      <TableScroll minWidth={760} stacked>
        <Table aria-labelledby="attempts-title" verticalSpacing="xs" stacked>
          <thead>
            <tr>
              <th scope="col">{t("deliveries.columns.time")}</th>
              <th scope="col">{t("deliveries.columns.destination")}</th>
              <th scope="col">{t("deliveries.columns.what")}</th>
              <th scope="col">{t("deliveries.columns.attempt")}</th>
              <th scope="col">{t("deliveries.columns.result")}</th>
              <th scope="col">{t("deliveries.columns.duration")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const ok = row.status !== null && row.status >= 200 && row.status < 300;
              return (
                <tr key={row.key} data-attempt={row.key}>
                  <td data-label={t("deliveries.columns.time")}>
                    <span>{row.timeText}</span>
                  </td>
                  <td data-label={t("deliveries.columns.destination")}>
                    <span>{row.delivery.destinationName}</span>
                  </td>
                  <td data-label={t("deliveries.columns.what")}>
                    <span>{whatOf(t, row.delivery)}</span>
                  </td>
                  <td data-label={t("deliveries.columns.attempt")}>
                    <span>{row.attempt}</span>
                  </td>
                  <td data-label={t("deliveries.columns.result")}>
                    <span>
                      <Badge component="span" color={ok ? "green" : "red"} tt="none">
                        {resultOf(t, row)}
                      </Badge>
                      {ok
                        ? ` ${t("deliveries.delivered")}`
                        : row.outcome === "failed"
                          ? ` ${t("deliveries.failedForGood")}`
                          : ""}
                    </span>
                  </td>
                  <td data-label={t("deliveries.columns.duration")}>
                    <span>{t("deliveries.durationMs", { value: row.durationMs })}</span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </TableScroll>
      {total > attemptsPageSize ? (
        <PageNavigation page={page} pageSize={attemptsPageSize} total={total} label={t("deliveries.pages")} />
      ) : null}
    </>
  );
}
