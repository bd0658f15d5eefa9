// The dashboard's commands, each declared once: dismiss one system event, or all of them.
import { defineHandler } from "~/route-helpers/form-declaration";
import { dismissAll, dismissOne } from "./actions.server";

export const dismissEventCommand = defineHandler({
  intent: "dismissEvent",
  permission: "systemEvents.dismiss",
  handle: dismissOne,
});

export const dismissAllEventsCommand = defineHandler({
  intent: "dismissAllEvents",
  permission: "systemEvents.dismiss",
  handle: dismissAll,
});
