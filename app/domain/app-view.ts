// Which stations the listening app shows (operations.md §7, "App view, all stations"): every
// authorized station, a rejected one never. The simulator builds its app view by this rule, and
// the console's copy of the app view (app/venue-copies) follows the stations hub's pushes by it.
import type { Authorization } from "~/contract/station-parts";

export function isInAppView(authorization: Pick<Authorization, "isAuthorized" | "isRejected">): boolean {
  return authorization.isAuthorized && !authorization.isRejected;
}
