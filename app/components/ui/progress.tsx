// A bar that fills to `value` percent in the primary colour; `animated` moves stripes along it
// (the shell's page-loading bar). Named by `aria-label`, or hidden when decorative.
import type { CSSProperties } from "react";

export function Progress({
  value,
  size,
  square,
  animated,
  style,
  "aria-label": label,
  "aria-hidden": hidden,
}: {
  value: number;
  size?: "xs" | "lg";
  /** No rounded ends (a bar along the edge of the window). */
  square?: boolean;
  animated?: boolean;
  style?: CSSProperties;
  "aria-label"?: string;
  "aria-hidden"?: "true";
}) {
  return (
    <div
      className="ui-progress"
      data-size={size}
      data-square={square || undefined}
      data-animated={animated || undefined}
      style={style}
      aria-hidden={hidden}
    >
      <div
        role="progressbar"
        style={{ width: `${value}%` }}
        aria-label={label}
        aria-valuemax={100}
        aria-valuemin={0}
        aria-valuenow={value}
        aria-valuetext={`${value}%`}
      />
    </div>
  );
}
