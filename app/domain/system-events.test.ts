import { describe, expect, it } from "vitest";
import {
  moreEventCount,
  needsTopUp,
  shownEventCount,
  systemEventMaximumShown,
  systemEventPageSize,
  systemEventTypeName,
} from "~/domain/system-events";

describe("system event types", () => {
  it("names 0 unknown, 1 info, 2 warning, 3 error", () => {
    expect([0, 1, 2, 3].map((type) => systemEventTypeName(type as 0 | 1 | 2 | 3))).toEqual([
      "unknown",
      "info",
      "warning",
      "error",
    ]);
  });
});

describe("paging", () => {
  it("shows whole pages, at least one, at most the maximum", () => {
    expect(shownEventCount(null)).toBe(systemEventPageSize);
    expect(shownEventCount("abc")).toBe(systemEventPageSize);
    expect(shownEventCount("-5")).toBe(systemEventPageSize);
    expect(shownEventCount("20")).toBe(20);
    expect(shownEventCount("21")).toBe(30);
    expect(shownEventCount("100000")).toBe(systemEventMaximumShown);
    expect(moreEventCount(10)).toBe(20);
    expect(moreEventCount(systemEventMaximumShown)).toBe(systemEventMaximumShown);
  });
});

describe("needsTopUp", () => {
  it("asks for more once 6 or fewer are held and more exist", () => {
    expect(needsTopUp(6, 7)).toBe(true);
    expect(needsTopUp(3, 20)).toBe(true);
    expect(needsTopUp(7, 20)).toBe(false);
    expect(needsTopUp(6, 6)).toBe(false);
    expect(needsTopUp(0, 0)).toBe(false);
  });
});
