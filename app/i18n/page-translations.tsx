// The page's translations travel in its HTML, as a JSON script the browser never executes:
// i18next starts with them on hydration instead of fetching one file per namespace first
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#translations-in-the-page).
import { createContext, useContext } from "react";
import type { ResourceLanguage } from "i18next";
import { useNonce } from "~/utils/nonce";

const elementId = "page-translations";

/** The serialized translations of the response's language; given by entry.server.tsx. */
const PageTranslationsContext = createContext<string | undefined>(undefined);
export const PageTranslationsProvider = PageTranslationsContext.Provider;

/** JSON that is safe inside a <script> element: no "</script>" or "<!--" can end it early. */
export function serializeTranslations(resources: ResourceLanguage): string {
  return JSON.stringify(resources).replace(/</g, "\\u003c");
}

let hydratedText: string | undefined;

/** In the browser: the translations the server put in the page (empty if there are none). */
function pageText(): string {
  hydratedText ??= document.getElementById(elementId)?.textContent ?? "";
  return hydratedText;
}

export function readPageTranslations(): ResourceLanguage {
  try {
    return JSON.parse(pageText() || "{}") as ResourceLanguage;
  } catch {
    return {};
  }
}

/** Rendered once in the document; the browser renders the same text it found there. */
export function PageTranslations() {
  const serverText = useContext(PageTranslationsContext);
  const nonce = useNonce();
  const text = serverText ?? (typeof document === "undefined" ? "" : pageText());
  return (
    <script
      id={elementId}
      type="application/json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
