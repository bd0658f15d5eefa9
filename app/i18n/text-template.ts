// A translated text with placeholders, looked up once per list and filled in per row. i18next's t()
// does its whole lookup on every call (key, fallbacks, nesting, interpolation by regular
// expression); the stations list called it three times a row, a few per cent of the page's server
// CPU (docs/decisions/047-performance-budget-and-upgrade-checklist.md#render-cost). Only for texts
// without plurals, contexts or formats, which depend on the values: those stay t() calls.
import type { TFunction } from "i18next";

const separator = "\u0000";

/** `t(key, values)` for many values: `textTemplate(t, key, ["ip"])({ ip })`. */
export function textTemplate<Name extends string>(t: TFunction, key: string, names: readonly Name[]) {
  const marks = Object.fromEntries(names.map((name, index) => [name, `${separator}${index}${separator}`]));
  const parts = String(t(key, marks)).split(separator);
  return (values: Record<Name, string | number>) =>
    parts.map((part, index) => (index % 2 === 1 ? String(values[names[Number(part)]!]) : part)).join("");
}
