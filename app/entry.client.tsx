import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nOptions, namespaces } from "~/i18n/config";
import { fetchBackend } from "~/i18n/fetch-backend";
import { readPageTranslations } from "~/i18n/page-translations";
import { holdEventsFromReactUntil } from "~/utils/events-before-router.client";
import { silenceAbandonedRequests } from "~/utils/abandoned-requests.client";
import { finishStepsWhoseRouteModuleFailed } from "~/utils/route-module-fallback.client";
import { routerSteps } from "~/utils/router-steps";

async function hydrate() {
  const language = document.documentElement.lang || i18nOptions.fallbackLng;
  // The page carries every namespace of its language, so no text flashes as a key and nothing
  // is fetched before hydration; another language is fetched when the user picks it.
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      ...i18nOptions,
      lng: language,
      ns: [...namespaces],
      resources: { [language]: readPageTranslations() },
      partialBundledLanguages: true,
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

silenceAbandonedRequests();
// What the router has in flight: the router's own state, else Remix's hooks (the root's probe).
finishStepsWhoseRouteModuleFailed(routerSteps);
// Released by the console's own hydration mark (root.tsx), set once React has hydrated the page:
// not by Remix's router global, an undocumented detail any release may rename.
holdEventsFromReactUntil(() => document.documentElement.dataset.js === "on");
void hydrate();
