import { describe, expect, it } from "vitest";
import { pageCount, parseTableState } from "~/utils/table-state";

const options = { table: "stations", sortKeys: ["name", "status"] as const, defaultSort: "name" as const };

describe("table state in the query string", () => {
  it("falls back to the defaults for missing or unknown values", () => {
    expect(parseTableState(new URLSearchParams("sort=evil&order=up&page=-3&size=7"), options)).toEqual({
      sort: "name",
      order: "asc",
      page: 1,
      pageSize: 10,
      search: "",
    });
  });

  it("reads sort, order, page, size and search", () => {
    expect(parseTableState(new URLSearchParams("sort=status&order=desc&page=3&size=50&q=%20hall%20"), options)).toEqual(
      {
        sort: "status",
        order: "desc",
        page: 3,
        pageSize: 50,
        search: "hall",
      },
    );
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
  });
});
