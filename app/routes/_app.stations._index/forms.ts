// The stations list's own command: clear the rejected stations (Accept and Reject are shared
// with a station's page: route-helpers/station-authorization.server.ts).
import { resetRejectedStations } from "~/manager/authorization.server";
import { defineCommand } from "~/route-helpers/form-declaration";

export const clearRejectedCommand = defineCommand({
  intent: "clearRejected",
  permission: "stations.authorize",
  messages: { done: "stations:rejected.cleared", failed: "stations:rejected.clearFailed" },
  run: ({ manager }) => resetRejectedStations(manager),
});
