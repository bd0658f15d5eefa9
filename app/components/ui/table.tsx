// A table in the theme's small text, rows divided by lines (unless `withRowBorders={false}`),
// optionally striped and highlighted under the pointer. Rows and cells are the plain `<tr>`, `<th>`
// and `<td>` elements: the table's class styles them, so a long list renders no component per cell.
import type { CSSProperties, ReactNode } from "react";
import { rem, splitBox, type BoxProps } from "~/components/ui/box";

export function Table({
  striped,
  highlightOnHover,
  withRowBorders = true,
  verticalSpacing,
  horizontalSpacing,
  stacked,
  children,
  ...props
}: {
  striped?: boolean;
  highlightOnHover?: boolean;
  withRowBorders?: boolean;
  /** The cells' padding above and below: a spacing name, or pixels. */
  verticalSpacing?: "xs" | "sm" | "md" | number;
  horizontalSpacing?: "xs" | "sm" | 0;
  /**
   * On a phone (below the theme's xs breakpoint, 36em) each row is a block and each cell a line
   * under the one before, named by its column: its `data-label`, its content in one element.
   */
  stacked?: boolean;
  "aria-label"?: string;
  "aria-labelledby"?: string;
  "data-testid"?: string;
  children?: ReactNode;
} & Pick<BoxProps, "mt" | "maw" | "style">) {
  const [style, attributes] = splitBox(props);
  const numeric = typeof verticalSpacing === "number";
  return (
    <table
      className="ui-table"
      data-striped={striped || undefined}
      data-hover={highlightOnHover || undefined}
      data-no-row-borders={withRowBorders ? undefined : true}
      data-stacked={stacked || undefined}
      data-spacing-y={numeric || verticalSpacing === "xs" ? undefined : verticalSpacing}
      data-spacing-x={horizontalSpacing === "xs" ? undefined : horizontalSpacing}
      style={numeric ? ({ "--ui-table-spacing-y": rem(verticalSpacing), ...style } as CSSProperties) : style}
      {...attributes}
    >
      {children}
    </table>
  );
}

/**
 * Scrolls a table sideways inside its place when the place is narrower than `minWidth` pixels
 * (`stacked`: not on a phone, where its table stacks its rows instead).
 */
export function TableScroll({
  minWidth,
  stacked,
  children,
}: {
  minWidth: number;
  stacked?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="ui-table-scroll" data-stacked={stacked || undefined}>
      <div style={{ "--ui-table-min-width": rem(minWidth) } as CSSProperties}>{children}</div>
    </div>
  );
}
