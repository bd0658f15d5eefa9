// The General tab's intents: rename, streaming mode, audio settings, noise gate, output
// settings, reboot, factory reset and remove.
import { UseCaseModeSchema } from "~/contract/enums";
import {
  audioSettingsSchema,
  noiseGateSchema,
  outputSettingsSchema,
  renameStationSchema,
  toAudioEncoder,
} from "~/domain/station-forms";
import { errorPage } from "~/error-pages.server";
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
import { runCommand, saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import type { IntentTable } from "~/route-helpers/intents.server";
import { stationIntent } from "~/route-helpers/station-intents.server";
import type { StationEditIntent } from "./intents";

/** The General tab's intents besides authorization; each needs "stations.edit". */
export const generalRoutes: IntentTable<StationEditIntent, FormReply | Response> = {
  rename: stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
    saveForm(request, formData, {
      intent,
      schema: renameStationSchema,
      saveFailedKey: "stations:details.renameFailed",
      success: { message: "stations:details.renamed", values },
      notFound: "station",
      save: (value) => renameStation(manager, serialNumber, value.name),
    }),
  ),
  saveAudio: stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
    saveForm(request, formData, {
      intent,
      schema: audioSettingsSchema,
      ...savedMessages("audio", values),
      async save(value) {
        const station = await getStation(manager, serialNumber);
        await updateAudioEncoder(manager, serialNumber, toAudioEncoder(value, station.state.audioEncoder));
      },
    }),
  ),
  saveNoiseGate: stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
    saveForm(request, formData, {
      intent,
      schema: noiseGateSchema,
      ...savedMessages("noiseGate", values),
      fieldNames: { "noiseGate.thresholdDb": "thresholdDb" },
      save: (value) => updateStationConfiguration(manager, serialNumber, { noiseGate: value }),
    }),
  ),
  saveOutput: stationIntent(({ request, manager, formData, intent, serialNumber, values }) =>
    saveForm(request, formData, {
      intent,
      schema: outputSettingsSchema,
      ...savedMessages("output", values),
      fieldNames: { "output.level": "level", "output.gainDb": "gainDb" },
      save: (value) => updateStationConfiguration(manager, serialNumber, { output: value }),
    }),
  ),
  changeMode: stationIntent(async ({ request, manager, formData, serialNumber, values }) => {
    const mode = UseCaseModeSchema.safeParse(Number(formData.get("useCaseMode")));
    // No form of ours sends another mode: answered like an unknown intent.
    if (!mode.success) throw errorPage("notFound");
    return runCommand(request, {
      run: () => changeStreamingMode(manager, serialNumber, mode.data),
      success: { message: "stations:mode.changeStarted", values },
      failedKey: "stations:mode.changeFailed",
      notFound: "station",
    });
  }),
  reboot: stationIntent(({ request, manager, serialNumber, values }) =>
    runCommand(request, {
      run: () => rebootStation(manager, serialNumber),
      success: { message: "stations:actions.rebootStarted", values },
      failedKey: "stations:actions.rebootFailed",
      notFound: "station",
    }),
  ),
  factoryReset: stationIntent(({ request, manager, formData, serialNumber, values }) =>
    runCommand(request, {
      run: () => restoreFactorySettings(manager, serialNumber, formData.get("keepNetworkSettings") === "on"),
      success: { message: "stations:actions.factoryResetStarted", values },
      failedKey: "stations:actions.factoryResetFailed",
      notFound: "station",
    }),
  ),
  remove: stationIntent(({ request, manager, serialNumber, values }) =>
    runCommand(request, {
      run: () => removeStation(manager, serialNumber),
      success: { message: "stations:actions.removed", values },
      failedKey: "stations:actions.removeFailed",
      notFound: "station",
      redirectTo: "/stations",
    }),
  ),
};
