// A message box on a tint of its colour, with an optional title. Announced as an alert unless
// another role is given (a status that is not urgent); its title names it and its text describes it.
import type { HTMLAttributes, ReactNode } from "react";
import { splitBox, type BoxProps } from "~/components/ui/box";
import type { BadgeColor } from "~/components/ui/badge";
import { useElementId } from "~/components/ui/id";

export interface AlertProps extends BoxProps, Omit<HTMLAttributes<HTMLDivElement>, "style" | "color" | "title"> {
  color?: BadgeColor;
  variant?: "light" | "default";
  title?: ReactNode;
}

export function Alert({ color, variant = "light", title, id, role, children, ...props }: AlertProps) {
  const [style, attributes] = splitBox(props);
  const rootId = useElementId(id);
  const titleId = title ? `${rootId}-title` : undefined;
  const bodyId = `${rootId}-body`;
  return (
    <div
      className="ui-alert"
      data-color={color === "brand" ? undefined : color}
      data-variant={variant}
      id={rootId}
      role={role ?? "alert"}
      style={style}
      {...attributes}
      aria-describedby={children ? bodyId : undefined}
      aria-labelledby={titleId}
    >
      <div className="ui-alert-body">
        {title ? (
          <div className="ui-alert-title">
            <span id={titleId}>{title}</span>
          </div>
        ) : null}
        {children ? (
          <div id={bodyId} className="ui-alert-message">
            {children}
          </div>
        ) : null}
      </div>
    </div>
  );
}
