// The Manager's typed errors (RFC 9457 problem details).
// Part of the Manager's wire contract (app/contract/): shared by the console's Manager client,
// which parses every answer with it, and the simulator, which builds every answer with it.
// Decisions on shapes the spec does not show: docs/decisions/002-manager-wire-contract.md.
import * as z from "zod";

export const ProblemDetailsSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  /** For typed errors a JSON text, e.g. {"currentFingerprint":"…"} or {"status":"noInternet"}. */
  detail: z.string().optional(),
  /** Field errors of a 400, keyed by the body's field path (dots for nesting). */
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

export const problemTypes = {
  validation: "error:validation",
  fingerprintMismatch: "error:fingerprint-mismatch",
  stationNotReady: "error:station-not-ready",
  stationNotEditable: "error:station-not-editable",
  noInternet: "error:no-internet",
  notFound: "error:not-found",
  unauthorized: "error:unauthorized",
  forbidden: "error:forbidden",
  conflict: "error:conflict",
  serverError: "error:server",
} as const;

export const FingerprintMismatchDetailSchema = z.object({ currentFingerprint: z.string() });
export const NoInternetDetailSchema = z.object({ status: z.literal("noInternet") });
