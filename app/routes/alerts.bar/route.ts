// GET /alerts/bar: the alert bar's data, for the bar to follow open alerts without a reload (with
// JavaScript; without, every page load brings it). Only for users who may see alerts; others get
// the error pages as plain answers, like every resource route.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { alertBarOf } from "~/alerts/alert-bar.server";
import { stationsSeenBy } from "~/alerts/whose.server";
import { requireUser } from "~/auth/guard.server";
import { plainErrorPage } from "~/error-pages.server";
import { isErrorPagePayload } from "~/error-pages";
import { i18next } from "~/i18n/i18next.server";

export async function loader({ request }: LoaderFunctionArgs) {
  let context;
  try {
    context = await requireUser(request, "alerts.show");
  } catch (thrown) {
    const payload = typeof thrown === "object" && thrown !== null && "data" in thrown ? thrown.data : null;
    if (!isErrorPagePayload(payload)) throw thrown;
    return plainErrorPage(request, payload.errorPage);
  }
  // Data, not a Response: the bar's fetcher reads it through Remix's own data request.
  const locale = await i18next.getLocale(request);
  return { bar: await alertBarOf(context.user, locale, () => stationsSeenBy(request, context)) };
}
