// Page layout: content centred in its place, columns that follow the window's width, and the
// narrow column of a page without the shell.
import type { CSSProperties, HTMLAttributes, ReactNode } from "react";
import { classNames, rem, splitBox, type BoxProps, type SpacingName } from "~/components/ui/box";

type Attributes = Omit<HTMLAttributes<HTMLElement>, "style" | "color">;

export function Center({
  component: Element = "div",
  className,
  ...props
}: BoxProps & Attributes & { component?: "div" | "main" }) {
  const [style, attributes] = splitBox(props);
  return <Element className={classNames("ui-center", className)} style={style} {...attributes} />;
}

/**
 * Equal columns: `cols` of them, or one below the theme's `xs` (36em) / `sm` (48em) breakpoint and
 * that many from it (`colsFrom`).
 */
export function SimpleGrid({
  component: Element = "div",
  cols = 1,
  colsFrom,
  spacing,
  verticalSpacing,
  className,
  ...props
}: BoxProps &
  Attributes & {
    component?: "div" | "dl" | "ul";
    cols?: number;
    colsFrom?: { xs?: number; sm?: number };
    spacing?: SpacingName;
    /** Pixels between rows, when not the spacing between columns. */
    verticalSpacing?: number;
  }) {
  const [style, attributes] = splitBox(props);
  const columns = {
    ...(cols !== 1 ? { "--ui-cols": cols } : {}),
    ...(colsFrom?.xs ? { "--ui-cols-xs": colsFrom.xs } : {}),
    ...(colsFrom?.sm ? { "--ui-cols-sm": colsFrom.sm } : {}),
    ...(verticalSpacing !== undefined ? { rowGap: rem(verticalSpacing) } : {}),
    ...style,
  } as CSSProperties;
  return (
    <Element
      className={classNames("ui-simple-grid", className)}
      data-gap={spacing === "md" ? undefined : spacing}
      data-cols-xs={colsFrom?.xs ? true : undefined}
      data-cols-sm={colsFrom?.sm ? true : undefined}
      style={columns}
      {...attributes}
    />
  );
}

/**
 * Columns in twelfths of the width, side by side from the theme's `lg` breakpoint (75em) and
 * stacked below it, `gutter` apart: `<Columns><Column spanFromLg={7}>…<Column spanFromLg={5}>…`.
 */
export function Columns({ gutter, children }: { gutter: "lg" | "xl"; children: ReactNode }) {
  return (
    <div className="ui-columns" data-gutter={gutter}>
      <div>{children}</div>
    </div>
  );
}

export function Column({ spanFromLg, children }: { spanFromLg: number; children: ReactNode }) {
  const span = { "--ui-span-lg": `${100 / (12 / spanFromLg)}%` } as CSSProperties;
  return (
    <div className="ui-column" style={span}>
      {children}
    </div>
  );
}

/** The narrow column (720 px) of a page without the shell. */
export function Container({
  component: Element = "div",
  className,
  ...props
}: BoxProps & Attributes & { component?: "div" | "main" }) {
  const [style, attributes] = splitBox(props);
  return <Element className={classNames("ui-container", className)} style={style} {...attributes} />;
}
