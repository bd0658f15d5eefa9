// A text template fills in a list's rows as t() would, in every language.
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { i18nOptions, supportedLanguages } from "~/i18n/config";
import { resources } from "~/i18n/i18next.server";
import { textTemplate } from "~/i18n/text-template";

describe("text templates", () => {
  it("give what t() gives for the stations list's texts", async () => {
    for (const lng of supportedLanguages) {
      const i18n = createInstance();
      await i18n.init({ ...i18nOptions, lng, ns: ["stations"], resources });
      const t = i18n.getFixedT(lng, "stations");
      const channels = textTemplate(t, "list.channelsInUse", ["inUse", "total"]);
      const control = textTemplate(t, "list.controlIp", ["ip"]);
      for (const [inUse, total] of [
        [0, 4],
        [3, 16],
        [1, 1],
      ] as const)
        expect(channels({ inUse, total })).toBe(t("list.channelsInUse", { inUse, total }));
      for (const ip of ["10.0.0.7", "—", "fe80::1"]) expect(control({ ip })).toBe(t("list.controlIp", { ip }));
    }
  });
});
