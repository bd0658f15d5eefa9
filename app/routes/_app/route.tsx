// The authenticated shell around every signed-in page: requires a session, loads the shared
// settings (footer, links) and renders sidebar, header and footer around the page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type MetaFunction, type ShouldRevalidateFunction } from "@remix-run/react";
import { alertBarOf } from "~/alerts/alert-bar.server";
import { stationsSeenBy } from "~/alerts/whose.server";
import { requireUser } from "~/auth/guard.server";
import { AlertBar } from "~/components/alerts/AlertBar";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { AppLayout } from "~/components/shell/AppLayout";
import { visibleNavigation } from "~/components/shell/navigation";
import { errorPage } from "~/error-pages.server";
import { LiveUpdates } from "~/live/LiveUpdates";
import { throwLoaderFailure } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import { i18next } from "~/i18n/i18next.server";
import { getSettings } from "~/manager/settings.server";
import type { loader as rootLoader } from "~/root";
import { pageTitle } from "~/utils/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUser(request);
  const { user, manager } = context;
  // Read beside the settings: the bar never waits for the Manager, nor the page for the bar.
  const alertBar = i18next
    .getLocale(request)
    .then((locale) => alertBarOf(user, locale, () => stationsSeenBy(request, context)));
  let settings;
  try {
    settings = await getSettings(manager);
  } catch (error) {
    // Spec: settings that cannot be loaded on route entry give the no-backend page.
    if (isManagerError(error) && ["unauthorized", "forbidden"].includes(error.failure.kind)) {
      return throwLoaderFailure(error, request);
    }
    throw errorPage("noBackend");
  }
  return {
    user: { name: user.name, organizationName: user.organizationName, roles: user.roles },
    navigation: visibleNavigation(user),
    footer: {
      backendVersion: settings.backendVersion,
      accountsUrl: settings.accountsUrl,
      documentationsUrl: settings.documentationsUrl,
    },
    navOpen: new URL(request.url).searchParams.get("nav") === "1",
    alertBar: await alertBar,
  };
}

/** The shell's data changes rarely: reload it after writes and when the drawer's URL state changes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  return currentUrl.searchParams.get("nav") !== nextUrl.searchParams.get("nav");
};

/**
 * When the shell itself fails (the Manager is down), its error page is the deepest route that
 * renders, so the page title comes from here; otherwise the screen's own meta wins.
 */
export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = (args) =>
  args.error ? pageTitle("error")(args as Parameters<ReturnType<typeof pageTitle>>[0]) : [];

export default function SignedInShell() {
  const data = useLoaderData<typeof loader>();
  return (
    <AppLayout user={data.user} navigation={data.navigation} footer={data.footer} navOpen={data.navOpen}>
      <LiveUpdates user={data.user} />
      <AlertBar initial={data.alertBar} />
      <Outlet />
    </AppLayout>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
