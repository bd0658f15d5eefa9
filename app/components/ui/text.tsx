// Running text in one of the theme's sizes, optionally dimmed (the theme's accessible dimmed colour).
import { forwardRef, type HTMLAttributes, type TimeHTMLAttributes } from "react";
import { classNames, splitBox, type BoxProps } from "~/components/ui/box";

export type TextSize = "xs" | "sm" | "md" | "lg" | "xl";

export interface TextProps extends BoxProps, Omit<HTMLAttributes<HTMLElement>, "style" | "color"> {
  component?: "p" | "span" | "div" | "time" | "dt" | "dd" | "figcaption" | "strong" | "label";
  size?: TextSize;
  dimmed?: boolean;
  /** One line, cut with an ellipsis. */
  truncate?: boolean;
  /** The surrounding text's size, weight and line height. */
  inherit?: boolean;
  dateTime?: TimeHTMLAttributes<HTMLElement>["dateTime"];
  htmlFor?: string;
}

export const Text = forwardRef<HTMLElement, TextProps>(function Text(
  { component: Element = "p", size, dimmed, truncate, inherit, className, ...props },
  ref,
) {
  const [style, attributes] = splitBox(props);
  return (
    <Element
      ref={ref as never}
      className={classNames("ui-text", className)}
      data-size={size}
      data-dimmed={dimmed || undefined}
      data-truncate={truncate || undefined}
      data-inherit={inherit || undefined}
      style={style}
      {...attributes}
    />
  );
});
