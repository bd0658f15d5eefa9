// Printable channel signs (issue 29, docs/decisions/061-printable-signs.md): what the print page's
// URL says (layout, language, PINs, one channel or all), which channels get a sign, and how the
// signs are laid out on sheets of paper. Pure, shared by the loader and the page.

import { contrastRatio, defaultColours, normalizeHex } from "~/domain/colours";

export const signLayouts = ["a4", "a6"] as const;
export type SignLayout = (typeof signLayouts)[number];

export const signLanguages = ["en", "de", "both"] as const;
export type SignLanguageChoice = (typeof signLanguages)[number];
export type SignLanguage = Exclude<SignLanguageChoice, "both">;

/**
 * One paper size per layout, in millimetres. A card is the same size in both (about A6): an A4
 * sheet holds two by two with a gap to cut along, an A6 sheet one. The cards and gaps stay a few
 * millimetres inside the printable area, so rounding never pushes a card onto the next page.
 */
export const sheetGeometry = {
  a4: { pageWidth: 210, pageHeight: 297, margin: 10, columns: 2, rows: 2, gap: 5 },
  a6: { pageWidth: 105, pageHeight: 148, margin: 6, columns: 1, rows: 1, gap: 0 },
} as const satisfies Record<SignLayout, object>;

export const cardSize = { width: 92, height: 134 } as const;

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

/** The cards in sheets of paper: four to an A4 sheet, one to an A6 sheet, in order. */
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
