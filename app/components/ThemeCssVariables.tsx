// The `<style>` of theme CSS variables that MantineProvider writes at the top of the page: Mantine
// builds it from the theme on every render (9.7 KB, about 2 % of a document's server CPU,
// docs/decisions/047-performance-budget-and-upgrade-checklist.md#render-cost), though it depends on
// nothing but the theme and the resolver, constants of the app. Built here once per theme with
// Mantine's own functions, rendered just before a MantineProvider told not to write it
// (`withCssVariables={false}`): the same element in the same place
// (tests/console/theme-css-variables.test.ts). The colour scheme is not part of it: Mantine writes
// both schemes' variables and the page's attribute picks one.
import type { ConvertCSSVariablesInput, CSSVariablesResolver, MantineThemeOverride } from "@mantine/core";
import { convertCssVariables } from "#mantine/core/core/MantineProvider/convert-css-variables/convert-css-variables.mjs";
import { DEFAULT_THEME } from "#mantine/core/core/MantineProvider/default-theme.mjs";
import { defaultCssVariablesResolver } from "#mantine/core/core/MantineProvider/MantineCssVariables/default-css-variables-resolver.mjs";
import { mergeMantineTheme } from "#mantine/core/core/MantineProvider/merge-mantine-theme/merge-mantine-theme.mjs";
import { deepMerge } from "#mantine/core/core/utils/deep-merge/deep-merge.mjs";

const defaultVariables = defaultCssVariablesResolver(DEFAULT_THEME);
type Scope = keyof ConvertCSSVariablesInput;

/** Mantine's own stylesheet sets the default theme's variables on :root; the provider leaves them out. */
function withoutDefaults(variables: ConvertCSSVariablesInput): ConvertCSSVariablesInput {
  const keep = (scope: Scope) =>
    Object.fromEntries(
      Object.entries(variables[scope]).filter(([name, value]) => defaultVariables[scope][name as never] !== value),
    ) as ConvertCSSVariablesInput[Scope];
  return { variables: keep("variables"), light: keep("light"), dark: keep("dark") };
}

const built = new WeakMap<MantineThemeOverride, Map<CSSVariablesResolver | undefined, string>>();

/** What MantineProvider's `<style>` holds for this theme (selector `:root`, deduplicated). */
export function themeCssVariables(theme: MantineThemeOverride, resolver?: CSSVariablesResolver) {
  let byResolver = built.get(theme);
  if (!byResolver) built.set(theme, (byResolver = new Map()));
  let css = byResolver.get(resolver);
  if (css === undefined) {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const own = resolver?.(merged);
    const defaults = defaultCssVariablesResolver(merged);
    const variables = own ? deepMerge(defaults, own) : defaults;
    css = convertCssVariables(withoutDefaults(variables), ":root");
    byResolver.set(resolver, css);
  }
  return css;
}

export function ThemeCssVariables({
  theme,
  resolver,
  nonce,
}: {
  theme: MantineThemeOverride;
  resolver?: CSSVariablesResolver;
  nonce?: string;
}) {
  const css = themeCssVariables(theme, resolver);
  return css ? <style data-mantine-styles="true" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} /> : null;
}
