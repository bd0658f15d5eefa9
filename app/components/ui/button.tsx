// The console's button, as a <button>, a Remix <Link> or an <a>: filled in a colour (default the
// primary), light (a tint), subtle (no background until hovered) or default (neutral, outlined).
// While `loading`, a spinner covers the label and the button cannot be pressed.
import { Link, type LinkProps } from "@remix-run/react";
import {
  forwardRef,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type ElementType,
  type ForwardedRef,
  type ReactNode,
} from "react";
import { classNames, splitBox, type BoxProps } from "~/components/ui/box";
import { Loader } from "~/components/ui/loader";

export type ButtonVariant = "filled" | "default" | "light" | "subtle";
export type ButtonColor = "brand" | "red" | "gray" | "orange" | "green";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

/** What a button looks like, whatever element it is. */
export interface ButtonLook extends BoxProps {
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: ButtonSize;
  fullWidth?: boolean;
  /** The label at the start, not centred (a menu entry). */
  justify?: "flex-start";
  leftSection?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}

function renderButton(
  Element: ElementType,
  isButton: boolean,
  {
    variant,
    color,
    size,
    fullWidth,
    justify,
    leftSection,
    loading,
    disabled,
    className,
    children,
    ...props
  }: ButtonLook,
  ref: ForwardedRef<HTMLElement>,
) {
  const [style, attributes] = splitBox(props);
  const unavailable = disabled || loading;
  return (
    <Element
      ref={ref}
      className={classNames("ui-button", className)}
      data-variant={variant === "filled" ? undefined : variant}
      data-color={color === "brand" ? undefined : color}
      data-size={size === "sm" ? undefined : size}
      data-block={fullWidth || undefined}
      data-justify={justify ? "start" : undefined}
      data-with-left-section={leftSection ? true : undefined}
      data-loading={loading || undefined}
      data-disabled={disabled || undefined}
      style={style}
      {...(isButton ? { type: "button", disabled: unavailable } : { "aria-disabled": unavailable || undefined })}
      {...attributes}
    >
      {loading ? (
        <span className="ui-button-loader">
          <Loader />
        </span>
      ) : null}
      <span className="ui-button-inner">
        {leftSection ? <span className="ui-button-section">{leftSection}</span> : null}
        <span className="ui-button-label">{children}</span>
      </span>
    </Element>
  );
}

type Without<Attributes> = Omit<Attributes, keyof ButtonLook | "color" | "style">;

/** A `<button>` (`type="button"` unless given). */
export const Button = forwardRef<HTMLButtonElement, ButtonLook & Without<ButtonHTMLAttributes<HTMLButtonElement>>>(
  function Button(props, ref) {
    return renderButton("button", true, props, ref as ForwardedRef<HTMLElement>);
  },
);

/** A Remix `<Link>` that looks like a button (a confirmation's link, a page of a list). */
export const LinkButton = forwardRef<HTMLAnchorElement, ButtonLook & Without<LinkProps>>(
  function LinkButton(props, ref) {
    return renderButton(Link, false, props, ref as ForwardedRef<HTMLElement>);
  },
);

/** An `<a>` that looks like a button (a download, a reload, another site). */
export const AnchorButton = forwardRef<
  HTMLAnchorElement,
  ButtonLook & Without<AnchorHTMLAttributes<HTMLAnchorElement>>
>(function AnchorButton(props, ref) {
  return renderButton("a", false, props, ref as ForwardedRef<HTMLElement>);
});
