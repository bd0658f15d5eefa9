// What an alert rule can watch (issue 36): a station that stops running or leaves the Manager; a
// channel whose listeners fall to zero while it had listeners; a firmware update that fails; a
// rollout that pauses on its own; a station whose certificate fingerprint changed; a station that
// asks to be authorized; the Manager that the console cannot reach.
export type AlertRuleKind =
  | "stationStopped"
  | "channelListenersZero"
  | "firmwareUpdateFailed"
  | "rolloutPaused"
  | "fingerprintChanged"
  | "stationUnauthorized"
  | "managerUnreachable";

/** A rule's grace period unless set: long enough for a reboot, short enough for a show. */
export const defaultGraceSeconds = 60;

export const alertRuleKinds: readonly AlertRuleKind[] = [
  "stationStopped",
  "channelListenersZero",
  "firmwareUpdateFailed",
  "rolloutPaused",
  "fingerprintChanged",
  "stationUnauthorized",
  "managerUnreachable",
];

/**
 * Kinds a rule may narrow to chosen stations. The Manager is one; a rollout names its stations
 * itself; a station asking to be authorized is not known before it asks.
 */
export const stationScopedKinds: readonly AlertRuleKind[] = [
  "stationStopped",
  "channelListenersZero",
  "firmwareUpdateFailed",
  "fingerprintChanged",
];

/** Kinds that may hold only during a listening event (the history's events, issue 35). */
export const eventScopedKinds: readonly AlertRuleKind[] = ["channelListenersZero"];

/** The languages an alert e-mail can be written in: the console's own. Here, not beside the form's
 * schema: the page's component needs them before the schema (and zod) is loaded. */
export const emailLanguages = ["en", "de"] as const;
