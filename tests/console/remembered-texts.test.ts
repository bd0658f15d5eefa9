// The instances documents render with remember texts without values: every text of every namespace
// reads as i18next gives it, the first time and again, and texts with values are never taken
// from what an earlier call gave.
import { createInstance, type i18n } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, namespaces, supportedLanguages } from "~/i18n/config";
import { renderingI18n, resources } from "~/i18n/i18next.server";

async function plainInstance(lng: string): Promise<i18n> {
  const instance = createInstance();
  await instance.init({ ...i18nOptions, lng, ns: [...namespaces], resources });
  return instance;
}

/** Every key of a namespace's file, nested keys joined with dots, plural forms by their base key. */
function keysOf(tree: object, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

describe("remembered texts", () => {
  it("give what i18next gives for every text of every namespace, twice, in every language", async () => {
    for (const lng of supportedLanguages) {
      const [expected, rendering] = [await plainInstance(lng), await renderingI18n(lng)];
      for (const ns of namespaces) {
        const t = expected.getFixedT(lng, ns);
        // As useTranslation asks (no language: the instance's own) and with the language named.
        const [asHook, named] = [rendering.getFixedT(null, ns), rendering.getFixedT(lng, ns)];
        for (const key of keysOf((resources[lng]?.[ns] ?? {}) as object)) {
          expect(asHook(key)).toBe(t(key));
          expect(asHook(key)).toBe(t(key));
          expect(named(key)).toBe(t(key));
        }
      }
      // A namespace named in the key, and the default namespace when none is given.
      expect(rendering.getFixedT(lng, "stations")("common:titles.stations")).toBe(
        expected.getFixedT(lng, "stations")("common:titles.stations"),
      );
      expect(rendering.t("titles.dashboard")).toBe(expected.t("titles.dashboard"));
    }
  });

  it("look up texts with values, counts or defaults every time", async () => {
    for (const lng of supportedLanguages) {
      const [expected, rendering] = [await plainInstance(lng), await renderingI18n(lng)];
      const [t, remembered] = [expected.getFixedT(lng, "stations"), rendering.getFixedT(null, "stations")];
      for (const search of ["MCS-00", "Annex"])
        expect(remembered("list.noMatches", { search })).toBe(t("list.noMatches", { search }));
      for (const count of [1, 2, 5])
        expect(remembered("rejected.count", { count })).toBe(t("rejected.count", { count }));
      expect(remembered("no.such.text", { defaultValue: "first" })).toBe("first");
      expect(remembered("no.such.text", { defaultValue: "second" })).toBe("second");
      expect(remembered("no.such.text")).toBe(t("no.such.text"));
    }
  });
});
