// App customization colours (administration.md §5): 3 or 6 hex characters, 3 expanded to 6,
// non-hex characters stripped while typing, RGB clamped, white-ish colours get a grey border.
export const defaultColours = { backgroundColor: "003746", highlightColor: "0096D6", fontColor: "light" } as const;

export function stripNonHex(text: string): string {
  return text.replace(/[^0-9a-fA-F]/g, "").slice(0, 6);
}

export function isValidHex(text: string): boolean {
  return /^([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(text);
}

/** "0af" → "00AAFF"; six characters upper-cased; null when not valid. */
export function normalizeHex(text: string): string | null {
  const value = text.trim().replace(/^#/, "");
  if (!isValidHex(value)) return null;
  const six = value.length === 3 ? [...value].map((character) => character + character).join("") : value;
  return six.toUpperCase();
}

export function clampChannel(value: number): number {
  return Math.min(255, Math.max(0, Math.round(value)));
}

export function hexFromRgb(red: number, green: number, blue: number): string {
  return [red, green, blue]
    .map((channel) => clampChannel(channel).toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase();
}

export function rgbFromHex(hex: string): [number, number, number] {
  const six = normalizeHex(hex) ?? "000000";
  return [0, 2, 4].map((offset) => parseInt(six.slice(offset, offset + 2), 16)) as [number, number, number];
}

/** White-ish colours need a grey border to stay visible on a white page. */
export function isWhitish(hex: string): boolean {
  const [red, green, blue] = rgbFromHex(hex);
  return red > 230 && green > 230 && blue > 230;
}

/** What the hex field holds while typing: non-hex characters (and a leading #) stripped, at most 6. */
export function hexFieldValue(text: string): string {
  return stripNonHex(text);
}

/** The value an `<input type=color>` shows for a hex text ("#rrggbb"; black while the text is not valid). */
export function pickerValue(hex: string): string {
  return `#${(normalizeHex(hex) ?? "000000").toLowerCase()}`;
}

/**
 * Without JavaScript the colour picker and the hex field post side by side and nothing keeps
 * them in step: the one the user changed since the page was rendered (`shown`) wins, the typed
 * hex when both changed. Answers the hex text (non-hex characters stripped), maybe not valid.
 */
export function chosenColour(posted: { hex: string | null; picker: string | null }, shown: string): string {
  const hex = stripNonHex(posted.hex ?? shown);
  if (hex.toUpperCase() !== stripNonHex(shown).toUpperCase()) return hex;
  const picker = posted.picker ? normalizeHex(posted.picker) : null;
  if (picker && picker !== normalizeHex(pickerValue(shown))) return picker;
  return hex;
}

/** The listening app's text colours for the two font colour choices. */
export const fontColourHex = { light: "FFFFFF", dark: "1A1B1E" } as const;

/** WCAG relative luminance of a colour. */
export function relativeLuminance(hex: string): number {
  const [red, green, blue] = rgbFromHex(hex).map((channel) => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

/** WCAG contrast ratio of two colours, from 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

/** The app's text would be hard to read on this background (below WCAG AA's 4.5 : 1). */
export function hasLowContrast(backgroundHex: string, fontColor: keyof typeof fontColourHex): boolean {
  const background = normalizeHex(backgroundHex);
  return background !== null && contrastRatio(background, fontColourHex[fontColor]) < 4.5;
}
