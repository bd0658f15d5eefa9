// Mantine's markup for the elements a long list repeats — table rows and cells, stacks, small
// texts, badges — written as plain elements with Mantine's classes and CSS variables. Mantine's
// components resolve theme, props, styles API and style props on every element, which was a fifth
// of a /stations document's server CPU
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives). The HTML is the
// same, byte for byte, for users, axe and Mantine's CSS: tests/console/plain-markup.test.ts renders
// each one next to its Mantine original. Use them where a list repeats them; use Mantine's
// components everywhere else.
import { forwardRef, type CSSProperties, type ElementType, type ReactNode } from "react";

/** A row of a `<Table striped highlightOnHover>` (DataTable's table). */
export function TableRow({ children }: { children?: ReactNode }) {
  return (
    <tr className="m_4e7aa4fd mantine-Table-tr" data-with-row-border="true" data-striped="odd" data-hover="true">
      {children}
    </tr>
  );
}

export function TableCell({ colSpan, children }: { colSpan?: number; children?: ReactNode }) {
  return (
    <td className="m_4e7aa4ef mantine-Table-td" colSpan={colSpan}>
      {children}
    </td>
  );
}

const regularWeight: CSSProperties = { fontWeight: 400 };

/** `<Table.Th scope="row" fw={400}>`: the cell that names its row, in the body's weight. */
export function RowHeaderCell({ children }: { children?: ReactNode }) {
  return (
    <th style={regularWeight} className="m_4e7aa4f3 mantine-Table-th" scope="row">
      {children}
    </th>
  );
}

const stackStyles = {
  0: { "--stack-gap": "0rem", "--stack-align": "stretch", "--stack-justify": "flex-start" },
  4: {
    "--stack-gap": "calc(0.25rem * var(--mantine-scale))",
    "--stack-align": "stretch",
    "--stack-justify": "flex-start",
  },
} as Record<number, CSSProperties>;

/**
 * `<Stack gap>`, as a div or a list (`<Stack component="ul">`); `style` for what style props
 * write after the stack's variables (`p={0} m={0}` and the like, in Mantine's order).
 */
export function PlainStack({
  gap,
  component: Element = "div",
  style,
  children,
  ...attributes
}: {
  gap: Spacing;
  component?: "div" | "ul";
  style?: CSSProperties;
  "data-testid"?: string;
  "aria-label"?: string;
  children?: ReactNode;
}) {
  const variables =
    (typeof gap === "number" ? stackStyles[gap] : undefined) ??
    ({ "--stack-gap": spacing(gap), "--stack-align": "stretch", "--stack-justify": "flex-start" } as CSSProperties);
  return (
    <Element
      style={style ? { ...variables, ...style } : variables}
      className="m_6d731127 mantine-Stack-root"
      {...attributes}
    >
      {children}
    </Element>
  );
}

type TextSize = "xs" | "sm";
const textStyles = {
  xs: { "--text-fz": "var(--mantine-font-size-xs)", "--text-lh": "var(--mantine-line-height-xs)" },
  sm: { "--text-fz": "var(--mantine-font-size-sm)", "--text-lh": "var(--mantine-line-height-sm)" },
} as Record<TextSize, CSSProperties>;
const dimmedTextStyles = {
  xs: { ...textStyles.xs, color: "var(--mantine-color-dimmed)" },
  sm: { ...textStyles.sm, color: "var(--mantine-color-dimmed)" },
} as Record<TextSize, CSSProperties>;
const dimmedText: CSSProperties = { color: "var(--mantine-color-dimmed)" };

function textStyle(size: TextSize | undefined, dimmed: boolean, style: CSSProperties | undefined) {
  const base = size ? (dimmed ? dimmedTextStyles : textStyles)[size] : dimmed ? dimmedText : undefined;
  return style ? { ...base, ...style } : base;
}

/**
 * `<Text size="xs" | "sm">` (or Mantine's default size without `size`), with `c="dimmed"` when
 * `dimmed`; `component` "span" or "time" for `<Text span>` / `<Text component="time">`; `style`
 * for what style props would write after those (`fw`, `ta`, `w`, in Mantine's order).
 */
export function PlainText({
  size,
  dimmed = false,
  component: Element = "p",
  style,
  children,
  ...attributes
}: {
  size?: TextSize;
  dimmed?: boolean;
  component?: "p" | "span" | "time";
  style?: CSSProperties;
  id?: string;
  dateTime?: string;
  "aria-hidden"?: "true";
  "data-testid"?: string;
  children?: ReactNode;
}) {
  return (
    <Element
      style={textStyle(size, dimmed, style)}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      {...attributes}
    >
      {children}
    </Element>
  );
}

export type BadgeColor = "green" | "violet" | "orange" | "red" | "gray";

function badgeStyle(color: BadgeColor): CSSProperties {
  const light = color !== "gray";
  return {
    overflow: "visible",
    "--badge-radius": "var(--mantine-radius-sm)",
    "--badge-bg": light ? `var(--mantine-color-${color}-light)` : "var(--mantine-color-default)",
    "--badge-color": light ? `var(--mantine-color-${color}-light-color)` : "var(--mantine-color-default-color)",
    "--badge-bd": `calc(0.0625rem * var(--mantine-scale)) solid ${light ? "transparent" : "var(--mantine-color-default-border)"}`,
    textTransform: "none",
    flexShrink: 0,
  } as CSSProperties;
}

const badgeStyles = Object.fromEntries(
  (["green", "violet", "orange", "red", "gray"] as const).map((color) => [color, badgeStyle(color)]),
) as Record<BadgeColor, CSSProperties>;
const visibleOverflow: CSSProperties = { overflow: "visible" };

/**
 * `<Badge color radius="sm" style={{ textTransform: "none", flexShrink: 0 }}>` under the app's
 * theme (overflow visible): `variant="light"`, or `variant="default"` for gray.
 */
export function PlainBadge({ color, children }: { color: BadgeColor; children?: ReactNode }) {
  return (
    <div
      style={badgeStyles[color]}
      className="m_347db0ec mantine-Badge-root"
      data-variant={color === "gray" ? "default" : "light"}
    >
      <span className="m_5add502a mantine-Badge-label" style={visibleOverflow}>
        {children}
      </span>
    </div>
  );
}

/** A size of Mantine's spacing scale, or a number of pixels (as rem, scaled), as `gap` takes them. */
type Spacing = "xs" | "sm" | "md" | "lg" | "xl" | number;
const spacing = (gap: Spacing) =>
  typeof gap === "number"
    ? gap === 0
      ? "0rem"
      : `calc(${gap / 16}rem * var(--mantine-scale))`
    : `var(--mantine-spacing-${gap})`;

/** `<Group>` with `gap`, `align`, `justify`, `wrap` (Mantine's defaults when left out), as a div, li, footer or nav. */
export function PlainGroup({
  component: Element = "div",
  gap = "md",
  align = "center",
  justify = "flex-start",
  wrap = "wrap",
  style,
  children,
  ...attributes
}: {
  component?: "div" | "li" | "footer" | "nav";
  gap?: Spacing;
  align?: "center" | "flex-start";
  justify?: "flex-start" | "space-between";
  wrap?: "wrap" | "nowrap";
  /** What style props write after the group's variables (`px`, `h`, in Mantine's order). */
  style?: CSSProperties;
  "data-testid"?: string;
  "aria-label"?: string;
  children?: ReactNode;
}) {
  const variables = {
    "--group-gap": spacing(gap),
    "--group-align": align,
    "--group-justify": justify,
    "--group-wrap": wrap,
  };
  return (
    <Element
      style={{ ...variables, ...style } as CSSProperties}
      className="m_4081bf90 mantine-Group-root"
      {...attributes}
    >
      {children}
    </Element>
  );
}

/**
 * `<Card withBorder padding>` as a section or a list item; `shadow` and `style` (written after the
 * card's variables) for a draggable row, which also takes a ref.
 */
export const PlainCard = forwardRef<
  HTMLElement,
  {
    component?: "div" | "section" | "li";
    padding: "xs" | "sm" | "md" | "lg";
    shadow?: "md";
    style?: CSSProperties;
    "aria-labelledby"?: string;
    "data-testid"?: string;
    children?: ReactNode;
  }
>(function PlainCard({ component: Element = "div", padding, shadow, style, children, ...attributes }, ref) {
  const variables = {
    ...(shadow ? { "--paper-shadow": `var(--mantine-shadow-${shadow})` } : {}),
    "--card-padding": `var(--mantine-spacing-${padding})`,
    ...style,
  };
  return (
    <Element
      ref={ref as never}
      style={variables as CSSProperties}
      className="m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root"
      data-with-border="true"
      {...attributes}
    >
      {children}
    </Element>
  );
});

export type DotBadgeColor = "green" | "orange" | "red" | "gray" | "violet" | "brand";
const dotBadgeStyles = Object.fromEntries(
  (["green", "orange", "red", "gray", "violet", "brand"] as const).map((color) => [
    color,
    {
      overflow: "visible",
      "--badge-radius": "var(--mantine-radius-sm)",
      "--badge-dot-color": `var(--mantine-color-${color}-filled)`,
    } as CSSProperties,
  ]),
) as Record<DotBadgeColor, CSSProperties>;

/** `<Badge variant="dot" color radius="sm">` under the app's theme (overflow visible). */
export function PlainDotBadge({ color, children }: { color: DotBadgeColor; children?: ReactNode }) {
  return (
    <div style={dotBadgeStyles[color]} className="m_fbd81e3d m_347db0ec mantine-Badge-root" data-variant="dot">
      <span className="m_5add502a mantine-Badge-label" style={visibleOverflow}>
        {children}
      </span>
    </div>
  );
}

const anchorSizes: Record<TextSize, CSSProperties> = textStyles;

/**
 * `<Anchor component={Link}>` (or another element): `size="sm"` and `style` as Anchor writes them,
 * every other prop passed on to the element in the order given.
 */
export function PlainAnchor<Props extends object>({
  component: Element,
  size,
  style,
  children,
  ...attributes
}: {
  component: ElementType<Props>;
  size?: TextSize;
  style?: CSSProperties;
  children?: ReactNode;
} & Props) {
  const Anchor = Element as ElementType;
  return (
    <Anchor
      style={size ? { ...anchorSizes[size], ...style } : style}
      className="mantine-focus-auto m_849cf0da m_b6d8b162 mantine-Text-root mantine-Anchor-root"
      data-size={size}
      data-underline="hover"
      {...attributes}
    >
      {children}
    </Anchor>
  );
}

type Heading = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
const titleStyles = Object.fromEntries(
  (["h1", "h2", "h3", "h4", "h5", "h6"] as const).map((size) => [
    size,
    {
      "--title-fw": `var(--mantine-${size}-font-weight)`,
      "--title-lh": `var(--mantine-${size}-line-height)`,
      "--title-fz": `var(--mantine-${size}-font-size)`,
    } as CSSProperties,
  ]),
) as Record<Heading, CSSProperties>;

/** `<Title order size id>`: a heading of one level in another level's size (a card's heading). */
export function PlainTitle({
  order,
  size,
  id,
  children,
}: {
  order: 1 | 2 | 3 | 4 | 5 | 6;
  size: Heading;
  id?: string;
  children?: ReactNode;
}) {
  const Element = `h${order}` as const;
  return (
    <Element
      style={titleStyles[size]}
      className="m_8a5d1357 mantine-Title-root"
      data-size={size}
      data-order={order}
      id={id}
    >
      {children}
    </Element>
  );
}
