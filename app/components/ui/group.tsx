// A row of elements that wraps, with the theme's spacing between them. `spaced` puts a space
// between the items in the HTML: a flex row ignores it, but text browsers (w3m, lynx) show the
// items inline and would otherwise run adjacent links and buttons into one word.
import { Children, type HTMLAttributes, type ReactNode } from "react";
import { classNames, gapOf, splitBox, type BoxProps, type Spacing } from "~/components/ui/box";

export interface GroupProps extends BoxProps, Omit<HTMLAttributes<HTMLElement>, "style" | "color"> {
  component?: "div" | "span" | "ul" | "li" | "nav" | "footer" | "header";
  gap?: Spacing;
  align?: "center" | "flex-start" | "flex-end" | "baseline" | "stretch";
  justify?: "flex-start" | "center" | "flex-end" | "space-between";
  wrap?: "wrap" | "nowrap";
  /** Every item grows to share the row. */
  grow?: boolean;
  spaced?: boolean;
  children?: ReactNode;
}

export function Group({
  component: Element = "div",
  gap,
  align,
  justify,
  wrap,
  grow,
  spaced,
  className,
  children,
  ...props
}: GroupProps) {
  const [style, attributes] = splitBox(props);
  const spacing = gapOf(gap, style);
  const items = spaced
    ? Children.toArray(children).flatMap((item, index) => (index === 0 ? [item] : [" ", item]))
    : children;
  return (
    <Element
      className={classNames("ui-group", className)}
      data-gap={spacing.token}
      data-align={align === "center" ? undefined : align}
      data-justify={justify}
      data-wrap={wrap === "nowrap" ? wrap : undefined}
      data-grow={grow || undefined}
      style={spacing.style}
      {...attributes}
    >
      {items}
    </Element>
  );
}
