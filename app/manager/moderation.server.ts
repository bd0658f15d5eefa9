// Moderation calls (operations.md §7): the moderation list, the channel update and the speaker
// queue. The Manager has no "one channel" call: a channel is found in the list by its station's
// serial number and its index.
import * as z from "zod";
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

/** What finding one channel in the list needs of each entry: its address. */
const ModerationChannelAddressSchema = z.object({
  id: z.string(),
  stationSerialNumber: z.string(),
  index: z.number().int(),
});
type ModerationChannelAddress = z.infer<typeof ModerationChannelAddressSchema>;

/**
 * The moderation list read for one channel: every entry's address checked, only the first entry
 * `wanted` picks parsed whole. With a large fleet the list holds thousands of channels; parsing
 * each of them (a copy of every object) for one channel cost more than the page's render did.
 */
function firstWanted(wanted: (address: ModerationChannelAddress) => boolean) {
  return z.array(z.unknown()).transform((entries, context): ModerationChannel | null => {
    for (const [position, entry] of entries.entries()) {
      const address = ModerationChannelAddressSchema.safeParse(entry);
      if (!address.success) return contractIssues(context, position, address.error.issues);
      if (!wanted(address.data)) continue;
      const channel = ModerationChannelSchema.safeParse(entry);
      if (!channel.success) return contractIssues(context, position, channel.error.issues);
      return channel.data;
    }
    return null;
  });
}

function contractIssues(context: z.RefinementCtx, position: number, issues: z.core.$ZodIssue[]) {
  for (const issue of issues)
    context.addIssue({ code: "custom", message: issue.message, path: [position, ...issue.path] });
  return z.NEVER;
}

/** The channel as the Manager has it now, found by its station's serial number and its index. */
export async function findModerationChannel(
  manager: ManagerClient,
  stationSerialNumber: string,
  index: number,
): Promise<LocatedModerationChannel> {
  let stationFound = false;
  const channel = await manager.get(
    managerPaths.moderation(),
    firstWanted((address) => {
      if (address.stationSerialNumber !== stationSerialNumber) return false;
      stationFound = true;
      return address.index === index;
    }),
  );
  return { channel, stationFound };
}

/** The channel as the Manager has it now, found by its id (the App view's audience-mic control). */
export function findModerationChannelById(
  manager: ManagerClient,
  channelId: string,
): Promise<ModerationChannel | null> {
  return manager.get(
    managerPaths.moderation(),
    firstWanted((address) => address.id === channelId),
  );
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
