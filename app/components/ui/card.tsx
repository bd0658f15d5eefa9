// Surfaces: a Card (the screens' bordered blocks, padded by the theme's spacing) and a Paper (the
// page-coloured panel of a dialog, a menu, an error page).
import { forwardRef, type HTMLAttributes } from "react";
import { classNames, splitBox, type BoxProps, type SpacingName } from "~/components/ui/box";

interface SurfaceProps extends BoxProps, Omit<HTMLAttributes<HTMLElement>, "style" | "color"> {
  component?: "div" | "section" | "li" | "article" | "form";
  withBorder?: boolean;
  shadow?: "sm" | "md" | "xl";
}

export const Card = forwardRef<HTMLElement, SurfaceProps & { padding?: SpacingName }>(function Card(
  { component: Element = "div", withBorder, shadow, padding, className, ...props },
  ref,
) {
  const [style, attributes] = splitBox(props);
  return (
    <Element
      ref={ref as never}
      className={classNames("ui-card", className)}
      data-with-border={withBorder || undefined}
      data-shadow={shadow}
      data-padding={padding === "md" ? undefined : padding}
      style={style}
      {...attributes}
    />
  );
});

export const Paper = forwardRef<HTMLElement, SurfaceProps>(function Paper(
  { component: Element = "div", withBorder, shadow, className, ...props },
  ref,
) {
  const [style, attributes] = splitBox(props);
  return (
    <Element
      ref={ref as never}
      className={classNames("ui-paper", className)}
      data-with-border={withBorder || undefined}
      data-shadow={shadow}
      style={style}
      {...attributes}
    />
  );
});
