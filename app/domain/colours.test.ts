import { describe, expect, it } from "vitest";
import { clampChannel, hexFromRgb, isValidHex, isWhitish, normalizeHex, rgbFromHex, stripNonHex } from "~/domain/colours";

describe("customization colours", () => {
  it("accepts 3 or 6 hex characters and expands 3 to 6", () => {
    expect(isValidHex("0af")).toBe(true);
    expect(isValidHex("0096D6")).toBe(true);
    expect(isValidHex("0096D")).toBe(false);
    expect(isValidHex("zzz")).toBe(false);
    expect(normalizeHex("0af")).toBe("00AAFF");
    expect(normalizeHex("#003746")).toBe("003746");
    expect(normalizeHex("12345")).toBeNull();
  });

  it("strips non-hex characters while typing", () => {
    expect(stripNonHex("#00-96 d6xyz")).toBe("0096d6");
  });

  it("clamps RGB values to 0–255", () => {
    expect(clampChannel(300)).toBe(255);
    expect(clampChannel(-4)).toBe(0);
    expect(hexFromRgb(300, -1, 128)).toBe("FF0080");
    expect(rgbFromHex("0096D6")).toEqual([0, 150, 214]);
  });

  it("flags white-ish colours for a grey border", () => {
    expect(isWhitish("FFFFFF")).toBe(true);
    expect(isWhitish("F5F5F5")).toBe(true);
    expect(isWhitish("0096D6")).toBe(false);
  });
});
