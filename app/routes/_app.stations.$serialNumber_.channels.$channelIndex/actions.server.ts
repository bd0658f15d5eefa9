// The channel details' intents: details and PIN (each confirmed first: listeners must rejoin),
// new access (channel ID and QR code), and the test tone.
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

export async function channelAction(
  request: Request,
  manager: ManagerClient,
  target: { serialNumber: string; channelIndex: number },
  formData: FormData,
): Promise<FormReply | Response> {
  const { serialNumber, channelIndex } = target;
  const intent = String(formData.get("intent"));
  const values = { serialNumber, channelIndex };
  switch (intent) {
    case "saveDetails":
    case "reviewDetails": {
      let loaded: Awaited<ReturnType<typeof loadChannel>>;
      try {
        loaded = await loadChannel(manager, serialNumber, channelIndex);
      } catch (error) {
        return replyWithFailure(request, formData, {
          intent: "saveDetails",
          error,
          saveFailedKey: "stations:channel.saveFailed",
          notFound: "station",
        });
      }
      const { station, channel } = loaded;
      const schema = channelDetailsSchema(channelOptionsOf(station));
      if (intent === "reviewDetails") return reviewForm(formData, "saveDetails", schema);
      return saveForm(request, formData, {
        intent,
        schema,
        confirmFirst: true,
        ...savedMessages("channel", values, "channel"),
        fieldNames: channelFieldNames,
        save: (value) => updateAudioChannel(manager, serialNumber, toUpdateAudioChannel(channel, value, { regenerateAccess: false })),
      });
    }
    case "savePin":
      return saveForm(request, formData, {
        intent,
        schema: pinSchema,
        confirmFirst: true,
        ...savedMessages("pin", values, "channel"),
        fieldNames: { pin: "pin" },
        save: (value) => setChannelPin(manager, serialNumber, channelIndex, pinToSend(value)),
      });
    case "reviewPin":
      return reviewForm(formData, "savePin", pinSchema);
    case "regenerateAccess": {
      let channelId = "";
      return runCommand(request, {
        async run() {
          const { channel } = await loadChannel(manager, serialNumber, channelIndex);
          const station = await updateAudioChannel(manager, serialNumber, toUpdateAudioChannel(channel, null, { regenerateAccess: true }));
          channelId = station.audioChannels.find((candidate) => candidate.index === channelIndex)?.channelId ?? "";
        },
        success: () => ({ message: "stations:access.regenerated", values: { ...values, channelId } }),
        failedKey: "stations:access.regenerateFailed",
        notFound: "station",
      });
    }
    case "playTestTone":
    case "stopTestTone": {
      const playing = intent === "playTestTone";
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
    default:
      throw errorPage("notFound");
  }
}
