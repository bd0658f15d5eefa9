// Authorization, from the stations list and from an unauthorized station's own page: accept
// (with the fingerprint the user checked) and reject. A changed
// fingerprint brings the Accept dialog back with the new one.
import { redirect } from "@remix-run/node";
import { currentPath } from "~/error-pages.server";
import { acceptStation, rejectStation } from "~/manager/authorization.server";
import { defineCommand, type ActionContext } from "~/route-helpers/form-declaration";
import { currentFingerprintOf, isStationNotReady } from "~/route-helpers/manager-failures.server";
import { authorizationIntent } from "~/route-helpers/station-authorization";
import { setFlash } from "~/utils/flash.server";
import { withSearchParams } from "~/utils/url";

function listPath(request: Request) {
  const url = new URL(currentPath(request), "http://console.invalid");
  return { pathname: url.pathname, search: url.search };
}

function field(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

/** Where the dialogs are: on the list they name the station in the URL, on its page it is the page's. */
type DialogPlace = "list" | "stationPage";

/** The station acted on: on its own page the one its URL names, whatever a form field says. */
function targetStation({ serialNumber, formData }: ActionContext, place: DialogPlace) {
  return place === "stationPage" ? serialNumber : field(formData, "serialNumber");
}

/** Accept and Reject, as a screen declares them. */
export function authorizationCommands(place: DialogPlace) {
  const scope = place === "stationPage" ? "station" : "console";
  const accept = defineCommand({
    intent: authorizationIntent.accept,
    permission: "stations.authorize",
    scope,
    messages: {
      done: (_, context) => ({
        message: "stations:authorization.accepted",
        values: { serialNumber: targetStation(context, place) },
      }),
      failed: "stations:authorization.acceptFailed",
    },
    run: (context) =>
      acceptStation(context.manager, targetStation(context, place), field(context.formData, "fingerprint")),
    async recover(error, context) {
      const { request } = context;
      if (currentFingerprintOf(error) !== null) {
        // The Manager now holds the station's current fingerprint: offer it to check and accept.
        await setFlash(request, { kind: "error", message: "stations:authorization.fingerprintMismatch" });
        return redirect(
          withSearchParams(listPath(request), {
            confirm: "accept",
            station: place === "list" ? targetStation(context, place) : null,
            fingerprintChanged: "1",
          }),
        );
      }
      if (isStationNotReady(error)) {
        await setFlash(request, { kind: "error", message: "stations:authorization.notReady" });
        return redirect(currentPath(request));
      }
      return null;
    },
  });
  const reject = defineCommand({
    intent: authorizationIntent.reject,
    permission: "stations.authorize",
    scope,
    messages: {
      done: (_, context) => ({
        message: "stations:authorization.rejected",
        values: { serialNumber: targetStation(context, place) },
      }),
      failed: "stations:authorization.rejectFailed",
    },
    // A rejected station is gone from the lists; its page has nothing left to offer.
    redirectTo: place === "stationPage" ? "/stations" : undefined,
    run: (context) => rejectStation(context.manager, targetStation(context, place)),
  });
  return [accept, reject] as const;
}
