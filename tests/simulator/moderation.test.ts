import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { ModerationChannelSchema, ModerationListSchema, type ModerationChannel } from "../../app/contract/moderation";
import { problemTypes } from "../../app/contract/problems";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

async function moderationList() {
  const answer = await simulator.call("GET", managerPaths.moderation(), { as: "Moderator" });
  expect(answer.status).toBe(200);
  return ModerationListSchema.parse(answer.body);
}

async function questionChannel(): Promise<ModerationChannel> {
  return (await moderationList()).find((channel) => channel.stationSerialNumber === "MCS-0043")!;
}

const moderate = (path: string, body: unknown) => simulator.call("PUT", path, { body, as: "Moderator" });

describe("GET /moderation/", () => {
  it("lists the channels of authorized v2 stations with their speakers", async () => {
    const list = await moderationList();
    expect(list.map((channel) => channel.stationSerialNumber)).not.toContain("MCS-0012");
    const channel = await questionChannel();
    expect(channel).toMatchObject({ stationName: "Conference Room B", uplinkEnabled: true, speakersWaiting: 2 });
    expect(channel.speakers.map((speaker) => [speaker.displayName, speaker.isSpeaking])).toEqual([
      ["Anna Keller", true],
      ["Ben Moreau", false],
      ["Chloé Dubois", false],
    ]);
  });
});

describe("speaker queue", () => {
  it("NextSpeaker: the speaker leaves and the first waiting listener gets the mic", async () => {
    const channel = await questionChannel();
    const answer = await moderate(managerPaths.nextSpeaker(channel.id), {
      singleChannelListId: channel.accessOptions.singleChannelListId,
    });
    expect(answer.status).toBe(200);
    const next = ModerationChannelSchema.parse(answer.body);
    expect(next.speakers.map((speaker) => speaker.displayName)).toEqual(["Ben Moreau", "Chloé Dubois"]);
    expect(next.speakers[0]!.isSpeaking).toBe(true);
    expect(next.speakersWaiting).toBe(1);
  });

  it("MuteSpeaker mutes and unmutes by index; ClearSpeakers empties the queue", async () => {
    const channel = await questionChannel();
    const listId = channel.accessOptions.singleChannelListId;
    const muted = ModerationChannelSchema.parse(
      (
        await moderate(managerPaths.muteSpeaker(channel.id), {
          singleChannelListId: listId,
          index: 0,
          muteSpeaker: true,
        })
      ).body,
    );
    expect(muted.speakerMuted).toBe(true);
    const unmuted = ModerationChannelSchema.parse(
      (
        await moderate(managerPaths.muteSpeaker(channel.id), {
          singleChannelListId: listId,
          index: 0,
          muteSpeaker: false,
        })
      ).body,
    );
    expect(unmuted.speakerMuted).toBe(false);
    const cleared = ModerationChannelSchema.parse(
      (await moderate(managerPaths.clearSpeakers(channel.id), { singleChannelListId: listId })).body,
    );
    expect(cleared.speakers).toEqual([]);
    expect(cleared.speakersWaiting).toBe(0);
  });

  it("a listener who asks for the mic joins the queue, or speaks when nobody does", async () => {
    const channel = await questionChannel();
    await moderate(managerPaths.clearSpeakers(channel.id), {
      singleChannelListId: channel.accessOptions.singleChannelListId,
    });
    const first = await simulator.control("/listeners", {
      serialNumber: "MCS-0043",
      channelIndex: 1,
      displayName: "Dana",
    });
    expect(first.status).toBe(200);
    expect(first.body.speakers[0]).toMatchObject({ displayName: "Dana", isSpeaking: true });
    const second = await simulator.control("/listeners", {
      serialNumber: "MCS-0043",
      channelIndex: 1,
      displayName: "Eli",
    });
    expect(second.body.speakersWaiting).toBe(1);
    expect(
      (await simulator.control("/listeners", { serialNumber: "MCS-0042", channelIndex: 1, displayName: "Fay" })).status,
    ).toBe(409);
  });

  it("answers 404 for an unknown channel or speaker, 409 for a stale list id, 400 for a bad body", async () => {
    const channel = await questionChannel();
    expectProblem(
      await moderate(managerPaths.nextSpeaker("no-such-channel"), { singleChannelListId: "x" }),
      404,
      problemTypes.notFound,
    );
    expectProblem(
      await moderate(managerPaths.muteSpeaker(channel.id), {
        singleChannelListId: channel.accessOptions.singleChannelListId,
        index: 42,
        muteSpeaker: true,
      }),
      404,
      problemTypes.notFound,
    );
    expectProblem(
      await moderate(managerPaths.nextSpeaker(channel.id), { singleChannelListId: "stale" }),
      409,
      problemTypes.conflict,
    );
    const problem = expectProblem(
      await moderate(managerPaths.muteSpeaker(channel.id), { singleChannelListId: "", index: -1 }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(
      expect.arrayContaining(["singleChannelListId", "index", "muteSpeaker"]),
    );
  });
});

describe("PUT UpdateChannelDetails", () => {
  it("updates name, PIN, mic mute (uplinkMuted is the inverse of uplinkUnmuted) and the queue", async () => {
    const channel = await questionChannel();
    const answer = await moderate(managerPaths.updateModerationChannel(channel.id), {
      name: "Questions",
      pinCode: "246810",
      uplinkEnabled: true,
      uplinkMuted: true,
      isQueueEnabled: false,
    });
    expect(answer.status).toBe(200);
    expect(ModerationChannelSchema.parse(answer.body)).toMatchObject({
      name: "Questions",
      pinCode: "246810",
      uplinkUnmuted: false,
      isQueueEnabled: false,
    });
    const noPin = ModerationChannelSchema.parse(
      (
        await moderate(managerPaths.updateModerationChannel(channel.id), {
          name: "Questions",
          pinCode: "",
          uplinkEnabled: true,
          uplinkMuted: false,
          isQueueEnabled: true,
        })
      ).body,
    );
    expect(noPin).toMatchObject({ pinCode: null, uplinkUnmuted: true });
  });

  it("answers 400 for the mic on an Assistive Listening channel and for a bad PIN", async () => {
    const mainHall = (await moderationList()).find((channel) => channel.stationSerialNumber === "MCS-0042")!;
    const details = { name: "Main", pinCode: "", uplinkEnabled: true, uplinkMuted: false, isQueueEnabled: false };
    const mic = expectProblem(
      await moderate(managerPaths.updateModerationChannel(mainHall.id), details),
      400,
      problemTypes.validation,
    );
    expect(mic.errors).toHaveProperty("uplinkEnabled");
    const pin = expectProblem(
      await moderate(managerPaths.updateModerationChannel(mainHall.id), {
        ...details,
        uplinkEnabled: false,
        pinCode: "12ab56",
      }),
      400,
      problemTypes.validation,
    );
    expect(pin.errors).toHaveProperty("pinCode");
  });
});
