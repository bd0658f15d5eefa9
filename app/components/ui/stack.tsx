// A column of elements with the theme's spacing between them.
import type { HTMLAttributes } from "react";
import { classNames, gapOf, splitBox, type BoxProps, type Spacing } from "~/components/ui/box";

export interface StackProps extends BoxProps, Omit<HTMLAttributes<HTMLElement>, "style" | "color"> {
  component?: "div" | "ul" | "ol" | "section" | "nav" | "header" | "li" | "dl";
  gap?: Spacing;
  align?: "stretch" | "flex-start" | "center" | "flex-end";
  justify?: "flex-start" | "center" | "flex-end" | "space-between";
}

export function Stack({ component: Element = "div", gap, align, justify, className, ...props }: StackProps) {
  const [style, attributes] = splitBox(props);
  const spacing = gapOf(gap, style);
  return (
    <Element
      className={classNames("ui-stack", className)}
      data-gap={spacing.token}
      data-align={align}
      data-justify={justify}
      style={spacing.style}
      {...attributes}
    />
  );
}
