// A heading of one level, in its own or another level's size (a card's h2 in the h3 size).
import type { HTMLAttributes } from "react";
import { classNames, splitBox, type BoxProps } from "~/components/ui/box";

export type HeadingSize = "h1" | "h2" | "h3" | "h4" | "h5" | "h6";

export interface TitleProps extends BoxProps, Omit<HTMLAttributes<HTMLHeadingElement>, "style" | "color"> {
  order: 1 | 2 | 3 | 4 | 5 | 6;
  size?: HeadingSize;
  /** Another element in the heading's look (a <summary>'s text, which may not hold a heading). */
  component?: "span";
}

export function Title({ order, size, component, className, ...props }: TitleProps) {
  const [style, attributes] = splitBox(props);
  const Element = component ?? (`h${order}` as const);
  const shown = size ?? (`h${order}` as const);
  return (
    <Element
      className={classNames("ui-title", className)}
      data-size={shown === "h1" ? undefined : shown}
      style={style}
      {...attributes}
    />
  );
}
