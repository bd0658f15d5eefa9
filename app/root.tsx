import { MantineProvider } from "#mantine/core/core/MantineProvider/MantineProvider.mjs";
import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { LazyNotifications } from "~/components/LazyNotifications";
import { ThemeCssVariables } from "~/components/ThemeCssVariables";
import { fallbackLanguage } from "~/i18n/config";
import { i18next } from "~/i18n/i18next.server";
import { PageTranslations } from "~/i18n/page-translations";
import styles from "~/styles/console.css";
import { cssVariablesResolver, theme } from "~/theme";
import { observability } from "~/observability.server";
import { consumeFlash } from "~/utils/flash.server";
import { ScriptsAfterFirstPaint } from "~/components/ScriptsAfterFirstPaint";
import { useNonce } from "~/utils/nonce";
import { RouterStepsProbe } from "~/utils/router-steps";
import { getColorScheme } from "~/utils/preferences.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, colorScheme, flash] = await Promise.all([
    i18next.getLocale(request),
    getColorScheme(request),
    consumeFlash(request),
  ]);
  const t = await i18next.getFixedT(locale, "common");
  const titles = {
    appName: t("appName"),
    dashboard: t("titles.dashboard"),
    stations: t("titles.stations"),
    appView: t("titles.appView"),
    moderation: t("titles.moderation"),
    moderationDetails: t("titles.moderationDetails"),
    settings: t("titles.settings"),
    apiTokens: t("titles.apiTokens"),
    appCustomization: t("titles.appCustomization"),
    auditLog: t("titles.auditLog"),
    firmwareRollouts: t("titles.firmwareRollouts"),
    firmwareRollout: t("titles.firmwareRollout"),
    venueBackup: t("titles.venueBackup"),
    venueRestore: t("titles.venueRestore"),
    listening: t("titles.listening"),
    listeningEvents: t("titles.listeningEvents"),
    listeningEvent: t("titles.listeningEvent"),
    alerts: t("titles.alerts"),
    alertRules: t("titles.alertRules"),
    alertDestinations: t("titles.alertDestinations"),
    alertDeliveries: t("titles.alertDeliveries"),
    login: t("titles.login"),
    pageNotFound: t("titles.pageNotFound"),
    error: t("titles.error"),
  };
  // The document's reference, for error pages that carry none of their own (ErrorPage.tsx).
  return { locale, colorScheme, flash, titles, requestId: observability().requestId() ?? null };
}

export const handle = { i18n: ["common"] };

/**
 * A live update revalidates the page in place (same URL, no form): nothing the root holds has
 * changed, and reloading it would consume a flash message meant for the answer of a form
 * submitted meanwhile (docs/decisions/032-live-updates-during-navigation.md).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (!formMethod && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const locale = data?.locale ?? fallbackLanguage;
  const colorScheme = data?.colorScheme ?? "light";
  const { i18n } = useTranslation();
  useChangeLanguage(locale);

  useEffect(() => {
    // Marks a hydrated page: CSS hides the buttons that only browsers without JavaScript need.
    document.documentElement.dataset.js = "on";
  }, []);

  return (
    <html
      lang={locale}
      dir={i18n.dir?.(locale) ?? "ltr"}
      data-mantine-color-scheme={colorScheme}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={colorScheme} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* MantineProvider's own <style> of theme variables, built once instead of per request. */}
        <ThemeCssVariables theme={theme} resolver={cssVariablesResolver} nonce={nonce ?? ""} />
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          withCssVariables={false}
          forceColorScheme={colorScheme}
          getStyleNonce={() => nonce ?? ""}
        >
          <LazyNotifications />
          <RouterStepsProbe />
          {children}
        </MantineProvider>
        <PageTranslations />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        <ScriptsAfterFirstPaint />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
