import { describe, expect, it } from "vitest";
import { withSearchParams } from "~/utils/url";

const afterMismatch = {
  pathname: "/stations",
  search: "?sort=name&order=asc&confirm=accept&station=MCS-0047&fingerprintChanged=1",
};

describe("links built from the current URL", () => {
  it("leave an open dialog's parameters behind", () => {
    expect(withSearchParams(afterMismatch, { sort: "status", order: "desc", page: null })).toBe(
      "/stations?sort=status&order=desc",
    );
  });

  it("keep the parameters a link sets itself", () => {
    expect(withSearchParams(afterMismatch, { confirm: "reject", station: "MCS-0046" })).toBe(
      "/stations?sort=name&order=asc&confirm=reject&station=MCS-0046",
    );
  });

  it("drop the add-token dialog, a token confirmation and the App view's overlays", () => {
    expect(
      withSearchParams({ pathname: "/apiTokens", search: "?dialog=addToken&confirm=revokeToken&token=t1" }, {}),
    ).toBe("/apiTokens");
    expect(withSearchParams({ pathname: "/appView", search: "?preview=closed&channel=c1&qr=c2" }, { page: 2 })).toBe(
      "/appView?preview=closed&page=2",
    );
  });
});
