// Mantine's `ActionIcon` (size lg, variant default or subtle, the app's theme, never loading)
// written as a plain button with the same classes, data attributes and CSS variables. The App
// view's channel order repeats two or three per row, fifty rows a page; through Mantine each
// resolves theme, props and styles for its button and its icon span at every render and at
// hydration (docs/decisions/048-render-cost.md, "The App view's rows"). The button is the
// browser's own; a ref and any attributes or listeners pass through (dnd-kit's drag handle).
// tests/console/plain-markup.test.ts renders it next to Mantine's for every variant used.
import { forwardRef, type ButtonHTMLAttributes, type CSSProperties, type ReactNode } from "react";

const border = "calc(0.0625rem * var(--mantine-scale)) solid";
const variables = {
  default: {
    "--ai-size": "var(--ai-size-lg)",
    "--ai-bg": "var(--mantine-color-default)",
    "--ai-hover": "var(--mantine-color-default-hover)",
    "--ai-color": "var(--mantine-color-default-color)",
    "--ai-bd": `${border} var(--mantine-color-default-border)`,
  },
  subtle: {
    "--ai-size": "var(--ai-size-lg)",
    "--ai-bg": "transparent",
    "--ai-hover": "var(--mantine-color-brand-light-hover)",
    "--ai-color": "var(--mantine-color-brand-light-color)",
    "--ai-bd": `${border} transparent`,
  },
} as Record<"default" | "subtle", CSSProperties>;

export interface PlainActionIconProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, "style" | "children"> {
  variant: "default" | "subtle";
  size: "lg";
  /** What Mantine writes after its variables. */
  style?: CSSProperties;
  children: ReactNode;
}

/** `<ActionIcon variant size="lg">`: a button with the icon in Mantine's span. */
export const PlainActionIcon = forwardRef<HTMLButtonElement, PlainActionIconProps>(function PlainActionIcon(
  { variant, size, style, disabled, type = "button", children, ...attributes },
  ref,
) {
  return (
    <button
      ref={ref}
      style={style ? { ...variables[variant], ...style } : variables[variant]}
      className={
        disabled
          ? "mantine-focus-auto m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
          : "mantine-focus-auto mantine-active m_8d3f4000 mantine-ActionIcon-root m_87cf2631 mantine-UnstyledButton-root"
      }
      data-variant={variant}
      data-size={size}
      data-disabled={disabled || undefined}
      type={type}
      {...attributes}
      disabled={disabled}
    >
      <span className="m_8d3afb97 mantine-ActionIcon-icon">{children}</span>
    </button>
  );
});
