import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import { serializeTranslations } from "~/i18n/page-translations";
import { rememberPlainTexts } from "~/i18n/remembered-texts.server";
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

/**
 * The i18next instance a document renders with, one per language for the process: its translations
 * are fixed and rendering only reads them. A new instance per request cost its init and, per
 * instance, i18next's cache of plural rules
 * (docs/decisions/047-performance-budget-and-upgrade-checklist.md#render-cost). Its texts without
 * values are looked up once (remembered-texts.server.ts).
 */
const renderingInstances = new Map<string, Promise<i18n>>();
export function renderingI18n(language: string): Promise<i18n> {
  let instance = renderingInstances.get(language);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nOptions, lng: language, ns: [...namespaces], resources })
      .then(() => rememberPlainTexts(created));
    renderingInstances.set(language, instance);
  }
  return instance;
}

/** A server-side t() for messages built in loaders and actions. */
export async function getFixedT(request: Request, namespace: Namespace = "common") {
  return i18next.getFixedT(await i18next.getLocale(request), namespace);
}
