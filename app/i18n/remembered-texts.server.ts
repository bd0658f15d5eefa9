// The texts a document renders without values (a heading, a label, a column's name) are the same
// on every request, but i18next's t() resolves each one again: key, namespaces, fallbacks, nesting,
// a new options object and arrays per call. On /stations those lookups were about 6 % of the
// memory a document allocates, and the garbage collector is the largest item of its CPU profile
// (bench/notes/render-cost.md, "/stations, garbage"). The instances documents render
// with hold fixed translations (i18next.server.ts), so a lookup without values gives the same
// answer every time: it is remembered. A call with values, counts, contexts, defaults or any
// other option goes to i18next as before.
import type { i18n } from "i18next";

/** Options getFixedT (and so useTranslation's t) adds to every call: they name the text, not its values. */
const namingOptions = new Set(["lng", "lngs", "ns", "keyPrefix"]);

/** Far more than the texts the console has (about 1,000 per language): a key built from data stays bounded. */
const maximumRemembered = 10_000;

/** The options of a call, when they only say which text to look up; `null` when the answer may vary. */
function namingOnly(options: unknown): { lng?: unknown; ns?: unknown } | null {
  if (options === undefined) return {};
  if (typeof options !== "object" || options === null) return null;
  for (const name in options) {
    if (!namingOptions.has(name)) return null;
  }
  const { lngs, keyPrefix } = options as { lngs?: unknown; keyPrefix?: unknown };
  // useTranslation's t names no language list (null or undefined) and, in this app, no key prefix.
  return (lngs === undefined || lngs === null) && !keyPrefix ? options : null;
}

/**
 * Makes `instance.t` remember the texts it gave for calls without values. Only for an instance
 * whose translations and language never change after this call (a rendering instance).
 */
export function rememberPlainTexts(instance: i18n): i18n {
  // i18next's overloads of t() are typed for callers; this wrapper only passes the arguments on.
  const translate = instance.t.bind(instance) as unknown as (...args: unknown[]) => unknown;
  const remembered = new Map<string, unknown>();
  const t = (...args: unknown[]) => {
    const [key, options] = args;
    const naming = args.length <= 2 && typeof key === "string" ? namingOnly(options) : null;
    if (!naming) return translate(...args);
    const namespaces = naming.ns ?? instance.options.defaultNS;
    const id = `${String(naming.lng ?? instance.language)}\u0000${String(namespaces)}\u0000${key}`;
    if (remembered.has(id)) return remembered.get(id);
    const text = translate(...args);
    if (remembered.size < maximumRemembered) remembered.set(id, text);
    return text;
  };
  instance.t = t as unknown as i18n["t"];
  return instance;
}
