// The console's copy of the moderation list (decision 072): the moderation hub's pushes put a
// channel in, change it or take it out, and each sorted order the page asks for follows them.
import { describe, expect, it } from "vitest";
import type { ModerationChannel } from "../../app/contract/moderation";
import { ModerationIndex, moderationContents } from "../../app/venue-copies/moderation-index";

function moderationChannel(id: string, name: string, stationName: string, speakersWaiting = 0): ModerationChannel {
  return {
    id,
    index: 1,
    name,
    stationSerialNumber: `MCS-${id}`,
    inputInterfaceLeft: 1,
    inputInterfaceRight: null,
    pinCode: null,
    uplinkEnabled: true,
    uplinkOutputIndex: 0,
    accessOptions: { listId: "l", singleChannelListId: "s" },
    sortId: 1,
    channelId: `ch-${id}`,
    group: null,
    isHidden: false,
    isEnabled: true,
    speakerMuted: false,
    uplinkUnmuted: true,
    isQueueEnabled: true,
    speakersWaiting,
    listenerCount: 0,
    stationName,
    speakers: [],
  };
}

const byChannel = { sort: "channel", order: "asc", search: "" } as const;
const names = (channels: readonly ModerationChannel[]) => channels.map((channel) => channel.name);

describe("the moderation list's copy", () => {
  it("sorts and searches, and gives the same order again until the list changes", () => {
    const index = ModerationIndex.of([
      moderationChannel("1", "Q&A", "Conference Room B", 2),
      moderationChannel("2", "Audience", "Atrium", 5),
    ]);
    const sorted = index.sorted(byChannel);
    expect(names(sorted)).toEqual(["Audience", "Q&A"]);
    expect(index.sorted(byChannel)).toBe(sorted);
    expect(names(index.sorted({ sort: "speakersWaiting", order: "desc", search: "" }))).toEqual(["Audience", "Q&A"]);
    expect(names(index.sorted({ ...byChannel, search: "conference" }))).toEqual(["Q&A"]);
  });

  it("follows the moderation hub: a channel added, changed and removed", () => {
    const index = ModerationIndex.of([moderationChannel("1", "Q&A", "Conference Room B")]);
    const { apply } = moderationContents(index);
    expect(apply("ModerationChannelChanged", [moderationChannel("2", "Audience", "Atrium"), "Add"])).toBe(true);
    expect(names(index.sorted(byChannel))).toEqual(["Audience", "Q&A"]);
    apply("ModerationChannelChanged", [moderationChannel("1", "Questions", "Conference Room B", 3), "Update"]);
    expect(index.sorted(byChannel).map((channel) => [channel.name, channel.speakersWaiting])).toEqual([
      ["Audience", 0],
      ["Questions", 3],
    ]);
    apply("ModerationChannelChanged", [moderationChannel("2", "Audience", "Atrium"), "Remove"]);
    expect(names(index.sorted(byChannel))).toEqual(["Questions"]);
  });

  it("refuses a push that is not the contract's shape, so the copy reads everything again", () => {
    const { apply } = moderationContents(new ModerationIndex());
    expect(apply("ModerationChannelChanged", [{ id: "1" }, "Update"])).toBe(false);
    expect(apply("ModerationChannelChanged", [moderationChannel("1", "Q&A", "B"), "Replace"])).toBe(false);
  });
});
