// The stations list's own commands: clear the rejected stations (Accept and Reject are shared
// with a station's page: route-helpers/station-authorization.server.ts), and choose stations.
import { resetRejectedStations } from "~/manager/authorization.server";
import { defineCommand, defineHandler } from "~/route-helpers/form-declaration";
import { chooseAllMatching, chooseOnPage, clearChoice } from "./choice.server";

export const clearRejectedCommand = defineCommand({
  intent: "clearRejected",
  permission: "stations.authorize",
  messages: { done: "stations:rejected.cleared", failed: "stations:rejected.clearFailed" },
  run: ({ manager }) => resetRejectedStations(manager),
});

// Choosing stations for a bulk action (issue 27): Admins and Owners, like the actions themselves.
export const chooseHandler = defineHandler({
  intent: "choose",
  permission: "stations.edit",
  handle: chooseOnPage,
});

export const chooseAllHandler = defineHandler({
  intent: "chooseAll",
  permission: "stations.edit",
  handle: chooseAllMatching,
});

export const clearChoiceHandler = defineHandler({
  intent: "clearChoice",
  permission: "stations.edit",
  handle: clearChoice,
});
