// Mantine's `Loader` (oval), `Progress` and the personal menu's `Avatar`, written as plain
// elements with the same classes, data attributes and CSS variables (the app's theme), so the
// shell and a station's pages load and run none of those components before hydration
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#own-primitives).
// tests/console/plain-markup.test.ts renders each next to Mantine's.
import type { CSSProperties, ReactNode } from "react";

/** `<Loader size color>` (oval): a theme size (`xs`, `sm`) or a CSS length, a CSS colour. */
export function PlainLoader({
  size,
  color,
  ...attributes
}: {
  size: "xs" | "sm" | `calc(${string})`;
  color?: string;
  "aria-hidden"?: "true" | boolean;
}) {
  const style = {
    "--loader-size": size.startsWith("calc(") ? size : `var(--loader-size-${size})`,
    "--loader-color": color,
  } as CSSProperties;
  // Mantine marks a theme size only (`data-size="xs"`), not a CSS length.
  const themeSize = size.startsWith("calc(") ? undefined : size;
  return (
    <span style={style} className="m_b34414df m_5ae2e3c mantine-Loader-root" data-size={themeSize} {...attributes} />
  );
}

/**
 * `<Progress value size aria-label>` (one section), with `animated` stripes, `radius={0}` and
 * `style` for what style props write (`maw`, `pos`, `top`…, in Mantine's order).
 */
export function PlainProgress({
  value,
  size,
  radius,
  animated,
  style,
  "aria-label": label,
  ...attributes
}: {
  value: number;
  size: "xs" | "lg";
  radius?: 0;
  animated?: boolean;
  style?: CSSProperties;
  "aria-label"?: string;
  "aria-hidden"?: "true" | boolean;
}) {
  const rootStyle = {
    "--progress-size": `var(--progress-size-${size})`,
    "--progress-radius": radius === 0 ? "0rem" : undefined,
    ...style,
  } as CSSProperties;
  const sectionStyle = {
    "--progress-section-size": `${value}%`,
    "--progress-section-color": "var(--mantine-color-brand-filled)",
    // The theme's autoContrast: white on the brand colour.
    "--progress-label-color": "var(--mantine-color-white)",
  } as CSSProperties;
  return (
    // Mantine passes `radius` on to the element too (`radius="0"`).
    <div
      style={rootStyle}
      className="m_db6d6462 mantine-Progress-root"
      data-size={size}
      {...radiusAttribute(radius)}
      {...attributes}
    >
      <div
        style={sectionStyle}
        className="m_2242eb65 mantine-Progress-section"
        data-striped={animated || undefined}
        data-animated={animated || undefined}
        aria-label={label}
        role="progressbar"
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
      />
    </div>
  );
}

const radiusAttribute = (radius: 0 | undefined) => (radius === undefined ? {} : ({ radius: String(radius) } as object));

/** `<Avatar component="span" color="brand" radius="xl" size="md" aria-hidden>` with initials. */
export function PlainAvatar({ children }: { children?: ReactNode }) {
  return (
    <span style={avatarStyle} className="m_f85678b6 mantine-Avatar-root" data-size="md" aria-hidden="true">
      <span className="m_104cd71f mantine-Avatar-placeholder">{children}</span>
    </span>
  );
}

const avatarStyle = {
  "--avatar-size": "var(--avatar-size-md)",
  "--avatar-radius": "var(--mantine-radius-xl)",
  "--avatar-bg": "var(--mantine-color-brand-light)",
  "--avatar-color": "var(--mantine-color-brand-light-color)",
  "--avatar-bd": "calc(0.0625rem * var(--mantine-scale)) solid transparent",
} as CSSProperties;
