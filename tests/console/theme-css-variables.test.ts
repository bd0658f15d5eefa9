// The theme's CSS variables, built once, are the `<style>` MantineProvider writes itself, in the
// same place, so the page's markup and styles do not change.
import { MantineProvider } from "@mantine/core";
import { createElement as h, Fragment } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ThemeCssVariables, themeCssVariables } from "~/components/ThemeCssVariables";
import { cssVariablesResolver, theme } from "~/theme";

const page = "<main>page</main>";
const content = h("main", null, "page");

describe("theme CSS variables built once", () => {
  it("write the markup MantineProvider writes, for each colour scheme", () => {
    for (const colorScheme of ["light", "dark"] as const) {
      const provider = { theme, cssVariablesResolver, forceColorScheme: colorScheme, getStyleNonce: () => "n0nce" };
      const mantine = renderToStaticMarkup(h(MantineProvider, provider, content));
      const cached = renderToStaticMarkup(
        h(
          Fragment,
          null,
          h(ThemeCssVariables, { theme, resolver: cssVariablesResolver, nonce: "n0nce" }),
          h(MantineProvider, { ...provider, withCssVariables: false }, content),
        ),
      );
      expect(cached).toBe(mantine);
      expect(cached).toContain(page);
    }
  });

  it("hold the app's own variables and build them once per theme", () => {
    const css = themeCssVariables(theme, cssVariablesResolver);
    expect(css).toContain("--mantine-primary-color-filled");
    expect(themeCssVariables(theme, cssVariablesResolver)).toBe(css);
  });
});
