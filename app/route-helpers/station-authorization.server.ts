// Authorization, from the stations list and from an unauthorized station's own page: accept
// (with the fingerprint the user checked), reject, and clear the rejected stations. A changed
// fingerprint brings the Accept dialog back with the new one.
import { redirect } from "@remix-run/node";
import { currentPath } from "~/error-pages.server";
import { acceptStation, rejectStation, resetRejectedStations } from "~/manager/authorization.server";
import { currentFingerprintOf, isStationNotReady } from "~/manager/station-errors.server";
import { runCommand } from "~/route-helpers/form-actions.server";
import type { IntentContext, IntentRoute, IntentTable } from "~/route-helpers/intents.server";
import type { authorizationIntent } from "~/route-helpers/station-authorization";
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
function targetStation({ params, formData }: IntentContext, place: DialogPlace) {
  return place === "stationPage" ? (params.serialNumber ?? "") : field(formData, "serialNumber");
}

function accept(context: IntentContext, place: DialogPlace) {
  const { request, manager, formData } = context;
  const serialNumber = targetStation(context, place);
  return runCommand(request, {
    run: () => acceptStation(manager, serialNumber, field(formData, "fingerprint")),
    success: { message: "stations:authorization.accepted", values: { serialNumber } },
    failedKey: "stations:authorization.acceptFailed",
    async recover(error) {
      if (currentFingerprintOf(error) !== null) {
        // The Manager now holds the station's current fingerprint: offer it to check and accept.
        await setFlash(request, { kind: "error", message: "stations:authorization.fingerprintMismatch" });
        return redirect(
          withSearchParams(listPath(request), {
            confirm: "accept",
            station: place === "list" ? serialNumber : null,
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
}

function reject(context: IntentContext, place: DialogPlace) {
  const { request, manager } = context;
  const serialNumber = targetStation(context, place);
  return runCommand(request, {
    run: () => rejectStation(manager, serialNumber),
    success: { message: "stations:authorization.rejected", values: { serialNumber } },
    failedKey: "stations:authorization.rejectFailed",
    // A rejected station is gone from the lists; its page has nothing left to offer.
    redirectTo: place === "stationPage" ? "/stations" : undefined,
  });
}

/** Accept and Reject, as a screen's intent table has them. */
export function authorizationRoutes(place: DialogPlace): IntentTable<keyof typeof authorizationIntent, Response> {
  return {
    accept: { permission: "stations.authorize", handler: (context) => accept(context, place) },
    reject: { permission: "stations.authorize", handler: (context) => reject(context, place) },
  };
}

export const clearRejectedRoute: IntentRoute<Response> = {
  permission: "stations.authorize",
  handler: ({ request, manager }) => clearRejected(request, manager),
};

function clearRejected(request: Request, manager: IntentContext["manager"]) {
  return runCommand(request, {
    run: () => resetRejectedStations(manager),
    success: { message: "stations:rejected.cleared" },
    failedKey: "stations:rejected.clearFailed",
  });
}
