// Alerts, rules, webhooks and delivery attempts as the screens show them (built by rows.server.ts):
// types only, so the screens' components may import them.
import type { AlertWhat } from "~/components/alerts/words";
import type { AlertDelivery, AlertRuleKind, DeliveryTransition, EmailLanguage } from "~/records/alerts";

/**
 * What an alert is about: its kind, the station (serial number and name) where it has one, and
 * the channel or rollout within or beside it.
 */
export type AlertSubject = AlertWhat;

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
  duringEventsOnly: boolean;
  addedText: string;
  addedBy: string;
}

export interface DestinationRow {
  id: string;
  kind: "webhook" | "email";
  name: string;
  /** The webhook's URL, or the e-mail address. */
  address: string;
  language: EmailLanguage | null;
  addedText: string;
}

export interface DeliveryRow {
  id: string;
  destinationName: string;
  destinationKind: AlertDelivery["destinationKind"];
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

/** The alert bar's data: the open alerts, counted, and the newest few. */
export interface AlertBarData {
  count: number;
  first: AlertRow[];
}
