import { describe, expect, it } from "vitest";
import type { Alert, AlertRule } from "~/records/alerts";
import { alertBody, eventOf, testBody } from "./payload";

const t0 = Date.UTC(2026, 3, 1, 12);
const ada = { id: "subject-ada", name: "Ada Lovelace", role: "Admin" };

const alert: Alert = {
  id: "7",
  ruleId: "3",
  kind: "stationStopped",
  serialNumber: "MCS-0042",
  stationName: "Main Hall",
  subject: "",
  subjectName: null,
  since: t0,
  openedAt: t0 + 60_000,
  resolvedAt: null,
  acknowledgedAt: null,
  acknowledgedBy: null,
};
const rule: AlertRule = {
  id: "3",
  kind: "stationStopped",
  graceSeconds: 60,
  stations: ["MCS-0042"],
  duringEventsOnly: false,
  createdBy: ada,
  createdAt: t0 - 86_400_000,
};

describe("webhook bodies", () => {
  it("tell an opened alert with ISO times, its delivery and its rule", () => {
    expect(JSON.parse(alertBody(alert, "opened", "21", rule))).toEqual({
      type: "alert.opened",
      deliveryId: "21",
      alert: {
        id: "7",
        kind: "stationStopped",
        serialNumber: "MCS-0042",
        stationName: "Main Hall",
        subject: "",
        subjectName: null,
        since: "2026-04-01T12:00:00.000Z",
        openedAt: "2026-04-01T12:01:00.000Z",
        resolvedAt: null,
      },
      rule: { id: "3", graceSeconds: 60, stations: ["MCS-0042"] },
      createdAt: "2026-04-01T12:01:00.000Z",
    });
  });

  it("tell a resolution at the time it resolved, and leave out a rule not given", () => {
    const resolved = { ...alert, resolvedAt: t0 + 300_000 };
    const body = JSON.parse(alertBody(resolved, "resolved", "22"));
    expect(body).toMatchObject({
      type: "alert.resolved",
      deliveryId: "22",
      alert: { id: "7", resolvedAt: "2026-04-01T12:05:00.000Z" },
      createdAt: "2026-04-01T12:05:00.000Z",
    });
    expect(body).not.toHaveProperty("rule");
  });

  it("tell what within the station the alert is about, with its name", () => {
    const channel = { ...alert, kind: "channelListenersZero" as const, subject: "channel:2", subjectName: "English" };
    expect(JSON.parse(alertBody(channel, "opened", "23")).alert).toMatchObject({
      kind: "channelListenersZero",
      subject: "channel:2",
      subjectName: "English",
    });
  });

  it("are the same bytes each time they are made from the same alert", () => {
    expect(alertBody(alert, "opened", "21", rule)).toBe(alertBody({ ...alert }, "opened", "21", { ...rule }));
  });

  it("make a test body and name every event", () => {
    expect(JSON.parse(testBody("5", t0))).toMatchObject({
      type: "test",
      deliveryId: "5",
      createdAt: "2026-04-01T12:00:00.000Z",
    });
    expect(["opened", "resolved", "test"].map((transition) => eventOf(transition as "opened"))).toEqual([
      "alert.opened",
      "alert.resolved",
      "test",
    ]);
  });
});
