import { describe, expect, it } from "vitest";
import {
  actionGroup,
  changesBetween,
  longestRecordedText,
  normalizeAuditRecord,
  outcomeOfCounts,
  prefixUpperBound,
  type AuditChange,
} from "./audit-log";

describe("an audit record as stored", () => {
  const given = {
    time: "2025-03-01T11:00:00+01:00",
    requestId: "request-1",
    user: { id: "subject-ada", name: "Ada", role: "Admin" },
    action: "channel.savePin",
    target: { kind: "channel" as const, serialNumber: "MCS-0001", channelIndex: 0, label: undefined },
    changes: [
      { field: "pin", secret: true, old: "123456", new: "654321" } as unknown as AuditChange,
      { field: "name", old: "a".repeat(longestRecordedText + 5), new: "Stage" },
    ],
    outcome: { kind: "done" as const },
  };

  it("keeps a secret change without values, cuts long texts and writes the time in UTC", () => {
    const record = normalizeAuditRecord(given, "id-1");
    expect(record.time).toBe("2025-03-01T10:00:00.000Z");
    expect(record.changes[0]).toEqual({ field: "pin", secret: true });
    expect(record.changes[1]).toEqual({ field: "name", old: `${"a".repeat(longestRecordedText)}…`, new: "Stage" });
    expect(record.target).toEqual({ kind: "channel", serialNumber: "MCS-0001", channelIndex: 0 });
  });

  it("keeps every text with its hidden characters written out as escapes, and cut when long (issue 33)", () => {
    const hidden = "\u0000Hall\u202Eevil\n";
    const record = normalizeAuditRecord(
      {
        ...given,
        requestId: `r${hidden}`,
        user: { id: `s${hidden}`, name: `Eve${hidden}`, role: "Admin" },
        action: `station.${hidden}`,
        target: { kind: "station", serialNumber: `MCS${hidden}`, id: hidden, label: "x".repeat(5000) },
        changes: [
          { field: `name${hidden}`, old: hidden, new: { [hidden]: [hidden, 1] } },
          { field: `pin${hidden}`, secret: true },
        ],
        outcome: { kind: "refused", reason: `validation${hidden}`, detail: hidden },
      },
      "id-3",
    );
    const escaped = "\\u0000Hall\\u202eevil\\u000a";
    expect(JSON.stringify(record)).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    expect(record.user).toEqual({ id: `s${escaped}`, name: `Eve${escaped}`, role: "Admin" });
    expect(record.action).toBe(`station.${escaped}`);
    expect(record.target).toEqual({
      kind: "station",
      serialNumber: `MCS${escaped}`,
      id: escaped,
      label: `${"x".repeat(longestRecordedText)}…`,
    });
    expect(record.changes).toEqual([
      { field: `name${escaped}`, old: escaped, new: { [escaped]: [escaped, 1] } },
      { field: `pin${escaped}`, secret: true },
    ]);
    expect(record.outcome).toEqual({ kind: "refused", reason: `validation${escaped}`, detail: escaped });
    // Stored again (a copy between stores), nothing changes.
    expect(normalizeAuditRecord(record, "id-3")).toEqual(record);
  });

  it("refuses a time that is not one", () => {
    expect(() => normalizeAuditRecord({ ...given, time: "yesterday" }, "id-2")).toThrow(RangeError);
  });
});

describe("changesBetween", () => {
  it("names the fields that differ, in order, the secret ones without values", () => {
    const before = { name: "Hall", pin: "123456", uplinkEnabled: false, gains: [1, 2] };
    const after = { name: "Hall left", pin: "654321", uplinkEnabled: false, gains: [1, 3] };
    expect(changesBetween(before, after, ["name", "pin", "uplinkEnabled", "gains"], ["pin"])).toEqual([
      { field: "name", old: "Hall", new: "Hall left" },
      { field: "pin", secret: true },
      { field: "gains", old: [1, 2], new: [1, 3] },
    ]);
  });

  it("records only the new values of something created", () => {
    expect(changesBetween(null, { name: "Token A", token: "secret" }, ["name", "token"], ["token"])).toEqual([
      { field: "name", new: "Token A" },
      { field: "token", secret: true },
    ]);
  });
});

describe("action groups and prefixes", () => {
  it("groups an action by the text up to its first dot", () => {
    expect(actionGroup("station.rename")).toBe("station.");
    expect(actionGroup("rollout.updateStation")).toBe("rollout.");
    expect(actionGroup("signIn")).toBeNull();
  });

  it("bounds exactly the texts that start with a prefix, in byte order", () => {
    const upper = prefixUpperBound("station.");
    const inRange = (text: string) =>
      Buffer.compare(Buffer.from(text), Buffer.from("station.")) >= 0 &&
      Buffer.compare(Buffer.from(text), Buffer.from(upper)) < 0;
    for (const text of ["station.", "station.rename", "station.ü", "station.\u{FFFF}"])
      expect(inRange(text)).toBe(true);
    for (const text of ["station", "stations", "station-", "settings.save", "t"]) expect(inRange(text)).toBe(false);
  });
});

describe("the outcome of an act over many parts", () => {
  it("is done when none failed, failed when none was done, else partly done with its counts", () => {
    expect(outcomeOfCounts({ done: 4, failed: 0, skipped: 2 })).toEqual({ kind: "done" });
    expect(outcomeOfCounts({ done: 0, failed: 3, skipped: 1 })).toEqual({
      kind: "failed",
      counts: { done: 0, failed: 3, skipped: 1 },
    });
    expect(outcomeOfCounts({ done: 2, failed: 1, skipped: 0 })).toEqual({
      kind: "partly",
      counts: { done: 2, failed: 1, skipped: 0 },
    });
  });
});
