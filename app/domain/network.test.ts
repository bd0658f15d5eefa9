import { describe, expect, it } from "vitest";
import { interfaceTypeFor, isHostname, joinSearchDomains, prefixLength, splitSearchDomains } from "~/domain/network";

describe("network rules", () => {
  it("splits search domains on commas, trims them and drops empty parts", () => {
    expect(splitSearchDomains(" venue.example, ,hall.venue.example ,, ")).toEqual([
      "venue.example",
      "hall.venue.example",
    ]);
    expect(splitSearchDomains("")).toEqual([]);
    expect(joinSearchDomains(["a.example", "b.example"])).toBe("a.example, b.example");
  });

  it("derives the prefix length of a netmask", () => {
    expect(prefixLength("255.255.255.0")).toBe(24);
    expect(prefixLength("255.255.254.0")).toBe(23);
    expect(prefixLength("0.0.0.0")).toBe(0);
    expect(prefixLength("255.255.255.255")).toBe(32);
  });

  it("names the interfaces per station type", () => {
    expect(interfaceTypeFor(1, "streaming")).toBe("Cs1Lan2");
    expect(interfaceTypeFor(1, "control")).toBe("Cs1Lan3");
    expect(interfaceTypeFor(2, "streaming")).toBe("Cs2PoE");
    expect(interfaceTypeFor(2, "control")).toBe("Cs2Control");
  });
});

describe("host names", () => {
  it("accepts dotted labels of letters, digits and inner hyphens", () => {
    expect(isHostname("mcs-0042.venue.local")).toBe(true);
    expect(isHostname("venue.local.")).toBe(true);
    expect(isHostname("localhost")).toBe(true);
    expect(isHostname("-bad.example")).toBe(false);
    expect(isHostname("bad..example")).toBe(false);
    expect(isHostname("under_score.example")).toBe(false);
    expect(isHostname("")).toBe(false);
  });
});
