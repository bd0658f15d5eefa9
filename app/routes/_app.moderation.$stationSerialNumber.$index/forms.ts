// The moderation details' form and commands, each declared once: the speaker queue (next, mute,
// clear — each a plain form post, safe to send twice) and the channel's settings.
import { defineForm, defineHandler } from "~/route-helpers/form-declaration";
import { clearAllSpeakers, saveChannelSettings, setSpeakerMuted, takeNextSpeaker } from "./actions.server";

export const nextSpeakerCommand = defineHandler({
  intent: "nextSpeaker",
  permission: "moderation.edit",
  handle: takeNextSpeaker,
});

export const muteSpeakerCommand = defineHandler({
  intent: "muteSpeaker",
  permission: "moderation.edit",
  handle: setSpeakerMuted,
});

export const clearSpeakersCommand = defineHandler({
  intent: "clearSpeakers",
  permission: "moderation.edit",
  handle: clearAllSpeakers,
});

export const channelSettingsForm = defineForm({
  intent: "saveSettings",
  permission: "moderation.edit",
  schema: () => import("./channel-settings-schema").then((module) => module.channelSettingsSchema),
  messages: { done: "moderation:settings.saved", failed: "moderation:settings.saveFailed" },
  handle: saveChannelSettings,
});
