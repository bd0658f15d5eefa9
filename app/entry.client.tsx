import { RemixBrowser } from "@remix-run/react";
import type { Router } from "@remix-run/router";
import i18next from "i18next";
import Backend from "i18next-http-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, namespaces } from "~/i18n/config";
import { finishStepsWhoseRouteModuleFailed } from "~/utils/route-module-fallback.client";

declare global {
  interface Window {
    /** Remix's router once RemixBrowser has created it. */
    __remixRouter?: Router;
  }
}

async function hydrate() {
  // Every namespace at once: the files are small and cached, and no text flashes as a key.
  await i18next
    .use(initReactI18next)
    .use(Backend)
    .init({
      ...i18nOptions,
      lng: document.documentElement.lang || i18nOptions.fallbackLng,
      ns: [...namespaces],
      backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

finishStepsWhoseRouteModuleFailed(() => window.__remixRouter);
void hydrate();
