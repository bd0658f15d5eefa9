// A picture of a fixed size, fitted inside it (`contain`) or filling it (`cover`).
import type { ImgHTMLAttributes } from "react";
import { splitBox, type BoxProps } from "~/components/ui/box";

export function Image({
  alt,
  fit = "cover",
  radius,
  ...props
}: {
  src: string;
  alt: string;
  fit?: "contain" | "cover";
  radius?: "sm";
} & Pick<BoxProps, "w" | "h" | "style"> &
  Omit<ImgHTMLAttributes<HTMLImageElement>, "style">) {
  const [style, attributes] = splitBox(props);
  return <img alt={alt} className="ui-image" data-fit={fit} data-radius={radius} style={style} {...attributes} />;
}
