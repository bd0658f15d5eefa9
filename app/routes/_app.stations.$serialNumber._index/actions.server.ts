// The General tab's intents: rename, streaming mode, audio settings, noise gate, output
// settings, reboot, factory reset and remove.
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
import type { ManagerClient } from "~/manager/http.server";
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

export async function generalAction(
  request: Request,
  manager: ManagerClient,
  serialNumber: string,
  formData: FormData,
): Promise<FormReply | Response> {
  const intent = String(formData.get("intent"));
  const values = { serialNumber };
  switch (intent) {
    case "rename":
      return saveForm(request, formData, {
        intent,
        schema: renameStationSchema,
        saveFailedKey: "stations:details.renameFailed",
        success: { message: "stations:details.renamed", values },
        notFound: "station",
        save: (value) => renameStation(manager, serialNumber, value.name),
      });
    case "saveAudio":
      return saveForm(request, formData, {
        intent,
        schema: audioSettingsSchema,
        ...savedMessages("audio", values),
        async save(value) {
          const station = await getStation(manager, serialNumber);
          await updateAudioEncoder(manager, serialNumber, toAudioEncoder(value, station.state.audioEncoder));
        },
      });
    case "saveNoiseGate":
      return saveForm(request, formData, {
        intent,
        schema: noiseGateSchema,
        ...savedMessages("noiseGate", values),
        fieldNames: { "noiseGate.thresholdDb": "thresholdDb" },
        save: (value) => updateStationConfiguration(manager, serialNumber, { noiseGate: value }),
      });
    case "saveOutput":
      return saveForm(request, formData, {
        intent,
        schema: outputSettingsSchema,
        ...savedMessages("output", values),
        fieldNames: { "output.level": "level", "output.gainDb": "gainDb" },
        save: (value) => updateStationConfiguration(manager, serialNumber, { output: value }),
      });
    case "changeMode": {
      const mode = UseCaseModeSchema.safeParse(Number(formData.get("useCaseMode")));
      if (!mode.success) throw errorPage("notFound");
      return runCommand(request, {
        run: () => changeStreamingMode(manager, serialNumber, mode.data),
        success: { message: "stations:mode.changeStarted", values },
        failedKey: "stations:mode.changeFailed",
        notFound: "station",
      });
    }
    case "reboot":
      return runCommand(request, {
        run: () => rebootStation(manager, serialNumber),
        success: { message: "stations:actions.rebootStarted", values },
        failedKey: "stations:actions.rebootFailed",
        notFound: "station",
      });
    case "factoryReset":
      return runCommand(request, {
        run: () => restoreFactorySettings(manager, serialNumber, formData.get("keepNetworkSettings") === "on"),
        success: { message: "stations:actions.factoryResetStarted", values },
        failedKey: "stations:actions.factoryResetFailed",
        notFound: "station",
      });
    case "remove":
      return runCommand(request, {
        run: () => removeStation(manager, serialNumber),
        success: { message: "stations:actions.removed", values },
        failedKey: "stations:actions.removeFailed",
        notFound: "station",
        redirectTo: "/stations",
      });
    default:
      throw errorPage("notFound");
  }
}
