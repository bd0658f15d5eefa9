// A link in the theme's link colour, underlined on hover: a Remix `Link` (`LinkAnchor`, `to`) or a
// plain `<a>` (`Anchor`, `href`: other sites, downloads, a reload of the page itself).
import { Link, type LinkProps } from "@remix-run/react";
import { forwardRef, type AnchorHTMLAttributes } from "react";
import { classNames, splitBox, type BoxProps } from "~/components/ui/box";
import type { TextSize } from "~/components/ui/text";

interface AnchorLook extends BoxProps {
  size?: TextSize;
  /** Underlined always, not only on hover (a link inside a message). */
  underline?: "always";
  /** The surrounding text's colour (a link inside a coloured message). */
  inheritColor?: boolean;
  /** The surrounding text's size, weight and line height. */
  inherit?: boolean;
  className?: string;
}

function anchorAttributes<Props extends AnchorLook>({
  size,
  underline,
  inheritColor,
  inherit,
  className,
  ...props
}: Props) {
  const [style, attributes] = splitBox(props);
  return {
    className: classNames("ui-anchor", className),
    "data-size": size,
    "data-underline": underline,
    "data-color": inheritColor ? "inherit" : undefined,
    "data-inherit": inherit || undefined,
    style,
    ...attributes,
  };
}

export const Anchor = forwardRef<
  HTMLAnchorElement,
  AnchorLook & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "style" | "color">
>(function Anchor(props, ref) {
  const { children, ...attributes } = anchorAttributes(props);
  return (
    <a ref={ref} {...attributes}>
      {children}
    </a>
  );
});

export const LinkAnchor = forwardRef<HTMLAnchorElement, AnchorLook & Omit<LinkProps, "style" | "color">>(
  function LinkAnchor(props, ref) {
    return <Link ref={ref} {...anchorAttributes(props)} />;
  },
);
