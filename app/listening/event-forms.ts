// The events' forms and commands, each declared once (docs/building-a-screen.md): name an event,
// start one now, change one, end one now, delete one — all listening.edit.
import { defineForm, defineHandler } from "~/route-helpers/form-declaration";
import { deleteEvent, endEventNow, saveEvent, startEventNow } from "./event-forms.server";

const schemas = () => import("~/domain/listening-events");

export const createEventForm = defineForm({
  intent: "createEvent",
  permission: "listening.edit",
  schema: () => schemas().then((module) => module.eventFormSchema),
  messages: { done: "", failed: "listening:events.errors.unavailable" },
  handle: saveEvent,
});

export const startNowForm = defineForm({
  intent: "startEvent",
  permission: "listening.edit",
  schema: () => schemas().then((module) => module.startNowSchema),
  messages: { done: "", failed: "listening:events.errors.unavailable" },
  handle: startEventNow,
});

export const updateEventForm = defineForm({
  intent: "updateEvent",
  permission: "listening.edit",
  schema: () => schemas().then((module) => module.eventFormSchema),
  messages: { done: "", failed: "listening:events.errors.unavailable" },
  handle: saveEvent,
});

export const endEventCommand = defineHandler({
  intent: "endEvent",
  permission: "listening.edit",
  handle: endEventNow,
});

export const deleteEventCommand = defineHandler({
  intent: "deleteEvent",
  permission: "listening.edit",
  handle: deleteEvent,
});
