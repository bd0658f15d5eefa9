// A bulleted (or numbered) list in one of the theme's text sizes; its items are plain <li>s.
import type { CSSProperties, HTMLAttributes } from "react";
import { rem } from "~/components/ui/box";

export function List({
  size,
  ordered,
  spacing,
  ...props
}: {
  size?: "sm";
  ordered?: boolean;
  /** Pixels between the items. */
  spacing?: number;
} & Omit<HTMLAttributes<HTMLElement>, "style">) {
  const Element = ordered ? "ol" : "ul";
  const style = spacing ? ({ "--ui-list-spacing": rem(spacing) } as CSSProperties) : undefined;
  return <Element className="ui-list" data-size={size} style={style} {...props} />;
}
