// Mantine's markup for the elements a long list repeats — table rows and cells, stacks, small
// texts, badges — written as plain elements with Mantine's classes and CSS variables. Mantine's
// components resolve theme, props, styles API and style props on every element, which was a
// fifth of a /stations document's server CPU (docs/decisions/048-render-cost.md). The HTML is the
// same, byte for byte, for users, axe and Mantine's CSS: tests/console/plain-markup.test.ts
// renders each one next to its Mantine original. Use them where a list repeats them; use
// Mantine's components everywhere else.
import type { CSSProperties, ReactNode } from "react";

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
} as Record<0 | 4, CSSProperties>;

/** `<Stack gap={0}>` or `<Stack gap={4}>`. */
export function PlainStack({ gap, children }: { gap: 0 | 4; children?: ReactNode }) {
  return (
    <div style={stackStyles[gap]} className="m_6d731127 mantine-Stack-root">
      {children}
    </div>
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

/** `<Text size="xs" | "sm">`, or with `c="dimmed"` when `dimmed`. */
export function PlainText({
  size,
  dimmed = false,
  id,
  children,
}: {
  size: TextSize;
  dimmed?: boolean;
  id?: string;
  children?: ReactNode;
}) {
  return (
    <p
      style={(dimmed ? dimmedTextStyles : textStyles)[size]}
      className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
      data-size={size}
      id={id}
    >
      {children}
    </p>
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
