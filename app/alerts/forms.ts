// The alerts' forms and commands, each declared once (docs/building-a-screen.md): add and delete
// a rule, add and remove a webhook or an e-mail address, send it a test, acknowledge an alert. Admins and Owners.
import { defineForm, defineHandler } from "~/route-helpers/form-declaration";
import {
  acknowledgeAlert,
  createDestination,
  createEmailDestination,
  createRule,
  deleteRule,
  removeDestination,
  sendTest,
} from "./forms.server";

const schemas = () => import("~/domain/alert-forms");

export const createRuleForm = defineForm({
  intent: "createRule",
  permission: "alerts.edit",
  schema: () => schemas().then((module) => module.ruleFormSchema),
  messages: { done: "", failed: "alerts:errors.unavailable" },
  handle: createRule,
});

export const deleteRuleCommand = defineHandler({
  intent: "deleteRule",
  permission: "alerts.edit",
  handle: deleteRule,
});

export const createDestinationForm = defineForm({
  intent: "createDestination",
  permission: "alerts.edit",
  schema: () => schemas().then((module) => module.destinationFormSchema),
  messages: { done: "", failed: "alerts:errors.unavailable" },
  handle: createDestination,
});

export const createEmailDestinationForm = defineForm({
  intent: "createEmailDestination",
  permission: "alerts.edit",
  schema: () => schemas().then((module) => module.emailDestinationFormSchema),
  messages: { done: "", failed: "alerts:errors.unavailable" },
  handle: createEmailDestination,
});

export const removeDestinationCommand = defineHandler({
  intent: "removeDestination",
  permission: "alerts.edit",
  handle: removeDestination,
});

export const sendTestCommand = defineHandler({
  intent: "sendTest",
  permission: "alerts.edit",
  handle: sendTest,
});

export const acknowledgeCommand = defineHandler({
  intent: "acknowledge",
  permission: "alerts.acknowledge",
  handle: acknowledgeAlert,
});
