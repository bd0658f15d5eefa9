// The Manager's typed errors about stations (RFC 9457 `type` + JSON `detail`) that the station
// screens handle themselves before the general failure handling takes over.
import { isManagerError, type ManagerFailure } from "~/manager/http.server";
import { FingerprintMismatchDetailSchema, problemTypes } from "~/contract/problems";

type TypedFailure = Extract<ManagerFailure, { kind: "typed" }>;

function typedFailure(error: unknown, type: string): TypedFailure | null {
  if (!isManagerError(error, "typed")) return null;
  const { failure } = error;
  return failure.kind === "typed" && failure.type === type ? failure : null;
}

/** The fingerprint the station presents now, when an Accept failed because it changed. */
export function currentFingerprintOf(error: unknown): string | null {
  const failure = typedFailure(error, problemTypes.fingerprintMismatch);
  const detail = FingerprintMismatchDetailSchema.safeParse(failure?.detail);
  return detail.success ? detail.data.currentFingerprint : null;
}

/** The Manager refuses to accept a station that is still getting ready. */
export function isStationNotReady(error: unknown): boolean {
  return typedFailure(error, problemTypes.stationNotReady) !== null;
}

/** Why the Manager refused a write on a station in its current state ("rebooting", …), or undefined. */
export function notEditableReasonOf(error: unknown): { reason: unknown } | null {
  const failure = typedFailure(error, problemTypes.stationNotEditable);
  if (!failure) return null;
  const detail = failure.detail as { reason?: unknown } | null;
  return { reason: detail?.reason };
}
