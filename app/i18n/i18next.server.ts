import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createCookie } from "@remix-run/node";
import type { Resource } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { serializeTranslations } from "~/i18n/page-translations";
import { fallbackLanguage, i18nOptions, namespaces, supportedLanguages, type Namespace } from "~/i18n/config";

/** The language choice lives in a cookie so it works without JavaScript. */
export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

function loadResources(): Resource {
  const resources: Resource = {};
  for (const language of supportedLanguages) {
    resources[language] = {};
    for (const namespace of namespaces) {
      const file = join(process.cwd(), "public", "locales", language, `${namespace}.json`);
      if (existsSync(file)) resources[language]![namespace] = JSON.parse(readFileSync(file, "utf8"));
    }
  }
  return resources;
}

export const resources = loadResources();

/** Every namespace of one language, serialized once: each page carries it (page-translations.tsx). */
const serialized = new Map<string, string>();
export function pageTranslationsText(language: string): string {
  let text = serialized.get(language);
  if (text === undefined) {
    text = serializeTranslations(resources[language] ?? resources[fallbackLanguage] ?? {});
    serialized.set(language, text);
  }
  return text;
}

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["cookie", "header"],
  },
  i18next: { ...i18nOptions, resources },
});

/** A server-side t() for messages built in loaders and actions. */
export async function getFixedT(request: Request, namespace: Namespace = "common") {
  return i18next.getFixedT(await i18next.getLocale(request), namespace);
}
