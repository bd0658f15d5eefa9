// The App view's commands, each declared once: move a channel in the app's order, and mute or
// unmute a channel's audience mic (the one thing a Moderator may do here).
import { defineHandler } from "~/route-helpers/form-declaration";
import { moveChannelTo, setAudienceMicMuted } from "./actions.server";

export const moveChannelCommand = defineHandler({
  intent: "moveChannel",
  permission: "appView.sort",
  handle: moveChannelTo,
});

export const setAudienceMicMutedCommand = defineHandler({
  intent: "setAudienceMicMuted",
  permission: "appView.muteAudienceMic",
  handle: setAudienceMicMuted,
});
