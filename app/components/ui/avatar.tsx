// A round badge of initials in the primary colour's tint (the personal menu). Decorative: the
// name is written next to it.
import type { ReactNode } from "react";

export function Avatar({ children }: { children?: ReactNode }) {
  return (
    <span className="ui-avatar" aria-hidden="true">
      <span>{children}</span>
    </span>
  );
}
