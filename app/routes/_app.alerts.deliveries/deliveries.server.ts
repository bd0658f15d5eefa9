// The deliveries page's read: the deliveries waiting for an attempt, and the attempts newest first
// a page at a time, each with the alert it told (read once per alert on the page).
import type { AlertSubject, AttemptView, DeliveryRow } from "~/alerts/rows";
import { attemptView, deliveryRow } from "~/alerts/rows.server";
import type { AlertStore } from "~/records/alerts";

export const attemptsPageSize = 50;
/** The waiting ones shown: the soonest; the rest are counted. */
export const pendingShown = 20;

export async function loadDeliveries(
  store: AlertStore,
  { page, locale }: { page: number; locale: string },
): Promise<{ pending: DeliveryRow[]; pendingTotal: number; attempts: AttemptView[]; attemptsTotal: number }> {
  const [pending, attempts] = await Promise.all([
    store.deliveries.pending({ skip: 0, take: pendingShown }),
    store.deliveries.attempts({ skip: (page - 1) * attemptsPageSize, take: attemptsPageSize }),
  ]);
  const alertIds = new Set(
    [...pending.rows, ...attempts.rows.map((row) => row.delivery)]
      .map((delivery) => delivery.alertId)
      .filter((id): id is string => id !== null),
  );
  const subjects = new Map<string, AlertSubject>();
  await Promise.all(
    [...alertIds].map(async (id) => {
      const alert = await store.alerts.get(id);
      if (alert) subjects.set(id, alert);
    }),
  );
  const subjectOf = (alertId: string | null) => (alertId === null ? null : (subjects.get(alertId) ?? null));
  return {
    pending: pending.rows.map((delivery) => deliveryRow(delivery, subjectOf(delivery.alertId), locale)),
    pendingTotal: pending.total,
    attempts: attempts.rows.map((row) => attemptView(row, subjectOf(row.delivery.alertId), locale)),
    attemptsTotal: attempts.total,
  };
}
