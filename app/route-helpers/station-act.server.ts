// One act on one station of many (a bulk action; later a rollout's step): the one place that
// knows the user, the station and the outcome — done, skipped and why, or failed with the
// Manager's message — and records it in the audit log as its own record (`bulk.reboot` on
// MCS-0042), whatever the request around it records. It never throws: one station's failure is
// that station's outcome, and the others go on.
import type { SessionUser } from "~/auth/user";
import { auditUserOf, failedOutcome, recordEvent } from "~/audit/write-record.server";
import type { SkipReason } from "~/domain/bulk-actions";
import type { AuditOutcome } from "~/records/audit-log";
import { stationFailureKey } from "~/route-helpers/manager-failures.server";

export type StationActOutcome =
  { kind: "done" } | { kind: "skipped"; reason: SkipReason } | { kind: "failed"; messageKey: string };

export interface StationAct {
  user: SessionUser;
  /** The audit log's action name, e.g. `bulk.reboot`. */
  action: string;
  serialNumber: string;
  /** What a person reads for the station (its name, when it has one). */
  label?: string | null;
  /** Why it is left alone; the Manager is not called then. */
  skip?: SkipReason | null;
  /** The action's own "could not …" message, for a refusal it explains best itself. */
  failedKey: string;
  run(): Promise<unknown>;
}

export async function actOnStation(act: StationAct): Promise<StationActOutcome> {
  let outcome: StationActOutcome;
  let recorded: AuditOutcome;
  if (act.skip) {
    outcome = { kind: "skipped", reason: act.skip };
    recorded = { kind: "refused", reason: "skipped", detail: act.skip };
  } else {
    try {
      await act.run();
      outcome = { kind: "done" };
      recorded = { kind: "done" };
    } catch (error) {
      outcome = { kind: "failed", messageKey: stationFailureKey(error, act.failedKey) };
      recorded = failedOutcome(error);
    }
  }
  await recordEvent({
    user: auditUserOf(act.user),
    action: act.action,
    target: { kind: "station", serialNumber: act.serialNumber, ...(act.label ? { label: act.label } : {}) },
    outcome: recorded,
  });
  return outcome;
}
