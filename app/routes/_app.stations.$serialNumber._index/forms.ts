// The General tab's forms and commands, each declared once: rename, audio settings, noise gate,
// output settings, streaming mode, reboot, factory reset and remove. What needs zod on the server
// lives in actions.server.ts (the browser loads zod only when a form is first touched).
import {
  rebootStation,
  removeStation,
  renameStation,
  restoreFactorySettings,
  updateStationConfiguration,
} from "~/manager/stations.server";
import { defineCommand, defineForm } from "~/route-helpers/form-declaration";
import { changeMode, saveAudioSettings } from "./actions.server";

const stationForms = () => import("~/domain/station-forms");

export const renameForm = defineForm({
  intent: "rename",
  permission: "stations.edit",
  scope: "station",
  schema: () => stationForms().then((forms) => forms.renameStationSchema),
  messages: { done: "stations:details.renamed", failed: "stations:details.renameFailed" },
  save: (value, { manager, serialNumber }) => renameStation(manager, serialNumber, value.name),
});

export const audioForm = defineForm({
  intent: "saveAudio",
  permission: "stations.edit",
  scope: "station",
  schema: () => stationForms().then((forms) => forms.audioSettingsSchema),
  messages: { done: "stations:audio.saved", failed: "stations:audio.saveFailed" },
  save: saveAudioSettings,
});

export const noiseGateForm = defineForm({
  intent: "saveNoiseGate",
  permission: "stations.edit",
  scope: "station",
  schema: () => stationForms().then((forms) => forms.noiseGateSchema),
  messages: { done: "stations:noiseGate.saved", failed: "stations:noiseGate.saveFailed" },
  fieldNames: { "noiseGate.thresholdDb": "thresholdDb" },
  save: (value, { manager, serialNumber }) => updateStationConfiguration(manager, serialNumber, { noiseGate: value }),
});

export const outputForm = defineForm({
  intent: "saveOutput",
  permission: "stations.edit",
  scope: "station",
  schema: () => stationForms().then((forms) => forms.outputSettingsSchema),
  messages: { done: "stations:output.saved", failed: "stations:output.saveFailed" },
  fieldNames: { "output.level": "level", "output.gainDb": "gainDb" },
  save: (value, { manager, serialNumber }) => updateStationConfiguration(manager, serialNumber, { output: value }),
});

export const changeModeCommand = defineCommand({
  intent: "changeMode",
  permission: "stations.edit",
  scope: "station",
  messages: { done: "stations:mode.changeStarted", failed: "stations:mode.changeFailed" },
  run: changeMode,
});

export const rebootCommand = defineCommand({
  intent: "reboot",
  permission: "stations.edit",
  scope: "station",
  messages: { done: "stations:actions.rebootStarted", failed: "stations:actions.rebootFailed" },
  run: ({ manager, serialNumber }) => rebootStation(manager, serialNumber),
});

export const factoryResetCommand = defineCommand({
  intent: "factoryReset",
  permission: "stations.edit",
  scope: "station",
  messages: { done: "stations:actions.factoryResetStarted", failed: "stations:actions.factoryResetFailed" },
  run: ({ manager, serialNumber, formData }) =>
    restoreFactorySettings(manager, serialNumber, formData.get("keepNetworkSettings") === "on"),
});

export const removeCommand = defineCommand({
  intent: "remove",
  permission: "stations.edit",
  scope: "station",
  messages: { done: "stations:actions.removed", failed: "stations:actions.removeFailed" },
  redirectTo: "/stations",
  run: ({ manager, serialNumber }) => removeStation(manager, serialNumber),
});
