// Alerts, rules, webhooks and delivery attempts as the screens show them: times in the reader's
// language and the console's time zone, and what each alert is about in words the screen picks.
import type { Alert, AlertDelivery, AlertRule, AttemptRow, WebhookDestination } from "~/records/alerts";
import { formatDateTime, formatDateTimeWithSeconds } from "~/utils/dates";
import type { AlertSubject, AlertRow, RuleRow, DestinationRow, DeliveryRow, AttemptView } from "./rows";

const at = (ms: number, locale: string) => formatDateTime(new Date(ms).toISOString(), locale);
const atSeconds = (ms: number, locale: string) => formatDateTimeWithSeconds(new Date(ms).toISOString(), locale);

export function alertRow(alert: Alert, locale: string): AlertRow {
  return {
    id: alert.id,
    kind: alert.kind,
    serialNumber: alert.serialNumber,
    stationName: alert.stationName,
    subject: alert.subject,
    subjectName: alert.subjectName,
    open: alert.resolvedAt === null,
    sinceText: at(alert.since, locale),
    openedText: at(alert.openedAt, locale),
    resolvedText: alert.resolvedAt === null ? null : at(alert.resolvedAt, locale),
    acknowledged:
      alert.acknowledgedAt === null
        ? null
        : { text: at(alert.acknowledgedAt, locale), by: alert.acknowledgedBy?.name ?? "" },
  };
}

export function ruleRow(rule: AlertRule, locale: string): RuleRow {
  return {
    id: rule.id,
    kind: rule.kind,
    stations: rule.stations,
    graceSeconds: rule.graceSeconds,
    duringEventsOnly: rule.duringEventsOnly,
    addedText: at(rule.createdAt, locale),
    addedBy: rule.createdBy.name,
  };
}

export function destinationRow(destination: WebhookDestination, locale: string): DestinationRow {
  return {
    id: destination.id,
    kind: destination.kind,
    name: destination.name,
    address: destination.kind === "email" ? (destination.email ?? "") : destination.url,
    language: destination.language,
    addedText: at(destination.createdAt, locale),
  };
}

export function deliveryRow(delivery: AlertDelivery, subject: AlertSubject | null, locale: string): DeliveryRow {
  return {
    id: delivery.id,
    destinationName: delivery.destinationName,
    destinationKind: delivery.destinationKind,
    transition: delivery.transition,
    subject,
    attempts: delivery.attempts,
    nextText: delivery.nextAttemptAt === null ? null : atSeconds(delivery.nextAttemptAt, locale),
  };
}

export function attemptView(row: AttemptRow, subject: AlertSubject | null, locale: string): AttemptView {
  return {
    key: `${row.deliveryId}-${row.attempt}`,
    timeText: atSeconds(row.at, locale),
    delivery: deliveryRow(row.delivery, subject, locale),
    attempt: row.attempt,
    status: row.status,
    error: row.error,
    durationMs: Math.round(row.durationMs),
    outcome: row.delivery.state,
  };
}
