// A short label on a tint of a colour (light), outlined in the neutral colours (default), or a
// neutral chip with a coloured dot (dot). Text is upper case unless `tt="none"`.
import type { CSSProperties, HTMLAttributes, ReactNode } from "react";

export type BadgeColor = "brand" | "green" | "violet" | "orange" | "red" | "gray";

export interface BadgeProps extends Omit<HTMLAttributes<HTMLElement>, "color"> {
  color?: BadgeColor;
  variant?: "light" | "default" | "dot" | "filled";
  size?: "sm" | "md";
  radius?: "sm";
  tt?: "none";
  component?: "div" | "span";
  style?: CSSProperties;
  children?: ReactNode;
}

export function Badge({
  color,
  variant,
  size,
  radius,
  tt,
  component: Element = "div",
  children,
  ...attributes
}: BadgeProps) {
  return (
    <Element
      className="ui-badge"
      data-color={color === "brand" ? undefined : color}
      data-variant={variant}
      data-size={size === "md" ? undefined : size}
      data-radius={radius}
      data-tt={tt}
      {...attributes}
    >
      <span className="ui-badge-label">{children}</span>
    </Element>
  );
}

/** A neutral chip with a dot of `color` before its text (a property or state among others). */
export function DotBadge({ color, children }: { color?: BadgeColor; children?: ReactNode }) {
  return (
    <Badge variant="dot" radius="sm" color={color}>
      {children}
    </Badge>
  );
}
