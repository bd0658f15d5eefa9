// The Firmware tab's intents: start an update (a version and the EULA accepted) and sync the
// firmware metadata (PUT, then GET), whose noInternet answer shows the no-connection message.
import { runCommand, saveForm } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import { firmwareUpdateSchema } from "~/domain/station-forms";
import { errorPage } from "~/error-pages.server";
import { startFirmwareUpdate, syncUpdateMetadata } from "~/manager/firmware.server";
import { isManagerError, type ManagerClient } from "~/manager/http.server";

export interface NoConnectionReply {
  intent: "syncMetadata";
  noConnection: true;
}

export async function firmwareAction(
  request: Request,
  manager: ManagerClient,
  serialNumber: string,
  formData: FormData,
): Promise<FormReply | NoConnectionReply | Response> {
  const intent = String(formData.get("intent"));
  switch (intent) {
    case "startUpdate":
      return saveForm(request, formData, {
        intent,
        schema: firmwareUpdateSchema,
        saveFailedKey: "stations:firmware.startFailed",
        success: { message: "stations:firmware.started", values: { serialNumber } },
        save: (value) => startFirmwareUpdate(manager, serialNumber, value.firmwareId),
      });
    case "syncMetadata":
      return runCommand<NoConnectionReply>(request, {
        run: () => syncUpdateMetadata(manager),
        success: { message: "stations:firmware.synced" },
        failedKey: "stations:firmware.syncFailed",
        recover: async (error) =>
          isManagerError(error, "noInternet") ? { intent: "syncMetadata", noConnection: true } : null,
      });
    default:
      throw errorPage("notFound");
  }
}
