// /appView: the listening app's channel list — every station with its channels, the channel
// order (drag and drop with JavaScript, up/down buttons and a position without), ungrouped
// channels, the phone preview and the channel and QR code overlays as URL state. A Moderator
// sees only the audience-mic mute controls (DESIGN.md §9). The app view comes from the console's
// copy kept by the stations hub when it is live (decision 072), each list a page of it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { memo } from "react";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { moveChannelCommand, setAudienceMicMutedCommand } from "./forms";
import { intentTable } from "~/route-helpers/intent-table.server";
import { dispatchIntent } from "~/route-helpers/intents.server";
import { AppView } from "./AppView";
import { ModeratorAppView } from "./ModeratorAppView";
import { overlayParams } from "./url-state";
import { administratorView, moderatorView } from "./view.server";
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { getAppCustomization } from "~/manager/app-customization.server";
import { appViewFor } from "~/venue-copies/app-view-copy.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import type { ScreenHandle } from "~/utils/handle";
import { pageTitle } from "~/utils/meta";
import { useSteadyLoaderData } from "~/utils/use-steady-loader-data";

export const meta = pageTitle("appView");
export const handle = { titleKey: "appView", hubs: ["stationsHub", "appCustomizationHub"] } satisfies ScreenHandle;

export async function loader({ request }: LoaderFunctionArgs) {
  const context = await requireUser(request, "appView.show");
  const { user, manager } = context;
  const search = new URL(request.url).searchParams;
  if (!can(user, "appView.preview")) {
    const appView = await loadOrThrow(request, () => appViewFor(request, context));
    return { kind: "moderator" as const, page: moderatorView(appView, search) };
  }
  const [appView, customization] = await loadOrThrow(request, () =>
    Promise.all([appViewFor(request, context), getAppCustomization(manager)]),
  );
  return {
    kind: "administrator" as const,
    canSort: can(user, "appView.sort"),
    ...administratorView(appView, customization, search),
  };
}

/** Opening or closing an overlay or the preview is URL state the page already has the data for. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => {
  if (formMethod || currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) {
    return defaultShouldRevalidate;
  }
  const rest = (url: URL) => {
    const search = new URLSearchParams(url.search);
    for (const param of overlayParams) search.delete(param);
    return search.toString();
  };
  return rest(currentUrl) !== rest(nextUrl);
};

// Built per request: the table's code is server-only (the browser build leaves this module out).
export const action = (args: ActionFunctionArgs) =>
  dispatchIntent(args, intentTable(moveChannelCommand, setAudienceMicMutedCommand));

// A revalidation whose answer equals the page (most pushes, the hubs' catch-up) renders nothing again.
const SteadyAppView = memo(AppView);
const SteadyModeratorAppView = memo(ModeratorAppView);

export default function AppViewPage() {
  const data = useSteadyLoaderData<typeof loader>();
  return data.kind === "moderator" ? <SteadyModeratorAppView page={data.page} /> : <SteadyAppView {...data} />;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
