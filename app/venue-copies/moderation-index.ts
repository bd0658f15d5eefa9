// The Manager's moderation list held for the moderation list page (decision 072): a pushed
// moderation channel is the Manager's whole entry, so Add and Update put it in and Remove takes it
// out. The page sorts and searches it, each order kept until the next change, instead of reading
// and validating every channel of the venue per request.
import { ChangeActionSchema } from "~/contract/enums";
import { hubMessages } from "~/contract/hubs";
import { ModerationChannelSchema, type ModerationChannel } from "~/contract/moderation";
import { sortModerationRows, type ModerationSortKey } from "~/domain/moderation-list";
import type { CopyContents } from "./live-copy";

interface SortedBy {
  sort: ModerationSortKey;
  order: "asc" | "desc";
  search: string;
}

/** Orders kept per view; a page of the list asks one of a handful (the sort keys, both ways). */
const keptOrders = 8;

export class ModerationIndex {
  private readonly channels = new Map<string, ModerationChannel>();
  private readonly orders = new Map<string, ModerationChannel[]>();

  static of(channels: Iterable<ModerationChannel>) {
    const index = new ModerationIndex();
    index.replace(channels);
    return index;
  }

  replace(channels: Iterable<ModerationChannel>) {
    this.channels.clear();
    this.orders.clear();
    for (const channel of channels) this.channels.set(channel.id, channel);
  }

  put(channel: ModerationChannel) {
    this.channels.set(channel.id, channel);
    this.orders.clear();
  }

  remove(id: string) {
    if (this.channels.delete(id)) this.orders.clear();
  }

  get size() {
    return this.channels.size;
  }

  /** The channels that match the search, sorted; the same array until the list changes. */
  sorted(by: SortedBy): readonly ModerationChannel[] {
    const key = `${by.sort}\u0000${by.order}\u0000${by.search}`;
    let sorted = this.orders.get(key);
    if (!sorted) {
      sorted = sortModerationRows([...this.channels.values()], by);
      if (this.orders.size >= keptOrders) this.orders.delete(this.orders.keys().next().value!);
      this.orders.set(key, sorted);
    }
    return sorted;
  }
}

export const moderationTargets = [hubMessages.moderationHub.moderationChannelChanged];

export function moderationContents(index: ModerationIndex): CopyContents<ModerationChannel[]> {
  return {
    replace: (channels) => index.replace(channels),
    apply(target, [item, action]) {
      if (target !== hubMessages.moderationHub.moderationChannelChanged) return true;
      const channel = ModerationChannelSchema.safeParse(item);
      const change = ChangeActionSchema.safeParse(action);
      if (!channel.success || !change.success) return false;
      if (change.data === "Remove") index.remove(channel.data.id);
      else index.put(channel.data);
      return true;
    },
  };
}
