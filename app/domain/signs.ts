// Printable channel signs (issue 29, docs/decisions/061-printable-signs.md): what the print page's
// URL says (layout, language, PINs, one channel or all), which channels get a sign, and how the
// signs are laid out on sheets of paper. Pure, shared by the loader and the page.

import { contrastRatio, defaultColours, normalizeHex } from "~/domain/colours";

export const signLayouts = ["a4", "a6", "wall"] as const;
export type SignLayout = (typeof signLayouts)[number];

export const signLanguages = ["en", "de", "both"] as const;
export type SignLanguageChoice = (typeof signLanguages)[number];
export type SignLanguage = Exclude<SignLanguageChoice, "both">;

/**
 * One paper size per layout, in millimetres. A card is the same size on A4 and A6 (about A6): an
 * A4 sheet holds two by two with a gap to cut along, an A6 sheet one. The wall sign fills an A4
 * page. The cards and gaps stay a few millimetres inside the printable area, so rounding never
 * pushes a card onto the next page.
 */
export const sheetGeometry = {
  a4: { pageWidth: 210, pageHeight: 297, margin: 10, columns: 2, rows: 2, gap: 5 },
  a6: { pageWidth: 105, pageHeight: 148, margin: 6, columns: 1, rows: 1, gap: 0 },
  wall: { pageWidth: 210, pageHeight: 297, margin: 8, columns: 1, rows: 1, gap: 0 },
} as const satisfies Record<SignLayout, object>;

/** A sign's size on paper, per layout, in millimetres. */
export const cardSizes = {
  a4: { width: 92, height: 134 },
  a6: { width: 92, height: 134 },
  wall: { width: 193, height: 280 },
} as const satisfies Record<SignLayout, { width: number; height: number }>;

/**
 * The smallest QR code (the symbol, without its white margin) a sign may print, in millimetres: a
 * code scans from about ten times its width, so a card's 60 % of its width reads from half a
 * metre, and the wall sign's 150 mm from a metre and a half (issue 38).
 */
export const smallestQrCode = {
  a4: 0.6 * cardSizes.a4.width,
  a6: 0.6 * cardSizes.a6.width,
  wall: 150,
} as const satisfies Record<SignLayout, number>;

/**
 * The channel's name type, per layout (mm): the size it starts at, the smallest it shrinks to, the
 * space it has (width, and height for its lines at a line height of `lineHeight`). On the wall sign
 * the name is read from 2 m: 28.6 mm type has capitals of 20 mm and more in the common sans-serif
 * faces (cap height 0.7 em and up: Segoe UI 0.70, Liberation Sans 0.70, Roboto 0.71, DejaVu Sans
 * 0.73), on up to two lines.
 */
export const nameType = {
  a4: { largestMm: 6.35, smallestMm: 3.2, widthMm: 82, heightMm: 13.4, lineHeight: 1.05 },
  a6: { largestMm: 6.35, smallestMm: 3.2, widthMm: 82, heightMm: 13.4, lineHeight: 1.05 },
  wall: { largestMm: 28.6, smallestMm: 10, widthMm: 181, heightMm: 60.1, lineHeight: 1.05 },
} as const satisfies Record<SignLayout, object>;

/**
 * The advance widths of the printable ASCII characters (space to "~") in DejaVu Sans Bold, in
 * thousandths of an em: the widest of the faces a sign prints in (Debian's and most Linux kiosks'
 * sans-serif; Arial, Helvetica, Roboto and Segoe UI are narrower), so a name measured to fit does.
 */
// prettier-ignore
const boldAsciiWidths = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
  696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580,
  1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850,
  733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500,
  500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
  716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838, 500,
];

/** How wide a text is in bold sans-serif type, in em; any other character counts as a full em. */
function boldWidthEm(text: string) {
  let width = 0;
  for (const character of text) {
    const code = character.codePointAt(0)! - 32;
    width += (code >= 0 && code < boldAsciiWidths.length ? boldAsciiWidths[code]! : 1000) / 1000;
  }
  return width;
}

/** How many lines `text` takes in a column `widthEm` wide, wrapped at spaces (a word too long for a line breaks anywhere). */
export function linesOf(text: string, widthEm: number): number {
  let lines = 1;
  let used = 0;
  for (const word of text.trim().split(/\s+/)) {
    let rest = boldWidthEm(word);
    const space = used > 0 ? boldWidthEm(" ") : 0;
    if (used > 0 && used + space + rest <= widthEm) {
      used += space + rest;
      continue;
    }
    if (used > 0) lines += 1;
    while (rest > widthEm) {
      lines += 1;
      rest -= widthEm;
    }
    used = rest;
  }
  return lines;
}

/**
 * The size of a channel's name on a sign (mm): the largest at which it fits the name's space, in
 * steps of a tenth — a long name wraps, then shrinks, rather than pushing the code off the sign.
 * The smallest size fits the longest name the Manager allows (64 characters).
 */
export function nameSizeMm(name: string, layout: SignLayout): number {
  const { largestMm, smallestMm, widthMm, heightMm, lineHeight } = nameType[layout];
  for (let size = largestMm; size > smallestMm; size *= 0.9) {
    const lines = Math.floor(heightMm / (size * lineHeight));
    if (lines >= 1 && linesOf(name, widthMm / size) <= lines) return Math.round(size * 100) / 100;
  }
  return smallestMm;
}

export const signParams = {
  layout: "layout",
  language: "language",
  pins: "pins",
  station: "station",
  channel: "channel",
} as const;

export interface SignOptions {
  layout: SignLayout;
  language: SignLanguageChoice;
  printPins: boolean;
  /** One channel (from its page), or null for every channel listeners see. */
  only: { serialNumber: string; channelIndex: number } | null;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

/**
 * The page's URL state. Unknown values fall back to the defaults (A4, the console's language, no
 * PINs); a channel index that is not a whole number from 1 makes `only` invalid ("invalid").
 */
export function readSignOptions(
  search: URLSearchParams,
  consoleLanguage: SignLanguage,
): SignOptions | "invalidChannel" {
  const serialNumber = search.get(signParams.station);
  const channel = search.get(signParams.channel);
  let only: SignOptions["only"] = null;
  if (serialNumber !== null || channel !== null) {
    if (!serialNumber || !channel || !/^[1-9]\d{0,3}$/.test(channel)) return "invalidChannel";
    only = { serialNumber, channelIndex: Number(channel) };
  }
  return {
    layout: oneOf(signLayouts, search.get(signParams.layout), "a4"),
    language: oneOf(signLanguages, search.get(signParams.language), consoleLanguage),
    printPins: search.get(signParams.pins) === "1",
    only,
  };
}

/** The languages a sign speaks, English first when both. */
export function signLanguagesOf(choice: SignLanguageChoice): SignLanguage[] {
  return choice === "both" ? ["en", "de"] : [choice];
}

/** The link to the print page: every channel, or one. */
export function signsPath(only?: { serialNumber: string; channelIndex: number }) {
  if (!only) return "/appView/signs";
  const query = new URLSearchParams({
    [signParams.station]: only.serialNumber,
    [signParams.channel]: String(only.channelIndex),
  });
  return `/appView/signs?${query}`;
}

/** A channel listeners see in the app: enabled and not hidden (as the App view's phone preview). */
export function isListedInApp(channel: { isEnabled: boolean; isHidden: boolean }) {
  return channel.isEnabled && !channel.isHidden;
}

/** The cards in sheets of paper: four to an A4 sheet, one to an A6 sheet or a wall sign's page, in order. */
export function sheetsOf<T>(cards: readonly T[], layout: SignLayout): T[][] {
  const { columns, rows } = sheetGeometry[layout];
  const perSheet = columns * rows;
  const sheets: T[][] = [];
  for (let start = 0; start < cards.length; start += perSheet) sheets.push(cards.slice(start, start + perSheet));
  return sheets;
}

/** The CSS of the chosen paper: size and margins of every printed page. */
export function pageRule(layout: SignLayout) {
  const { pageWidth, pageHeight, margin } = sheetGeometry[layout];
  // In millimetres: Chromium knows the keyword A4 but not A6 (it drops the rule and prints Letter).
  return `@page { size: ${pageWidth}mm ${pageHeight}mm; margin: ${margin}mm; }`;
}

/** Every word on a sign: near-black on white, 19.8 : 1, above WCAG AAA's 7 : 1 for any branding. */
export const signInk = { text: "111111", paper: "FFFFFF" } as const;

/**
 * The branding a sign carries: the app's background colour behind the logo (no text sits on it,
 * so any colour will do) and its highlight colour as the card's frame — grey where the highlight
 * is too light to see on white paper.
 */
export function signColours(branding: { backgroundColor: string; highlightColor: string } | null) {
  const band = normalizeHex(branding?.backgroundColor ?? "") ?? defaultColours.backgroundColor;
  const highlight = normalizeHex(branding?.highlightColor ?? "") ?? defaultColours.highlightColor;
  return { band, frame: contrastRatio(highlight, signInk.paper) < 1.5 ? "868E96" : highlight };
}
