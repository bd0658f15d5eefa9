// Mantine's `Button` and `ActionIcon`, written as plain elements with the same classes, data
// attributes, CSS variables and loader, for the variants the app uses (app's theme). Mantine's
// Button brings its Loader, Transition and UnstyledButton into every page's first load and
// resolves theme, props and styles for four elements per button on every render; the shell, a
// station's tabs and their forms render a dozen
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives).
// tests/console/plain-markup.test.ts renders each variant next to Mantine's and asserts
// identical HTML, loading included.
import { Link, type LinkProps } from "@remix-run/react";
import {
  forwardRef,
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type ButtonHTMLAttributes,
  type CSSProperties,
  type ElementType,
  type ForwardedRef,
  type ReactNode,
} from "react";
import { PlainLoader } from "~/components/plain-indicators";
import { mantineRem } from "~/components/plain-units";

export type ButtonVariant = "filled" | "default" | "light" | "subtle";
export type ButtonColor = "brand" | "red" | "gray" | "orange" | "green";
export type ButtonSize = "xs" | "sm" | "md" | "lg";

/** What a button looks like: Mantine's Button props the app uses. */
export interface ButtonLook {
  variant?: ButtonVariant;
  color?: ButtonColor;
  size?: ButtonSize;
  fullWidth?: boolean;
  justify?: "flex-start";
  leftSection?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  /** What style props write after the button's variables (`mt`, `fw`, in Mantine's order). */
  style?: CSSProperties;
  children?: ReactNode;
}

const transparentBorder = `${mantineRem(1)} solid transparent`;

/** The text on a filled button: the theme's autoContrast against each colour's light-mode shade 9. */
const filledText: Record<ButtonColor, "white" | "black"> = {
  brand: "white",
  red: "white",
  gray: "white",
  orange: "black",
  green: "black",
};

/** Mantine's default variant colours resolver, for a theme colour without a shade. */
function variantColors(variant: ButtonVariant, color: ButtonColor) {
  switch (variant) {
    case "filled":
      return {
        bg: `var(--mantine-color-${color}-filled)`,
        hover: `var(--mantine-color-${color}-filled-hover)`,
        color: `var(--mantine-color-${filledText[color]})`,
        bd: transparentBorder,
      };
    case "light":
    case "subtle":
      return {
        bg: variant === "light" ? `var(--mantine-color-${color}-light)` : "transparent",
        hover: `var(--mantine-color-${color}-light-hover)`,
        color: `var(--mantine-color-${color}-light-color)`,
        bd: transparentBorder,
      };
    case "default":
      return {
        bg: "var(--mantine-color-default)",
        hover: "var(--mantine-color-default-hover)",
        color: "var(--mantine-color-default-color)",
        bd: `${mantineRem(1)} solid var(--mantine-color-default-border)`,
      };
  }
}

function buttonStyle({ variant, color, size, justify, style }: ButtonLook): CSSProperties {
  const colors = variantColors(variant ?? "filled", color ?? "brand");
  // Mantine writes background, hover and border only when a variant or colour is given.
  const explicit = variant !== undefined || color !== undefined;
  return {
    "--button-justify": justify,
    "--button-height": size && `var(--button-height-${size})`,
    "--button-padding-x": size && `var(--button-padding-x-${size})`,
    "--button-fz": size && `var(--mantine-font-size-${size})`,
    "--button-bg": explicit ? colors.bg : undefined,
    "--button-hover": explicit ? colors.hover : undefined,
    "--button-color": colors.color,
    "--button-bd": explicit ? colors.bd : undefined,
    ...style,
  } as CSSProperties;
}

const loaderTransition = {
  transitionProperty: "transform, opacity",
  WebkitBackfaceVisibility: "hidden",
  transitionDuration: "150ms",
  transitionTimingFunction: "ease",
  transformOrigin: "center",
} as const;
const loaderIn: CSSProperties = {
  ...loaderTransition,
  opacity: 1,
  transform: `translate(-50%, calc(-50% + ${mantineRem(1)}))`,
};
const loaderOut: CSSProperties = { ...loaderTransition, opacity: 0, transform: "translate(-50%, -200%)" };

/**
 * The loader's place in Mantine's 150 ms slide: shown as Mantine renders it once entered (also
 * on the server), sliding in from `out` when loading starts and out again when it stops.
 */
function useLoaderPhase(loading: boolean): "in" | "out" | "gone" {
  const [phase, setPhase] = useState<"in" | "out" | "gone">(loading ? "in" : "gone");
  useEffect(() => {
    if (loading) {
      setPhase((current) => (current === "in" ? current : "out"));
      // Two frames: the `out` styles are painted before the transition to `in` starts.
      let frame = requestAnimationFrame(() => {
        frame = requestAnimationFrame(() => setPhase("in"));
      });
      return () => cancelAnimationFrame(frame);
    }
    setPhase((current) => (current === "gone" ? current : "out"));
    const timer = setTimeout(() => setPhase("gone"), 150);
    return () => clearTimeout(timer);
  }, [loading]);
  return phase;
}

function ButtonLoader({ loading }: { loading: boolean }) {
  const phase = useLoaderPhase(loading);
  if (phase === "gone") return null;
  return (
    <span style={phase === "in" ? loaderIn : loaderOut} className="m_a25b86ee mantine-Button-loader" aria-hidden>
      <PlainLoader color="var(--button-color)" size="calc(var(--button-height) / 1.8)" />
    </span>
  );
}

function renderButton(
  Element: ElementType,
  type: "button" | undefined,
  // What is not the look goes on the element as given, in the order given (as Mantine passes it on).
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
    style,
    children,
    ...attributes
  }: ButtonLook & object,
  ref: ForwardedRef<HTMLElement>,
) {
  const active = !disabled && !loading;
  return (
    <Element
      ref={ref}
      style={buttonStyle({ variant, color, size, justify, style })}
      className={`mantine-focus-auto${active ? " mantine-active" : ""}${className ? ` ${className}` : ""} m_77c9d27d mantine-Button-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      data-with-left-section={leftSection ? true : undefined}
      type={type}
      disabled={disabled || loading}
      // Mantine passes `justify` on to the element too.
      {...(justify ? { justify } : null)}
      {...attributes}
    >
      {loading !== undefined ? <ButtonLoader loading={loading} /> : null}
      <span className="m_80f1301b mantine-Button-inner">
        {leftSection ? (
          <span className="m_a74036a mantine-Button-section" data-position="left">
            {leftSection}
          </span>
        ) : null}
        <span className="m_811560b9 mantine-Button-label" data-loading={loading || undefined}>
          {children}
        </span>
      </span>
    </Element>
  );
}

type Without<Attributes> = Omit<Attributes, keyof ButtonLook | "color">;

/** `<Button>` as a `<button>` (`type="button"` unless given). */
export const PlainButton = forwardRef<HTMLButtonElement, ButtonLook & Without<ButtonHTMLAttributes<HTMLButtonElement>>>(
  function PlainButton(props, ref) {
    return renderButton("button", "button", props, ref as ForwardedRef<HTMLElement>);
  },
);

/** `<Button component={Link}>`. */
export const PlainLinkButton = forwardRef<HTMLAnchorElement, ButtonLook & Without<LinkProps>>(
  function PlainLinkButton(props, ref) {
    return renderButton(Link, undefined, props, ref as ForwardedRef<HTMLElement>);
  },
);

/** `<Button component="a">`. */
export const PlainAnchorButton = forwardRef<
  HTMLAnchorElement,
  ButtonLook & Without<AnchorHTMLAttributes<HTMLAnchorElement>>
>(function PlainAnchorButton(props, ref) {
  return renderButton("a", undefined, props, ref as ForwardedRef<HTMLElement>);
});

export type ActionIconVariant = "filled" | "subtle" | "default" | "light";

/** `<ActionIcon component={Link}>` (the shell's menu button) with `variant`, `size` and `color`. */
export const PlainLinkActionIcon = forwardRef<
  HTMLAnchorElement,
  {
    variant: ActionIconVariant;
    size: ButtonSize;
    color?: ButtonColor;
    className?: string;
    children?: ReactNode;
  } & Omit<LinkProps, "color">
>(function PlainLinkActionIcon(props, ref) {
  return renderActionIcon(Link, undefined, props, ref as ForwardedRef<HTMLElement>);
});

/** `<ActionIcon>` as a `<button>`, with `variant`, `size`, `color` and `disabled`. */
export const PlainActionIcon = forwardRef<
  HTMLButtonElement,
  {
    variant: ActionIconVariant;
    size: ButtonSize;
    color?: ButtonColor;
    className?: string;
    /** What style props write after the variables (`mb`). */
    style?: CSSProperties;
    children?: ReactNode;
  } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "color" | "style">
>(function PlainActionIcon(props, ref) {
  return renderActionIcon("button", "button", props, ref as ForwardedRef<HTMLElement>);
});

function renderActionIcon(
  Element: ElementType,
  type: "button" | undefined,
  {
    variant,
    size,
    color,
    className,
    disabled,
    style,
    children,
    ...attributes
  }: {
    variant: ActionIconVariant;
    size: ButtonSize;
    color?: ButtonColor;
    className?: string;
    disabled?: boolean;
    style?: CSSProperties;
    children?: ReactNode;
  },
  ref: ForwardedRef<HTMLElement>,
) {
  const colors = variantColors(variant, color ?? "brand");
  const variables = {
    "--ai-size": `var(--ai-size-${size})`,
    "--ai-bg": colors.bg,
    "--ai-hover": colors.hover,
    "--ai-color": colors.color,
    "--ai-bd": colors.bd,
    ...style,
  } as CSSProperties;
  return (
    <Element
      ref={ref}
      style={variables}
      className={`mantine-focus-auto${disabled ? "" : " mantine-active"}${className ? ` ${className}` : ""} m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root`}
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      type={type}
      {...attributes}
      disabled={disabled}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </Element>
  );
}
