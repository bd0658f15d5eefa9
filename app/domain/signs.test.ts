import { describe, expect, it } from "vitest";
import { contrastRatio } from "~/domain/colours";
import {
  cardSizes,
  isListedInApp,
  linesOf,
  nameSizeMm,
  nameType,
  pageRule,
  readSignOptions,
  sheetGeometry,
  sheetsOf,
  signColours,
  signInk,
  signLanguagesOf,
  signLayouts,
  signsPath,
  smallestQrCode,
} from "~/domain/signs";

const options = (query: string, language: "en" | "de" = "en") => readSignOptions(new URLSearchParams(query), language);

describe("the print page's URL state", () => {
  it("defaults to A4, the console's language, no PINs and every channel", () => {
    expect(options("")).toEqual({ layout: "a4", language: "en", printPins: false, only: null });
    expect(options("", "de")).toMatchObject({ language: "de" });
  });

  it("reads the choices and ignores values it does not know", () => {
    expect(options("layout=a6&language=both&pins=1")).toMatchObject({
      layout: "a6",
      language: "both",
      printPins: true,
    });
    expect(options("layout=wall")).toMatchObject({ layout: "wall" });
    expect(options("layout=letter&language=fr&pins=yes")).toMatchObject({
      layout: "a4",
      language: "en",
      printPins: false,
    });
  });

  it("prints one channel when both station and channel are given, and refuses half or malformed addresses", () => {
    expect(options("station=MCS-0042&channel=2")).toMatchObject({
      only: { serialNumber: "MCS-0042", channelIndex: 2 },
    });
    for (const query of ["station=MCS-0042", "channel=1", "station=MCS-0042&channel=0", "station=MCS-0042&channel=1.5"])
      expect(options(query), query).toBe("invalidChannel");
  });

  it("links to every channel or to one", () => {
    expect(signsPath()).toBe("/appView/signs");
    expect(signsPath({ serialNumber: "MCS 1/2", channelIndex: 3 })).toBe("/appView/signs?station=MCS+1%2F2&channel=3");
  });

  it("speaks English, German or both, English first", () => {
    expect(signLanguagesOf("both")).toEqual(["en", "de"]);
    expect(signLanguagesOf("de")).toEqual(["de"]);
  });
});

describe("which channels get a sign", () => {
  it("those listeners see in the app: enabled and not hidden", () => {
    expect(isListedInApp({ isEnabled: true, isHidden: false })).toBe(true);
    expect(isListedInApp({ isEnabled: true, isHidden: true })).toBe(false);
    expect(isListedInApp({ isEnabled: false, isHidden: false })).toBe(false);
  });
});

describe("sheets of paper", () => {
  it("puts four cards on an A4 sheet and one on an A6 sheet, in order", () => {
    const cards = [1, 2, 3, 4, 5, 6];
    expect(sheetsOf(cards, "a4")).toEqual([
      [1, 2, 3, 4],
      [5, 6],
    ]);
    expect(sheetsOf(cards, "a6")).toHaveLength(6);
    expect(sheetsOf(cards, "wall")).toEqual([[1], [2], [3], [4], [5], [6]]);
    expect(sheetsOf([], "a4")).toEqual([]);
  });

  it("keeps every sheet of cards inside the page's printable area, with room to spare", () => {
    for (const layout of signLayouts) {
      const { pageWidth, pageHeight, margin, columns, rows, gap } = sheetGeometry[layout];
      const card = cardSizes[layout];
      expect(columns * card.width + (columns - 1) * gap, layout).toBeLessThanOrEqual(pageWidth - 2 * margin - 1);
      expect(rows * card.height + (rows - 1) * gap, layout).toBeLessThanOrEqual(pageHeight - 2 * margin - 1);
    }
    expect(pageRule("a6")).toBe("@page { size: 105mm 148mm; margin: 6mm; }");
    expect(pageRule("wall")).toBe("@page { size: 210mm 297mm; margin: 8mm; }");
  });

  it("asks for codes of at least 60 % of a card's width, and 150 mm on the wall", () => {
    expect(smallestQrCode.a4).toBeCloseTo(55.2);
    expect(smallestQrCode.a6).toBeCloseTo(55.2);
    expect(smallestQrCode.wall).toBe(150);
  });
});

describe("a channel's name on a sign", () => {
  it("wraps at spaces and breaks a word longer than a line", () => {
    expect(linesOf("Foyer", 10)).toBe(1);
    expect(linesOf("Main Hall – English", 6.5)).toBe(2);
    expect(linesOf("W".repeat(20), 6.5)).toBe(4);
  });

  it("keeps the wall sign's largest type (capitals of 20 mm) for a name that fits two lines of it", () => {
    // Capitals of at least 0.7 em in the faces a sign prints in.
    expect(nameType.wall.largestMm * 0.7).toBeGreaterThanOrEqual(20);
    for (const name of ["Foyer", "Main Hall – English", "Chapel – Organ feed"])
      expect(nameSizeMm(name, "wall"), name).toBe(nameType.wall.largestMm);
    expect(nameSizeMm("Main Hall – English", "a4")).toBe(nameType.a4.largestMm);
  });

  it("shrinks a longer name until its lines fit the name's space, down to the longest name the Manager allows", () => {
    for (const layout of signLayouts) {
      const { widthMm, heightMm, lineHeight, smallestMm, largestMm } = nameType[layout];
      for (const name of ["Lecture Theatre 1 – Interpreter", "W".repeat(64), "Wm ".repeat(21) + "W", "x".repeat(64)]) {
        const size = nameSizeMm(name, layout);
        if (name.length === 64 || layout === "wall") expect(size, `${layout} ${name}`).toBeLessThan(largestMm);
        expect(size, `${layout} ${name}`).toBeGreaterThan(smallestMm);
        const lines = linesOf(name, widthMm / size);
        expect(lines * size * lineHeight, `${layout} ${name}: ${lines} lines`).toBeLessThanOrEqual(heightMm);
      }
    }
  });
});

describe("a sign's colours", () => {
  it("print text at a contrast of at least 7 : 1", () => {
    expect(contrastRatio(signInk.text, signInk.paper)).toBeGreaterThanOrEqual(7);
  });

  it("take the app's colours, the defaults without a customization, and frame in grey where the highlight is too light", () => {
    expect(signColours(null)).toEqual({ band: "003746", frame: "0096D6" });
    expect(signColours({ backgroundColor: "123456", highlightColor: "ffcc00" })).toEqual({
      band: "123456",
      frame: "FFCC00",
    });
    expect(signColours({ backgroundColor: "FFFFFF", highlightColor: "FAFAFA" }).frame).toBe("868E96");
  });
});
