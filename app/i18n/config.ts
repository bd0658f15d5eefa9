// Shared by server and browser: which languages and namespaces exist. Each area of the console
// keeps its texts in its own namespace file under public/locales/<language>/.
export const supportedLanguages = ["en", "de"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const namespaces = [
  "common",
  "stations",
  "moderation",
  "dashboard",
  "admin",
  "listening",
  "alerts",
  // Alert e-mail's frame (app/alerts/email.server.ts): the server reads it in the destination's language.
  "alert-email",
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace: Namespace = "common";

export const i18nOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  ns: [defaultNamespace],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
};

export function isLanguage(value: unknown): value is Language {
  return (supportedLanguages as readonly unknown[]).includes(value);
}
