// The channel details' intents: details and PIN (each confirmed first: listeners must rejoin),
// new access (channel ID and QR code), and the test tone.
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
import { replyWithFailure, reviewForm, runCommand, saveForm, savedMessages } from "~/route-helpers/form-actions.server";
import type { FormReply } from "~/route-helpers/form-reply";
import type { IntentContext, IntentRoute, IntentTable } from "~/route-helpers/intents.server";
import { channelTarget } from "./channel-target.server";
import { channelIntent, type ChannelIntent } from "./intents";
import { rememberTestTone } from "./test-tones.server";

type Answer = FormReply | Response;

interface ChannelIntentContext extends IntentContext {
  serialNumber: string;
  channelIndex: number;
  /** The flash message's values. */
  values: { serialNumber: string; channelIndex: number };
}

/** An intent on the channel in the URL; every one needs "stations.edit". */
function onChannel(handler: (context: ChannelIntentContext) => Promise<Answer>): IntentRoute<Answer> {
  return {
    permission: "stations.edit",
    handler(context) {
      const { serialNumber, channelIndex } = channelTarget(context.params);
      return handler({ ...context, serialNumber, channelIndex, values: { serialNumber, channelIndex } });
    },
  };
}

async function loadChannel(manager: ManagerClient, serialNumber: string, channelIndex: number) {
  const station = await getStation(manager, serialNumber);
  const channel = station.audioChannels.find((candidate) => candidate.index === channelIndex);
  if (!channel) throw errorPage("channelNotFound");
  return { station, channel };
}

/** Save, or back from its confirmation to the form (review): the schema depends on the station. */
const details = onChannel(async ({ request, manager, formData, intent, serialNumber, channelIndex, values }) => {
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
});

const testTone = onChannel(({ request, manager, intent, serialNumber, channelIndex, values }) => {
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
});

export const channelRoutes: IntentTable<ChannelIntent, Answer> = {
  saveDetails: details,
  reviewDetails: details,
  savePin: onChannel(({ request, manager, formData, intent, serialNumber, channelIndex, values }) =>
    saveForm(request, formData, {
      intent,
      schema: pinSchema,
      confirmFirst: true,
      ...savedMessages("pin", values, "channel"),
      fieldNames: { pin: "pin" },
      save: (value) => setChannelPin(manager, serialNumber, channelIndex, pinToSend(value)),
    }),
  ),
  reviewPin: onChannel(async ({ formData }) => reviewForm(formData, channelIntent.savePin, pinSchema)),
  regenerateAccess: onChannel(({ request, manager, serialNumber, channelIndex, values }) => {
    let channelId = "";
    return runCommand(request, {
      async run() {
        const { channel } = await loadChannel(manager, serialNumber, channelIndex);
        const access = toUpdateAudioChannel(channel, null, { regenerateAccess: true });
        const station = await updateAudioChannel(manager, serialNumber, access);
        channelId = station.audioChannels.find((candidate) => candidate.index === channelIndex)?.channelId ?? "";
      },
      success: () => ({ message: "stations:access.regenerated", values: { ...values, channelId } }),
      failedKey: "stations:access.regenerateFailed",
      notFound: "station",
    });
  }),
  playTestTone: testTone,
  stopTestTone: testTone,
};
