// The Firmware tab's intents: start an update (a version and the EULA accepted) and sync the
// firmware metadata (PUT, then GET), whose noInternet answer shows the no-connection message.
import type { IntentTable } from "~/route-helpers/intents.server";
import { stationIntent } from "~/route-helpers/station-intents.server";
import type { FirmwareIntent } from "./intents";
import { loadFirmwareChoices } from "./firmware-choices.server";
import { offeredFirmwareIds } from "./offered-firmware";
import { replyWithFailure, runCommand, saveForm } from "~/route-helpers/form-actions.server";
import { noConnectionKey } from "~/route-helpers/manager-failures.server";
import { formErrorReply, type FormReply } from "~/route-helpers/form-reply";
import { firmwareUpdateSchema } from "~/domain/station-forms";
import { startFirmwareUpdate, syncUpdateMetadata } from "~/manager/firmware.server";
import { isManagerError } from "~/manager/http.server";

/** The Firmware tab's intents; each needs "firmware.update". */
export const firmwareRoutes: IntentTable<FirmwareIntent, FormReply | Response> = {
  startUpdate: stationIntent(async ({ request, manager, formData, intent, serialNumber, values }) => {
    const saveFailedKey = "stations:firmware.startFailed";
    // The schema takes only a version the form offers: the offer is the Manager's, asked again.
    let offered: string[];
    try {
      offered = offeredFirmwareIds((await loadFirmwareChoices(manager, serialNumber)).choices);
    } catch (error) {
      return replyWithFailure(request, formData, { intent, error, saveFailedKey, notFound: "station" });
    }
    return saveForm(request, formData, {
      intent,
      schema: firmwareUpdateSchema(offered),
      saveFailedKey,
      success: { message: "stations:firmware.started", values },
      save: (value) => startFirmwareUpdate(manager, serialNumber, value.firmwareId),
    });
  }, "firmware.update"),
  syncMetadata: stationIntent(
    ({ request, manager, intent }) =>
      runCommand<FormReply>(request, {
        run: () => syncUpdateMetadata(manager),
        success: { message: "stations:firmware.synced" },
        failedKey: "stations:firmware.syncFailed",
        recover: async (error) =>
          isManagerError(error, "noInternet") ? formErrorReply(intent, noConnectionKey) : null,
      }),
    "firmware.update",
  ),
};
