// Alerts, rules, webhooks and delivery attempts as the screens show them (built by rows.server.ts):
// types only, so the screens' components may import them.
import type { AlertDelivery, AlertRuleKind, DeliveryTransition } from "~/records/alerts";

/** What an alert is about: its kind, and the station (serial number and name) where it has one. */
export interface AlertSubject {
  kind: AlertRuleKind;
  serialNumber: string;
  stationName: string | null;
}

export interface AlertRow extends AlertSubject {
  id: string;
  open: boolean;
  sinceText: string;
  openedText: string;
  resolvedText: string | null;
  acknowledged: { text: string; by: string } | null;
}

export interface RuleRow {
  id: string;
  kind: AlertRuleKind;
  stations: string[];
  graceSeconds: number;
  addedText: string;
  addedBy: string;
}

export interface DestinationRow {
  id: string;
  name: string;
  url: string;
  addedText: string;
}

export interface DeliveryRow {
  id: string;
  destinationName: string;
  transition: DeliveryTransition;
  /** The alert told, when it still exists (the delivery outlives a removed rule's alerts). */
  subject: AlertSubject | null;
  attempts: number;
  nextText: string | null;
}

export interface AttemptView {
  key: string;
  timeText: string;
  delivery: DeliveryRow;
  attempt: number;
  status: number | null;
  error: string | null;
  durationMs: number;
  /** What became of the delivery after it. */
  outcome: AlertDelivery["state"];
}

/** The alert bar's data: the open alerts, counted, and the oldest few. */
export interface AlertBarData {
  count: number;
  first: AlertRow[];
}
