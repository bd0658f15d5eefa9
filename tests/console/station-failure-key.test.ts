// What one failed station of a bulk action says beside it (manager-failures.server.ts): the
// Manager's answer in the console's words, and never a page that leaves the result.
import { describe, expect, it } from "vitest";
import { problemTypes } from "~/contract/problems";
import { ManagerError, type ManagerFailure } from "~/manager/http.server";
import { stationFailureKey } from "~/route-helpers/manager-failures.server";

const failed = (failure: ManagerFailure) => stationFailureKey(new ManagerError(failure, "PUT", "/x"), "own.key");
const typed = (type: string, detail: unknown) => failed({ kind: "typed", status: 409, type, detail });

describe("a failed station's message in a bulk action", () => {
  it("names why the Manager refused this station", () => {
    expect(typed(problemTypes.stationNotEditable, { reason: "rebooting" })).toBe("stations:blocked.rebooting");
    expect(typed(problemTypes.stationNotEditable, { reason: "firmwareCannotReboot" })).toBe(
      "stations:blocked.cannotReboot",
    );
    expect(typed(problemTypes.fingerprintMismatch, { currentFingerprint: "AA:BB" })).toBe(
      "stations:authorization.fingerprintMismatch",
    );
    expect(typed(problemTypes.stationNotReady, null)).toBe("stations:authorization.notReady");
    expect(failed({ kind: "notFound" })).toBe("stations:bulk.failures.gone");
  });

  it("says the Manager failed, or had no connection, without leaving the page", () => {
    expect(failed({ kind: "serverError", status: 500 })).toBe("errors.unexpectedError");
    expect(failed({ kind: "unreachable", reason: "timeout" })).toBe("errors.unexpectedError");
    expect(failed({ kind: "noInternet" })).toBe("errors.noConnection.message");
    expect(failed({ kind: "forbidden" })).toBe("stations:bulk.failures.refused");
    expect(failed({ kind: "unauthorized", tokenInvalid: true })).toBe("stations:bulk.failures.refused");
  });

  it("falls back to the action's own message for any other refusal", () => {
    expect(failed({ kind: "validation", fieldErrors: {} })).toBe("own.key");
    expect(typed("error:something-else", null)).toBe("own.key");
  });
});
