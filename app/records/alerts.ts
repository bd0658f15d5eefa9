// Alerts (issue 36): the rules that say what is worth telling, the alerts they open and resolve,
// the webhook destinations alerts are delivered to, and every delivery with its attempts. Kept in
// the durable records store (SQLite by default, PostgreSQL with DATABASE_URL) on the records'
// query layer (server/records/alert-store.ts, docs/decisions/074-alerts.md). Types only, so
// screens may import them too.
import type { AlertRuleKind } from "~/domain/alert-rules";
import type { AuditUser } from "~/records/audit-log";

export { alertRuleKinds, type AlertRuleKind } from "~/domain/alert-rules";

export interface AlertRule {
  id: string;
  kind: AlertRuleKind;
  /** How long the condition must hold before an alert opens. */
  graceSeconds: number;
  /** The stations it applies to (serial numbers); empty: all (and always empty for the Manager). */
  stations: string[];
  /** Holds only while a listening event covers the channel (channelListenersZero only; else false). */
  duringEventsOnly: boolean;
  createdBy: AuditUser;
  createdAt: number;
}

export type NewAlertRule = Pick<AlertRule, "kind" | "graceSeconds" | "stations" | "duringEventsOnly" | "createdBy">;

export interface Alert {
  id: string;
  ruleId: string;
  kind: AlertRuleKind;
  /** The station it is about; "" when about the Manager (or a rollout that names none). */
  serialNumber: string;
  /** The station's name when the alert opened (it may be gone since). */
  stationName: string | null;
  /**
   * What within or beside the station it is about: "" for the station itself (or the Manager),
   * `channel:<index>` for a channel, `rollout:<id>` for a rollout. One open alert per rule,
   * station and subject.
   */
  subject: string;
  /** The subject's name when the alert opened: the channel's name, the firmware version. */
  subjectName: string | null;
  /** When the condition began (the alert opened a grace period later). */
  since: number;
  openedAt: number;
  /** Null while it is open. */
  resolvedAt: number | null;
  acknowledgedAt: number | null;
  acknowledgedBy: AuditUser | null;
}

/** What the evaluator opens: the store gives it its id and times. */
export type NewAlert = Pick<
  Alert,
  "ruleId" | "kind" | "serialNumber" | "stationName" | "subject" | "subjectName" | "since"
>;

export type AlertFilter = "open" | "resolved" | "all";

export type DestinationKind = "webhook" | "email";
/** The languages an e-mail may be written in (the console's own). */
export type EmailLanguage = "en" | "de";

/** Where alerts are delivered: a webhook (a URL and its secret) or an e-mail address. */
export interface WebhookDestination {
  id: string;
  kind: DestinationKind;
  name: string;
  /** The webhook's URL; "" for an e-mail destination. */
  url: string;
  /** The e-mail address; null for a webhook. */
  email: string | null;
  /** The e-mail's language; null for a webhook. */
  language: EmailLanguage | null;
  createdBy: AuditUser;
  createdAt: number;
}
export type AlertDestination = WebhookDestination;

export type NewWebhookDestination =
  | {
      kind?: "webhook";
      name: string;
      url: string;
      /** Signs each delivery (HMAC-SHA256); stored, never shown again. */
      secret: string;
      createdBy: AuditUser;
    }
  | { kind: "email"; name: string; email: string; language: EmailLanguage; createdBy: AuditUser };

/** Which change of an alert a delivery tells, or a test sent from the destinations' page. */
export type DeliveryTransition = "opened" | "resolved" | "test";
export type DeliveryState = "pending" | "delivered" | "failed";

export interface AlertDelivery {
  id: string;
  destinationId: string;
  /** The destination's name (kept when the destination is removed). */
  destinationName: string;
  /** Its kind: an attempt's status is an HTTP status for a webhook, an SMTP reply code for e-mail. */
  destinationKind: DestinationKind;
  alertId: string | null;
  transition: DeliveryTransition;
  /** The same in every attempt of this delivery: a receiver drops what it has seen. */
  idempotencyKey: string;
  createdAt: number;
  state: DeliveryState;
  attempts: number;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: number | null;
}

/** A delivery due for an attempt, with what the attempt needs. */
export interface DueDelivery extends AlertDelivery {
  /** The webhook's URL and secret ("" for e-mail). */
  url: string;
  secret: string;
  /** The e-mail's address and language (null for a webhook). */
  email: string | null;
  language: EmailLanguage | null;
  /** The JSON body, fixed when the delivery was made (every attempt sends the same bytes). */
  body: string;
}

export interface DeliveryAttempt {
  deliveryId: string;
  /** 1 for the first attempt. */
  attempt: number;
  at: number;
  /** The receiver's HTTP status; null when there was none (timeout, refused, network). */
  status: number | null;
  /** What went wrong without a status ("timeout", "refused: private address", …). */
  error: string | null;
  durationMs: number;
}

/** An attempt as the deliveries page lists it: with its delivery. */
export interface AttemptRow extends DeliveryAttempt {
  delivery: AlertDelivery;
}

export interface Page {
  skip: number;
  take: number;
}

export interface AlertStore {
  rules: {
    /** Oldest first; at most a few hundred (the form bounds them). */
    list(): Promise<AlertRule[]>;
    create(rule: NewAlertRule, now: number): Promise<AlertRule>;
    /** The removed rule, or null when there was none. Its open alerts resolve at `now`. */
    remove(id: string, now: number): Promise<AlertRule | null>;
  };
  alerts: {
    /** Open alerts, oldest first. */
    open(): Promise<Alert[]>;
    /** Newest opened first; only about these stations when given (a Moderator's). */
    list(filter: AlertFilter, page: Page, serialNumbers?: readonly string[]): Promise<{ rows: Alert[]; total: number }>;
    get(id: string): Promise<Alert | null>;
    /** Acknowledges an alert not yet acknowledged; null when there is none such. */
    acknowledge(id: string, by: AuditUser, at: number): Promise<Alert | null>;
    /**
     * Opens and resolves alerts, and queues a delivery of each transition to every destination,
     * in one transaction. Opening an alert that is open for its rule and station, or resolving one
     * that is resolved, does nothing (and queues nothing): the evaluator can repeat itself.
     */
    apply(
      changes: { open: NewAlert[]; resolve: string[] },
      now: number,
      body: (alert: Alert, transition: "opened" | "resolved", deliveryId: string) => string,
      /**
       * When an e-mail destination's new delivery is first due (default `now`): the end of the
       * minute its message gathers alerts in. A pending e-mail delivery of the same destination
       * that is due sooner keeps its time (the new one joins its message).
       */
      emailDueAt?: number,
    ): Promise<{ opened: Alert[]; resolved: Alert[] }>;
  };
  destinations: {
    /** Oldest first; at most a few dozen. */
    list(): Promise<WebhookDestination[]>;
    create(destination: NewWebhookDestination, now: number): Promise<WebhookDestination>;
    remove(id: string): Promise<WebhookDestination | null>;
    /** Queues a test delivery to one destination; null when it does not exist. */
    queueTest(id: string, now: number, body: (deliveryId: string) => string): Promise<AlertDelivery | null>;
  };
  deliveries: {
    /** Pending deliveries whose next attempt is due, oldest first. */
    due(now: number, take: number): Promise<DueDelivery[]>;
    /**
     * Every pending delivery of one destination, due or not, oldest first (at most `take`): the
     * alerts one e-mail message tells together.
     */
    pendingOf(destinationId: string, take: number): Promise<DueDelivery[]>;
    /** Records an attempt and what follows it: delivered, failed, or pending until `nextAttemptAt`. */
    recordAttempt(
      attempt: DeliveryAttempt,
      next: { state: DeliveryState; nextAttemptAt: number | null },
    ): Promise<void>;
    /** Attempts, newest first, each with its delivery. */
    attempts(page: Page): Promise<{ rows: AttemptRow[]; total: number }>;
    /** Deliveries still waiting for their first or next attempt, soonest first. */
    pending(page: Page): Promise<{ rows: AlertDelivery[]; total: number }>;
  };
  /**
   * Removes what is past keeping: alerts resolved before `cut`, and deliveries made before it
   * that are no longer pending, with their attempts. Returns how many rows went.
   */
  removeOlderThan(cut: number): Promise<number>;
}
