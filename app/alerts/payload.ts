// What a webhook receives (issue 36): one JSON body per delivery, built once when the delivery is
// queued and stored with it, so every attempt sends the same bytes under the same signature
// scheme and idempotency key. Times are ISO 8601 in UTC. Kept free of server code: the screens
// queue a test with `testBody`.
import type { Alert, AlertRule, DeliveryTransition } from "~/records/alerts";

/** The `type` of a body and the X-Console-Event header of its delivery. */
export type AlertEvent = "alert.opened" | "alert.resolved" | "test";

export function eventOf(transition: DeliveryTransition): AlertEvent {
  return transition === "test" ? "test" : `alert.${transition}`;
}

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

export interface AlertBody {
  type: "alert.opened" | "alert.resolved";
  deliveryId: string;
  alert: {
    id: string;
    kind: Alert["kind"];
    /** "" when it is about the Manager (or a rollout that names no station). */
    serialNumber: string;
    stationName: string | null;
    /** "" for the station itself (or the Manager), `channel:<index>` or `rollout:<id>`. */
    subject: string;
    /** The channel's name, the firmware version; null when not known. */
    subjectName: string | null;
    since: string;
    openedAt: string;
    resolvedAt: string | null;
  };
  /** The rule that opened it, when it was still known as the body was made. */
  rule?: { id: string; graceSeconds: number; stations: string[] };
  /** When the change happened (the alert's opening or resolution). */
  createdAt: string;
}

export interface TestBody {
  type: "test";
  deliveryId: string;
  message: string;
  createdAt: string;
}

export function alertBody(
  alert: Alert,
  transition: "opened" | "resolved",
  deliveryId: string,
  rule?: AlertRule,
): string {
  // The change's own time, not the moment the body is made: the body says what happened when.
  const changedAt = transition === "resolved" ? (alert.resolvedAt ?? alert.openedAt) : alert.openedAt;
  const body: AlertBody = {
    type: transition === "opened" ? "alert.opened" : "alert.resolved",
    deliveryId,
    alert: {
      id: alert.id,
      kind: alert.kind,
      serialNumber: alert.serialNumber,
      stationName: alert.stationName,
      subject: alert.subject,
      subjectName: alert.subjectName,
      since: iso(alert.since),
      openedAt: iso(alert.openedAt),
      resolvedAt: isoOrNull(alert.resolvedAt),
    },
    ...(rule ? { rule: { id: rule.id, graceSeconds: rule.graceSeconds, stations: [...rule.stations] } } : {}),
    createdAt: iso(changedAt),
  };
  return JSON.stringify(body);
}

export function testBody(deliveryId: string, now: number): string {
  const body: TestBody = {
    type: "test",
    deliveryId,
    message: "A test delivery from Station Console: this webhook receives its alerts.",
    createdAt: iso(now),
  };
  return JSON.stringify(body);
}
