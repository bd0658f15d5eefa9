// Moderation: the channels a moderator sees, and the audience-mic queue controls.
import { managerPaths } from "../../app/contract/paths";
import {
  ClearSpeakersSchema,
  MuteSpeakerSchema,
  NextSpeakerSchema,
  UpdateModerationChannelSchema,
} from "../../app/contract/moderation";
import { clearSpeakers, moderationList, muteSpeaker, nextSpeaker, updateModerationChannel } from "../fleet/moderation";
import type { Simulation } from "../simulation";
import { parseWith } from "./http";
import { param, routePath, type ApiRoutes } from "./routes";

export function moderationRoutes(api: ApiRoutes, simulation: Simulation) {
  const { state } = simulation;
  const channelId = param("channelId");

  api.get(routePath(managerPaths.moderation), "moderation.show", () => moderationList(state));
  api.put(routePath(managerPaths.updateModerationChannel, channelId), "moderation.edit", ({ params, body }) =>
    updateModerationChannel(
      state,
      params.channelId!,
      parseWith(UpdateModerationChannelSchema, body, { name: { required: true } }),
    ),
  );
  api.put(routePath(managerPaths.nextSpeaker, channelId), "moderation.edit", ({ params, body }) =>
    nextSpeaker(state, params.channelId!, parseWith(NextSpeakerSchema, body).singleChannelListId),
  );
  api.put(routePath(managerPaths.muteSpeaker, channelId), "moderation.edit", ({ params, body }) => {
    const request = parseWith(MuteSpeakerSchema, body);
    return muteSpeaker(state, params.channelId!, request.singleChannelListId, request.index, request.muteSpeaker);
  });
  api.put(routePath(managerPaths.clearSpeakers, channelId), "moderation.edit", ({ params, body }) =>
    clearSpeakers(state, params.channelId!, parseWith(ClearSpeakersSchema, body).singleChannelListId),
  );
}
