import { describe, expect, it } from "vitest";
import { planBulkAction, type BulkCandidate } from "~/domain/bulk-actions";
import type { BulkConfirmation, BulkResult } from "./bulk.server";
import { bulkPageSize, confirmationPage, listPage, resultPage } from "./pages.server";

const station = (index: number, changes: Partial<BulkCandidate> = {}): BulkCandidate => ({
  serialNumber: `MCS-${String(index).padStart(4, "0")}`,
  name: null,
  type: 2,
  computedState: "Connected",
  isReady: true,
  isAuthorized: true,
  isChangingMode: false,
  canReboot: true,
  fingerprint: "AA",
  currentFirmwareVersion: "6.2.0",
  firmwareStatus: 1,
  listenerCount: 0,
  ...changes,
});

/** A fleet of 5,000: 3,000 to reboot, 1,500 with listeners, 500 not running, and 120 gone. */
function bigConfirmation(): BulkConfirmation {
  const stations = Array.from({ length: 5000 }, (_, index) =>
    station(index, index < 3000 ? {} : index < 4500 ? { listenerCount: 3 } : { computedState: "Disconnected" }),
  );
  const gone = Array.from({ length: 120 }, (_, index) => `GONE-${index}`);
  return { plan: planBulkAction("reboot", stations), firmware: {}, gone, digest: "d" };
}

const base = { action: "reboot" as const, selectionId: null, options: {} };

describe("the bulk pages", () => {
  it("send a fleet's confirmation as counts per reason and a page of each list", () => {
    const page = confirmationPage(base, bigConfirmation(), "s");
    expect(page.act).toMatchObject({ total: 3000, withListeners: 0, running: 3000 });
    expect(page.act.rows).toHaveLength(bulkPageSize);
    expect(page.skip.total).toBe(2120);
    expect(page.skip.byReason).toEqual([
      { reason: "listeners", count: 1500 },
      { reason: "notConnected", count: 500 },
      { reason: "gone", count: 120 },
    ]);
    expect(page.skip.rows).toHaveLength(bulkPageSize);
    expect(JSON.stringify(page).length, "what the page sends").toBeLessThan(50_000);
  });

  it("page through a full list, the gone stations last among the skipped", () => {
    const confirmation = bigConfirmation();
    const last = listPage(base, confirmation, "skip", "999");
    expect(last.page).toMatchObject({ page: 43, total: 2120 });
    expect(last.page.items.map((row) => row.serialNumber)).toEqual(
      Array.from({ length: 20 }, (_, index) => `GONE-${100 + index}`),
    );
    expect(listPage(base, confirmation, "act", "2").page.items[0]!.serialNumber).toBe("MCS-0050");
  });

  it("page a result, failed first, with its counts per skip reason and per failure", () => {
    const rows: BulkResult["rows"] = [
      ...Array.from({ length: 80 }, (_, index) => ({
        serialNumber: `D-${index}`,
        name: null,
        outcome: { kind: "done" as const },
      })),
      ...Array.from({ length: 30 }, (_, index) => ({
        serialNumber: `S-${index}`,
        name: null,
        outcome: { kind: "skipped" as const, reason: "listeners" as const },
      })),
      { serialNumber: "F-1", name: null, outcome: { kind: "failed", messageKey: "stations:bulk.failures.reboot" } },
    ];
    const result = resultPage({ user: "u", action: "reboot", rows }, null, { done: 80, skipped: 30, failed: 1 }, null);
    expect(result.page).toMatchObject({ page: 1, total: 111 });
    expect(result.page.items).toHaveLength(bulkPageSize);
    expect(result.page.items[0]!.serialNumber).toBe("F-1");
    expect(result.reasons).toEqual([
      { kind: "skipped", reason: "listeners", count: 30 },
      { kind: "failed", messageKey: "stations:bulk.failures.reboot", count: 1 },
    ]);
    expect(resultPage({ user: "u", action: "reboot", rows }, null, result.counts, "3").page.items).toHaveLength(11);
  });
});
