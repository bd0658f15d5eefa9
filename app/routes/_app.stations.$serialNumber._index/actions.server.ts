// The General tab's intents: rename, streaming mode, audio settings, noise gate, output
// settings, reboot, factory reset and remove.
import type { IntentContext, IntentTable } from "~/route-helpers/intents.server";
import type { StationEditIntent } from "./intents";
import { errorPage } from "~/error-pages.server";
import { runCommand, saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import {
  audioSettingsSchema,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
  toAudioEncoder,
} from "~/domain/station-forms";
import { UseCaseModeSchema } from "~/contract/enums";
import {
  changeStreamingMode,
  getStation,
  rebootStation,
  removeStation,
  renameStation,
  restoreFactorySettings,
  updateAudioEncoder,
  updateStationConfiguration,
} from "~/manager/stations.server";

async function renameIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return saveForm(request, formData, {
    intent,
    schema: renameStationSchema,
    saveFailedKey: "stations:details.renameFailed",
    success: { message: "stations:details.renamed", values },
    notFound: "station",
    save: (value) => renameStation(manager, serialNumber, value.name),
  });
}

async function saveAudioIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return saveForm(request, formData, {
    intent,
    schema: audioSettingsSchema,
    ...savedMessages("audio", values),
    async save(value) {
      const station = await getStation(manager, serialNumber);
      await updateAudioEncoder(manager, serialNumber, toAudioEncoder(value, station.state.audioEncoder));
    },
  });
}

async function saveNoiseGateIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return saveForm(request, formData, {
    intent,
    schema: noiseGateSchema,
    ...savedMessages("noiseGate", values),
    fieldNames: { "noiseGate.thresholdDb": "thresholdDb" },
    save: (value) => updateStationConfiguration(manager, serialNumber, { noiseGate: value }),
  });
}

async function saveOutputIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return saveForm(request, formData, {
    intent,
    schema: outputSettingsSchema,
    ...savedMessages("output", values),
    fieldNames: { "output.level": "level", "output.gainDb": "gainDb" },
    save: (value) => updateStationConfiguration(manager, serialNumber, { output: value }),
  });
}

async function changeModeIntent({ request, manager, formData, params }: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  const mode = UseCaseModeSchema.safeParse(Number(formData.get("useCaseMode")));
  if (!mode.success) throw errorPage("notFound");
  return runCommand(request, {
    run: () => changeStreamingMode(manager, serialNumber, mode.data),
    success: { message: "stations:mode.changeStarted", values },
    failedKey: "stations:mode.changeFailed",
    notFound: "station",
  });
}

async function rebootIntent({ request, manager, params }: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return runCommand(request, {
    run: () => rebootStation(manager, serialNumber),
    success: { message: "stations:actions.rebootStarted", values },
    failedKey: "stations:actions.rebootFailed",
    notFound: "station",
  });
}

async function factoryResetIntent({
  request,
  manager,
  formData,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return runCommand(request, {
    run: () => restoreFactorySettings(manager, serialNumber, formData.get("keepNetworkSettings") === "on"),
    success: { message: "stations:actions.factoryResetStarted", values },
    failedKey: "stations:actions.factoryResetFailed",
    notFound: "station",
  });
}

async function removeIntent({ request, manager, params }: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  const values = { serialNumber };
  return runCommand(request, {
    run: () => removeStation(manager, serialNumber),
    success: { message: "stations:actions.removed", values },
    failedKey: "stations:actions.removeFailed",
    notFound: "station",
    redirectTo: "/stations",
  });
}

/** The General tab's intents besides authorization, each with what the user must be allowed to do. */
export const generalRoutes: IntentTable<StationEditIntent, FormReply | Response> = {
  rename: { permission: "stations.edit", handler: renameIntent },
  saveAudio: { permission: "stations.edit", handler: saveAudioIntent },
  saveNoiseGate: { permission: "stations.edit", handler: saveNoiseGateIntent },
  saveOutput: { permission: "stations.edit", handler: saveOutputIntent },
  changeMode: { permission: "stations.edit", handler: changeModeIntent },
  reboot: { permission: "stations.edit", handler: rebootIntent },
  factoryReset: { permission: "stations.edit", handler: factoryResetIntent },
  remove: { permission: "stations.edit", handler: removeIntent },
};
