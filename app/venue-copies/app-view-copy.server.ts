// The console's copy of the Manager's app view, kept current from the stations hub (decision 072;
// the pushes: ./app-view-pushes.ts, who lends and whom it serves: ./copies.server.ts). The App
// view's pages read it while it is live; otherwise, and for a session that has just written, they
// read the Manager as before.
import type { AppViewStation } from "~/contract/app-view";
import { getAppViewStations } from "~/manager/app-view.server";
import { AppViewIndex } from "./app-view-index";
import { appViewContents, appViewTargets } from "./app-view-pushes";
import { venueCopies } from "./copies.server";

const appViewCopies = venueCopies<AppViewStation[], AppViewIndex>({
  name: "appView",
  hub: "stationsHub",
  targets: appViewTargets,
  read: getAppViewStations,
  viewOf: (stations) => AppViewIndex.of(stations),
  emptyView: () => new AppViewIndex(),
  contents: appViewContents,
});

/** The app view for a page: the live copy when it may serve the user, else read from the Manager. */
export const appViewFor = appViewCopies.read;

export const endAppViewCopies = appViewCopies.endAll;
