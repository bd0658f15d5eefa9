import { describe, expect, it } from "vitest";
import { pageOf } from "~/utils/paging";

const items = Array.from({ length: 120 }, (_, index) => index + 1);

describe("pageOf", () => {
  it("gives the requested page, the last one when asked past the end, and page 1 for nonsense", () => {
    expect(pageOf(items, "2", 50)).toEqual({ items: items.slice(50, 100), page: 2, pageSize: 50, total: 120 });
    expect(pageOf(items, "9", 50).items).toEqual(items.slice(100));
    expect(pageOf(items, "9", 50).page).toBe(3);
    for (const nonsense of [null, "", "0", "-1", "1.5", "abc"]) expect(pageOf(items, nonsense, 50).page).toBe(1);
    expect(pageOf([], "3", 50)).toEqual({ items: [], page: 1, pageSize: 50, total: 0 });
  });
});
