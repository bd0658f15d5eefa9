// Moderation calls (operations.md §7): the moderation list, the channel update and the speaker
// queue. The Manager has no "one channel" call: a channel is found in the list by its station's
// serial number and its index.
import type { ManagerClient } from "~/manager/http.server";
import { managerPaths } from "~/contract/paths";
import {
  ModerationChannelSchema,
  ModerationListSchema,
  type ModerationChannel,
  type UpdateModerationChannel,
} from "~/contract/moderation";

export function getModerationList(manager: ManagerClient) {
  return manager.get(managerPaths.moderation(), ModerationListSchema);
}

export interface LocatedModerationChannel {
  channel: ModerationChannel | null;
  /** Whether the Manager moderates any channel of that station (station vs channel not found). */
  stationFound: boolean;
}

/** The channel as the Manager has it now, found by its station's serial number and its index. */
export async function findModerationChannel(
  manager: ManagerClient,
  stationSerialNumber: string,
  index: number,
): Promise<LocatedModerationChannel> {
  const list = await getModerationList(manager);
  const ofStation = list.filter((channel) => channel.stationSerialNumber === stationSerialNumber);
  return { channel: ofStation.find((channel) => channel.index === index) ?? null, stationFound: ofStation.length > 0 };
}

export function updateModerationChannel(manager: ManagerClient, channelId: string, update: UpdateModerationChannel) {
  return manager.send("PUT", managerPaths.updateModerationChannel(channelId), update, ModerationChannelSchema);
}

export function nextSpeaker(manager: ManagerClient, channel: Pick<ModerationChannel, "id" | "accessOptions">) {
  return manager.send(
    "PUT",
    managerPaths.nextSpeaker(channel.id),
    { singleChannelListId: channel.accessOptions.singleChannelListId },
    ModerationChannelSchema,
  );
}

export function muteSpeaker(
  manager: ManagerClient,
  channel: Pick<ModerationChannel, "id" | "accessOptions">,
  speakerIndex: number,
  muteSpeaker: boolean,
) {
  return manager.send(
    "PUT",
    managerPaths.muteSpeaker(channel.id),
    { singleChannelListId: channel.accessOptions.singleChannelListId, index: speakerIndex, muteSpeaker },
    ModerationChannelSchema,
  );
}

export function clearSpeakers(manager: ManagerClient, channel: Pick<ModerationChannel, "id" | "accessOptions">) {
  return manager.send(
    "PUT",
    managerPaths.clearSpeakers(channel.id),
    { singleChannelListId: channel.accessOptions.singleChannelListId },
    ModerationChannelSchema,
  );
}

const channelQueues = new Map<string, Promise<unknown>>();

/**
 * Runs queue work for one channel after the work already under way for it: two submissions of
 * the same form that arrive together are compared with the Manager's state one after the other,
 * so a repeat sees what the first one did (docs/decisions/031-moderation-double-submission.md).
 */
export function oneAtATimePerChannel<T>(channelKey: string, work: () => Promise<T>): Promise<T> {
  const previous = channelQueues.get(channelKey) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  const settled = next.catch(() => undefined);
  channelQueues.set(channelKey, settled);
  void settled.then(() => {
    if (channelQueues.get(channelKey) === settled) channelQueues.delete(channelKey);
  });
  return next;
}
