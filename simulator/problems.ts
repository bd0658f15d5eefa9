// The Manager's failures as RFC 9457 problem details. Behaviour anywhere in the simulator throws
// a ProblemError; the HTTP layer turns it into an application/problem+json answer. Typed errors
// carry their data as a JSON text in detail, as the console expects (spec §8).
import { problemTypes, type ProblemDetails } from "../app/contract/problems";

export class ProblemError extends Error {
  constructor(readonly problem: ProblemDetails) {
    super(`${problem.status} ${problem.title}${problem.detail ? `: ${problem.detail}` : ""}`);
    this.name = "ProblemError";
  }
}

export type FieldErrors = Record<string, string[]>;

export const problems = {
  validation(errors: FieldErrors): ProblemError {
    return new ProblemError({
      type: problemTypes.validation,
      title: "One or more fields are not valid.",
      status: 400,
      errors,
    });
  },
  field(path: string, message: string): ProblemError {
    return problems.validation({ [path]: [message] });
  },
  badRequest(title: string): ProblemError {
    return new ProblemError({ type: problemTypes.validation, title, status: 400 });
  },
  stationNotFound(serialNumber: string): ProblemError {
    return notFound("Station not found.", { resource: "station", serialNumber });
  },
  channelNotFound(serialNumber: string, channel: string | number): ProblemError {
    return notFound("Channel not found.", { resource: "channel", serialNumber, channel: String(channel) });
  },
  notFound(resource: string, id: string): ProblemError {
    return notFound(`${resource[0]!.toUpperCase()}${resource.slice(1)} not found.`, { resource, id });
  },
  routeNotFound(method: string, path: string): ProblemError {
    return notFound("No such API call.", { resource: "route", method, path });
  },
  fingerprintMismatch(currentFingerprint: string): ProblemError {
    return new ProblemError({
      type: problemTypes.fingerprintMismatch,
      title: "The station's fingerprint has changed.",
      status: 409,
      detail: JSON.stringify({ currentFingerprint }),
    });
  },
  stationNotReady(serialNumber: string): ProblemError {
    return new ProblemError({
      type: problemTypes.stationNotReady,
      title: "The station is still getting ready and cannot be authorized yet.",
      status: 409,
      detail: JSON.stringify({ serialNumber }),
    });
  },
  stationNotEditable(serialNumber: string, reason: string): ProblemError {
    return new ProblemError({
      type: problemTypes.stationNotEditable,
      title: "The station cannot be changed in its current state.",
      status: 409,
      detail: JSON.stringify({ serialNumber, reason }),
    });
  },
  conflict(title: string, detail?: Record<string, unknown>): ProblemError {
    return new ProblemError({
      type: problemTypes.conflict,
      title,
      status: 409,
      ...(detail ? { detail: JSON.stringify(detail) } : {}),
    });
  },
  noInternet(): ProblemError {
    return new ProblemError({
      type: problemTypes.noInternet,
      title: "The Manager has no internet connection.",
      status: 503,
      detail: JSON.stringify({ status: "noInternet" }),
    });
  },
  unauthorized(): ProblemError {
    return new ProblemError({
      type: problemTypes.unauthorized,
      title: "A valid access token is required.",
      status: 401,
    });
  },
  forbidden(action: string): ProblemError {
    return new ProblemError({
      type: problemTypes.forbidden,
      title: "Your role does not allow this.",
      status: 403,
      detail: JSON.stringify({ action }),
    });
  },
  payloadTooLarge(limit: string): ProblemError {
    return new ProblemError({
      type: problemTypes.validation,
      title: "The request body is too large.",
      status: 413,
      detail: JSON.stringify({ limit }),
    });
  },
  serverError(title = "The Manager failed unexpectedly."): ProblemError {
    return new ProblemError({ type: problemTypes.serverError, title, status: 500 });
  },
};

function notFound(title: string, detail: Record<string, string>): ProblemError {
  return new ProblemError({ type: problemTypes.notFound, title, status: 404, detail: JSON.stringify(detail) });
}
