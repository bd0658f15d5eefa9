import { describe, expect, it } from "vitest";
import {
  chosenColour,
  clampChannel,
  contrastRatio,
  hasLowContrast,
  hexFieldValue,
  hexFromRgb,
  isValidHex,
  isWhitish,
  normalizeHex,
  pickerValue,
  rgbFromHex,
  stripNonHex,
} from "~/domain/colours";

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

  it("keeps the hex field to hex characters and gives the picker a colour it can show", () => {
    expect(hexFieldValue("#0a-F")).toBe("0aF");
    expect(hexFieldValue("1234567")).toBe("123456");
    expect(pickerValue("0af")).toBe("#00aaff");
    expect(pickerValue("0096D6")).toBe("#0096d6");
    expect(pickerValue("12")).toBe("#000000");
  });

  it("without JavaScript takes the colour the user changed: the hex field first, else the picker", () => {
    const shown = "003746";
    expect(chosenColour({ hex: "003746", picker: "#003746" }, shown)).toBe("003746");
    expect(chosenColour({ hex: "003746", picker: "#ff8800" }, shown)).toBe("FF8800");
    expect(chosenColour({ hex: "#12ab", picker: "#003746" }, shown)).toBe("12ab");
    expect(chosenColour({ hex: "fff", picker: "#ff8800" }, shown)).toBe("fff");
    expect(chosenColour({ hex: null, picker: null }, shown)).toBe("003746");
    // A shown value that is not valid yet: the picker showed black.
    expect(chosenColour({ hex: "12", picker: "#000000" }, "12")).toBe("12");
    expect(chosenColour({ hex: "12", picker: "#00ff00" }, "12")).toBe("00FF00");
  });

  it("measures contrast as WCAG does and warns below 4.5 : 1", () => {
    expect(contrastRatio("FFFFFF", "000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("777777", "777777")).toBe(1);
    expect(contrastRatio("0096D6", "FFFFFF")).toBeCloseTo(3.32, 2);
    expect(hasLowContrast("003746", "light")).toBe(false);
    expect(hasLowContrast("112233", "dark")).toBe(true);
    expect(hasLowContrast("0096D6", "light")).toBe(true);
    expect(hasLowContrast("F5F5F5", "dark")).toBe(false);
    expect(hasLowContrast("12", "dark")).toBe(false);
  });
});
