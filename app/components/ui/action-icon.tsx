// A square button that shows only an icon; it must carry an `aria-label` (axe checks it). As a
// <button> or a Remix <Link> (the shell's menu button, a link without JavaScript).
import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type ButtonHTMLAttributes, type ElementType, type ForwardedRef, type ReactNode } from "react";
import { classNames, splitBox, type BoxProps } from "~/components/ui/box";
import type { ButtonColor } from "~/components/ui/button";

export interface ActionIconLook extends BoxProps {
  variant?: "filled" | "subtle" | "default" | "light";
  size?: "sm" | "md" | "lg" | "xl";
  color?: ButtonColor;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}

function renderActionIcon(
  Element: ElementType,
  isButton: boolean,
  { variant, size, color, disabled, className, children, ...props }: ActionIconLook,
  ref: ForwardedRef<HTMLElement>,
) {
  const [style, attributes] = splitBox(props);
  return (
    <Element
      ref={ref}
      className={classNames("ui-action-icon", className)}
      data-variant={variant === "filled" ? undefined : variant}
      data-color={color === "brand" ? undefined : color}
      data-size={size === "md" ? undefined : size}
      data-disabled={disabled || undefined}
      style={style}
      {...(isButton ? { type: "button", disabled } : { "aria-disabled": disabled || undefined })}
      {...attributes}
    >
      <span>{children}</span>
    </Element>
  );
}

type Without<Attributes> = Omit<Attributes, keyof ActionIconLook | "color" | "style">;

export const ActionIcon = forwardRef<
  HTMLButtonElement,
  ActionIconLook & Without<ButtonHTMLAttributes<HTMLButtonElement>>
>(function ActionIcon(props, ref) {
  return renderActionIcon("button", true, props, ref as ForwardedRef<HTMLElement>);
});

export const LinkActionIcon = forwardRef<HTMLAnchorElement, ActionIconLook & Without<LinkProps>>(
  function LinkActionIcon(props, ref) {
    return renderActionIcon(Link, false, props, ref as ForwardedRef<HTMLElement>);
  },
);
