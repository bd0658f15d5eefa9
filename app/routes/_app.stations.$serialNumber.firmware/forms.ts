// The Firmware tab's forms, each declared once: start an update (a version the tab offers, the
// EULA accepted) and sync the firmware metadata (PUT, then GET), whose noInternet answer shows
// the no-connection message beside the button.
import { startFirmwareUpdate, syncUpdateMetadata } from "~/manager/firmware.server";
import { isManagerError } from "~/manager/http.server";
import { defineCommand, defineForm } from "~/route-helpers/form-declaration";
import { formErrorReply } from "~/route-helpers/form-reply";
import { noConnectionKey } from "~/route-helpers/manager-failures.server";
import { loadFirmwareChoices } from "./firmware-choices.server";
import { offeredFirmwareIds } from "./offered-firmware";

export const firmwareUpdateForm = defineForm({
  intent: "startUpdate",
  permission: "firmware.update",
  scope: "station",
  /** The versions the tab offers: the schema takes no other. */
  schema: (offered: string[]) => import("~/domain/station-forms").then((forms) => forms.firmwareUpdateSchema(offered)),
  // The offer is the Manager's, asked again when the form is sent.
  load: ({ manager, serialNumber }) => loadFirmwareChoices(manager, serialNumber),
  options: (loaded) => offeredFirmwareIds(loaded.choices),
  messages: { done: "stations:firmware.started", failed: "stations:firmware.startFailed" },
  save: (value, { manager, serialNumber }) => startFirmwareUpdate(manager, serialNumber, value.firmwareId),
});

export const syncMetadataCommand = defineCommand({
  intent: "syncMetadata",
  permission: "firmware.update",
  scope: "station",
  messages: { done: "stations:firmware.synced", failed: "stations:firmware.syncFailed" },
  run: ({ manager }) => syncUpdateMetadata(manager),
  recover: async (error, { intent }) =>
    isManagerError(error, "noInternet") ? formErrorReply(intent, noConnectionKey) : null,
});
