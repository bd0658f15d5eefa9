// The few layout props the screens give their elements — outer and inner spacing, width, text
// alignment and weight — turned into an inline style, in the theme's units: a spacing name is the
// theme's `--mantine-spacing-*`, a number is pixels as rem (so `--mantine-scale` applies). One
// plain object per element, no theme lookup (docs/decisions/056-ui-kit-of-our-own.md).
import type { CSSProperties } from "react";

export type SpacingName = "xs" | "sm" | "md" | "lg" | "xl";
export type Spacing = SpacingName | number;
/** A length: a number of pixels (as rem) or any CSS length ("100%", "2.5ch"). */
export type Length = number | string;

export const rem = (px: number) => (px === 0 ? "0rem" : `calc(${px / 16}rem * var(--mantine-scale))`);

export const space = (value: Spacing) => (typeof value === "number" ? rem(value) : `var(--mantine-spacing-${value})`);

const length = (value: Length) => (typeof value === "number" ? rem(value) : value);

export interface BoxProps {
  m?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  my?: Spacing;
  mx?: Spacing;
  p?: Spacing;
  pt?: Spacing;
  pb?: Spacing;
  py?: Spacing;
  px?: Spacing;
  w?: Length;
  maw?: Length;
  h?: Length;
  mih?: Length;
  fw?: number;
  ta?: "left" | "center" | "right";
  style?: CSSProperties;
}

const boxKeys = new Set<string>(["m", "mt", "mb", "my", "mx", "p", "pt", "pb", "py", "px"]);
boxKeys.add("w").add("maw").add("h").add("mih").add("fw").add("ta").add("style");

/** The element's own style: `style` first, then the layout props (they win, as style props do). */
export function boxStyle({ m, mt, mb, my, mx, p, pt, pb, py, px, w, maw, h, mih, fw, ta, style }: BoxProps) {
  let result: CSSProperties | undefined = style;
  const set = (property: keyof CSSProperties, value: string | number) => {
    result = { ...result, [property]: value };
  };
  if (m !== undefined) set("margin", space(m));
  if (my !== undefined) set("marginBlock", space(my));
  if (mx !== undefined) set("marginInline", space(mx));
  if (mt !== undefined) set("marginTop", space(mt));
  if (mb !== undefined) set("marginBottom", space(mb));
  if (p !== undefined) set("padding", space(p));
  if (py !== undefined) set("paddingBlock", space(py));
  if (px !== undefined) set("paddingInline", space(px));
  if (pt !== undefined) set("paddingTop", space(pt));
  if (pb !== undefined) set("paddingBottom", space(pb));
  if (w !== undefined) set("width", length(w));
  if (maw !== undefined) set("maxWidth", length(maw));
  if (h !== undefined) set("height", length(h));
  if (mih !== undefined) set("minHeight", length(mih));
  if (fw !== undefined) set("fontWeight", fw);
  if (ta !== undefined) set("textAlign", ta);
  return result;
}

/** Splits an element's props into its style (from the layout props) and the rest, passed on as given. */
export function splitBox<Props extends BoxProps>(
  props: Props,
): [CSSProperties | undefined, Omit<Props, keyof BoxProps>] {
  let hasBox = false;
  const rest: Record<string, unknown> = {};
  for (const key in props) {
    if (boxKeys.has(key)) hasBox = true;
    else rest[key] = props[key];
  }
  return [hasBox ? boxStyle(props) : undefined, rest as Omit<Props, keyof BoxProps>];
}

/** The kit's class names, with the caller's own after them. */
export const classNames = (own: string, extra?: string) => (extra ? `${own} ${extra}` : own);

/** A gap: a spacing name (or 0) as a data attribute the stylesheet knows, other numbers inline. */
export function gapOf(gap: Spacing | undefined, style: CSSProperties | undefined) {
  if (gap === undefined || gap === "md") return { token: undefined, style };
  if (typeof gap === "string" || gap === 0) return { token: String(gap), style };
  return { token: undefined, style: { gap: rem(gap), ...style } };
}
