// The channel page's forms and commands, each declared once: details and PIN (each confirmed
// first: listeners must rejoin), new access (channel ID and QR code), and the test tone.
import type { ChannelOptions } from "~/domain/channel-forms";
import { setTestTone } from "~/manager/channels.server";
import { defineCommand, defineForm } from "~/route-helpers/form-declaration";
import {
  channelFieldNames,
  channelOptionsOf,
  loadChannel,
  regenerateAccess,
  saveChannelDetails,
  savePin,
} from "./actions.server";
import { rememberTestTone } from "./test-tones.server";

const channelForms = () => import("~/domain/channel-forms");

export const channelDetailsForm = defineForm({
  intent: "saveDetails",
  permission: "stations.edit",
  scope: "channel",
  /** The inputs and outputs the station has. */
  schema: (options: ChannelOptions) => channelForms().then((forms) => forms.channelDetailsSchema(options)),
  confirmFirst: { reviewIntent: "reviewDetails" },
  // The station is read first: its absence is the station's page.
  notFound: "station",
  load: ({ manager, serialNumber, channelIndex }) => loadChannel(manager, serialNumber, channelIndex),
  options: ({ station }) => channelOptionsOf(station),
  messages: { done: "stations:channel.saved", failed: "stations:channel.saveFailed" },
  fieldNames: channelFieldNames,
  save: saveChannelDetails,
});

export const pinForm = defineForm({
  intent: "savePin",
  permission: "stations.edit",
  scope: "channel",
  schema: () => channelForms().then((forms) => forms.pinSchema),
  confirmFirst: { reviewIntent: "reviewPin" },
  messages: { done: "stations:pin.saved", failed: "stations:pin.saveFailed" },
  fieldNames: { pin: "pin" },
  save: savePin,
});

export const regenerateAccessCommand = defineCommand({
  intent: "regenerateAccess",
  permission: "stations.edit",
  scope: "channel",
  notFound: "station",
  messages: {
    done: (channelId, context) => ({
      message: "stations:access.regenerated",
      values: { ...context.values, channelId: String(channelId ?? "") },
    }),
    failed: "stations:access.regenerateFailed",
  },
  run: regenerateAccess,
});

function testToneCommand<Intent extends "playTestTone" | "stopTestTone">(intent: Intent) {
  const playing = intent === "playTestTone";
  return defineCommand({
    intent,
    permission: "stations.edit",
    scope: "channel",
    messages: {
      done: playing ? "stations:testTone.playing" : "stations:testTone.stopped",
      failed: "stations:testTone.failed",
    },
    async run({ request, manager, serialNumber, channelIndex }) {
      await setTestTone(manager, serialNumber, channelIndex, playing);
      await rememberTestTone(request, serialNumber, channelIndex, playing);
    },
  });
}

export const playTestToneCommand = testToneCommand("playTestTone");
export const stopTestToneCommand = testToneCommand("stopTestTone");
