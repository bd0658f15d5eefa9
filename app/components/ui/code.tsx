// A short piece of machine text (an id, a fingerprint, a token) in the monospace font.
import type { HTMLAttributes } from "react";

export function Code({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return <code className={className ? `ui-code ${className}` : "ui-code"} {...props} />;
}
