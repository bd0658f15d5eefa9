// The Firmware tab's intents: start an update (a version and the EULA accepted) and sync the
// firmware metadata (PUT, then GET), whose noInternet answer shows the no-connection message.
import type { IntentContext, IntentTable } from "~/route-helpers/intents.server";
import type { FirmwareIntent } from "./intents";
import { runCommand, saveForm } from "~/route-helpers/form-actions.server";
import { noConnectionKey } from "~/route-helpers/manager-failures.server";
import { formErrorReply, type FormReply } from "~/route-helpers/form-reply";
import { firmwareUpdateSchema } from "~/domain/station-forms";
import { startFirmwareUpdate, syncUpdateMetadata } from "~/manager/firmware.server";
import { isManagerError } from "~/manager/http.server";

async function startUpdateIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const serialNumber = params.serialNumber!;
  return saveForm(request, formData, {
    intent,
    schema: firmwareUpdateSchema,
    saveFailedKey: "stations:firmware.startFailed",
    success: { message: "stations:firmware.started", values: { serialNumber } },
    save: (value) => startFirmwareUpdate(manager, serialNumber, value.firmwareId),
  });
}

async function syncMetadataIntent({ request, manager, intent }: IntentContext): Promise<FormReply | Response> {
  return runCommand<FormReply>(request, {
    run: () => syncUpdateMetadata(manager),
    success: { message: "stations:firmware.synced" },
    failedKey: "stations:firmware.syncFailed",
    recover: async (error) => (isManagerError(error, "noInternet") ? formErrorReply(intent, noConnectionKey) : null),
  });
}

/** The Firmware tab's intents, each with what the user must be allowed to do. */
export const firmwareRoutes: IntentTable<FirmwareIntent, FormReply | Response> = {
  startUpdate: { permission: "firmware.update", handler: startUpdateIntent },
  syncMetadata: { permission: "firmware.update", handler: syncMetadataIntent },
};
