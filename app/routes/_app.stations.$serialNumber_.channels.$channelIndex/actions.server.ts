// The channel details' intents: details and PIN (each confirmed first: listeners must rejoin),
// new access (channel ID and QR code), and the test tone.
import type { IntentContext, IntentTable } from "~/route-helpers/intents.server";
import { channelIntent, type ChannelIntent } from "./intents";
import { channelTarget } from "./channel-target.server";
import { rememberTestTone } from "./test-tones.server";
import { replyWithFailure, reviewForm, runCommand, saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import {
  channelDetailsSchema,
  channelFieldNames,
  channelOptionsOf,
  pinSchema,
  pinToSend,
  toUpdateAudioChannel,
} from "~/domain/channel-forms";
import { errorPage } from "~/error-pages.server";
import { setChannelPin, setTestTone, updateAudioChannel } from "~/manager/channels.server";
import type { ManagerClient } from "~/manager/http.server";
import { getStation } from "~/manager/stations.server";

async function loadChannel(manager: ManagerClient, serialNumber: string, channelIndex: number) {
  const station = await getStation(manager, serialNumber);
  const channel = station.audioChannels.find((candidate) => candidate.index === channelIndex);
  if (!channel) throw errorPage("channelNotFound");
  return { station, channel };
}

async function saveDetailsIntents({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const { serialNumber, channelIndex } = channelTarget(params);
  const values = { serialNumber, channelIndex };
  let loaded: Awaited<ReturnType<typeof loadChannel>>;
  try {
    loaded = await loadChannel(manager, serialNumber, channelIndex);
  } catch (error) {
    return replyWithFailure(request, formData, {
      intent: channelIntent.saveDetails,
      error,
      saveFailedKey: "stations:channel.saveFailed",
      notFound: "station",
    });
  }
  const { station, channel } = loaded;
  const schema = channelDetailsSchema(channelOptionsOf(station));
  if (intent === channelIntent.reviewDetails) return reviewForm(formData, channelIntent.saveDetails, schema);
  return saveForm(request, formData, {
    intent,
    schema,
    confirmFirst: true,
    ...savedMessages("channel", values, "channel"),
    fieldNames: channelFieldNames,
    save: (value) =>
      updateAudioChannel(manager, serialNumber, toUpdateAudioChannel(channel, value, { regenerateAccess: false })),
  });
}

async function savePinIntent({
  request,
  manager,
  formData,
  intent,
  params,
}: IntentContext): Promise<FormReply | Response> {
  const { serialNumber, channelIndex } = channelTarget(params);
  const values = { serialNumber, channelIndex };
  return saveForm(request, formData, {
    intent,
    schema: pinSchema,
    confirmFirst: true,
    ...savedMessages("pin", values, "channel"),
    fieldNames: { pin: "pin" },
    save: (value) => setChannelPin(manager, serialNumber, channelIndex, pinToSend(value)),
  });
}

async function reviewPinIntent({ formData }: IntentContext): Promise<FormReply | Response> {
  return reviewForm(formData, channelIntent.savePin, pinSchema);
}

async function regenerateAccessIntent({ request, manager, params }: IntentContext): Promise<FormReply | Response> {
  const { serialNumber, channelIndex } = channelTarget(params);
  const values = { serialNumber, channelIndex };
  let channelId = "";
  return runCommand(request, {
    async run() {
      const { channel } = await loadChannel(manager, serialNumber, channelIndex);
      const station = await updateAudioChannel(
        manager,
        serialNumber,
        toUpdateAudioChannel(channel, null, { regenerateAccess: true }),
      );
      channelId = station.audioChannels.find((candidate) => candidate.index === channelIndex)?.channelId ?? "";
    },
    success: () => ({ message: "stations:access.regenerated", values: { ...values, channelId } }),
    failedKey: "stations:access.regenerateFailed",
    notFound: "station",
  });
}

async function playTestToneIntents({ request, manager, intent, params }: IntentContext): Promise<FormReply | Response> {
  const { serialNumber, channelIndex } = channelTarget(params);
  const values = { serialNumber, channelIndex };
  const playing = intent === channelIntent.playTestTone;
  return runCommand(request, {
    async run() {
      await setTestTone(manager, serialNumber, channelIndex, playing);
      await rememberTestTone(request, serialNumber, channelIndex, playing);
    },
    success: { message: playing ? "stations:testTone.playing" : "stations:testTone.stopped", values },
    failedKey: "stations:testTone.failed",
    notFound: "channel",
  });
}

/** The channel details' intents, each with what the user must be allowed to do. */
export const channelRoutes: IntentTable<ChannelIntent, FormReply | Response> = {
  saveDetails: { permission: "stations.edit", handler: saveDetailsIntents },
  reviewDetails: { permission: "stations.edit", handler: saveDetailsIntents },
  savePin: { permission: "stations.edit", handler: savePinIntent },
  reviewPin: { permission: "stations.edit", handler: reviewPinIntent },
  regenerateAccess: { permission: "stations.edit", handler: regenerateAccessIntent },
  playTestTone: { permission: "stations.edit", handler: playTestToneIntents },
  stopTestTone: { permission: "stations.edit", handler: playTestToneIntents },
};
