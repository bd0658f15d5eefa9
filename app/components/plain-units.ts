/** Mantine's `rem()` of a px value, as its style props (`w`, `maw`) write it. */
export function mantineRem(px: number) {
  return `calc(${px / 16}rem * var(--mantine-scale))`;
}
