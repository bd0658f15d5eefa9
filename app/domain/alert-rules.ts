// What an alert rule can watch (issue 36): a station that stops running or leaves the Manager, or
// the Manager that the console cannot reach.
export type AlertRuleKind = "stationStopped" | "managerUnreachable";
/** A rule's grace period unless set: long enough for a reboot, short enough for a show. */
export const defaultGraceSeconds = 60;

export const alertRuleKinds: readonly AlertRuleKind[] = ["stationStopped", "managerUnreachable"];
