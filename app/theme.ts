// The Mantine theme. Colours from the spec (ci #003746, primary #0096d6); shades and text
// colours chosen so every text and control reaches WCAG 2.2 AA contrast in light and dark mode
// (the default theme does not: see ../shared/STACK.md, "Accessibility with Mantine 8").
import type { CSSVariablesResolver, MantineColorsTuple } from "@mantine/core";
import { createTheme } from "#mantine/core/core/MantineProvider/create-theme/create-theme.mjs";

const brand: MantineColorsTuple = [
  "#e0f5ff",
  "#b8e6fb",
  "#8cd5f6",
  "#5ec4f0",
  "#33b3ea",
  "#14a4e2",
  "#0096d6",
  "#0079ad",
  "#005f88",
  "#004766",
];

const ci: MantineColorsTuple = [
  "#e3f4f8",
  "#c4e3ec",
  "#9fcfdd",
  "#75b8cb",
  "#4f9fb6",
  "#2f86a0",
  "#156c87",
  "#05566e",
  "#003746",
  "#00252f",
];

export const theme = createTheme({
  primaryColor: "brand",
  primaryShade: { light: 9, dark: 8 },
  colors: { brand, ci },
  autoContrast: true,
  luminanceThreshold: 0.18,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  defaultRadius: "sm",
  components: {
    Tooltip: { defaultProps: { maw: 500, multiline: true } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": t.colors.gray[7],
    "--mantine-color-error": t.colors.red[9],
    "--mantine-color-placeholder": t.colors.gray[7],
    "--mantine-color-green-light-color": "#237032",
    "--mantine-color-orange-light-color": "#b33b0c",
    // Darker than red.9: a red badge or light button keeps 4.5:1 on its tint over a striped or
    // hovered table row (#c92a2a measured 4.22:1 there).
    "--mantine-color-red-light-color": "#b02020",
    "--mantine-color-violet-light-color": t.colors.violet[9],
    "--mantine-color-anchor": brand[9],
  },
  dark: {
    "--mantine-color-dimmed": t.colors.dark[1],
    "--mantine-color-error": t.colors.red[4],
    "--mantine-color-placeholder": t.colors.dark[1],
    "--mantine-color-anchor": brand[3],
  },
});
