// Finding one moderation channel in the Manager's list, by its station and index or by its id: the
// same channel as the whole list parsed, station and channel told apart when absent, and the
// contract still enforced on the entries' addresses and on the channel found.
import { beforeAll, describe, expect, it } from "vitest";
import { createManagerClient, ManagerError, type ManagerClient } from "~/manager/http.server";
import { findModerationChannel, findModerationChannelById, getModerationList } from "~/manager/moderation.server";
import { managerClientAs, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator({}, "whole file");
let manager: ManagerClient;

beforeAll(async () => {
  manager = await managerClientAs(simulator, "Admin");
});

/** A client whose Manager answers the moderation list with the given entries. */
function answering(entries: unknown[]) {
  return createManagerClient({
    baseUrl: "http://manager.test",
    accessToken: "t",
    timeoutMs: 2000,
    fetch: async () => Response.json(entries),
  });
}

describe("one moderation channel", () => {
  it("is the channel the whole list holds, speakers and all", async () => {
    const list = await getModerationList(manager);
    const withSpeakers = list.find((channel) => channel.speakers.length > 0) ?? list[0]!;
    const located = await findModerationChannel(manager, withSpeakers.stationSerialNumber, withSpeakers.index);
    expect(located).toEqual({ channel: withSpeakers, stationFound: true });
  });

  it("tells a missing channel of a moderated station from a station that is not moderated", async () => {
    const [first] = await getModerationList(manager);
    expect(await findModerationChannel(manager, first!.stationSerialNumber, 99)).toEqual({
      channel: null,
      stationFound: true,
    });
    expect(await findModerationChannel(manager, "MCS-9999", first!.index)).toEqual({
      channel: null,
      stationFound: false,
    });
  });

  it("refuses a list whose entries have no address, and a found channel that breaks the contract", async () => {
    const list = await getModerationList(manager);
    const [first, second] = list;
    const noAddress = answering([{ ...first, stationSerialNumber: 42 }, second]);
    const refused = await findModerationChannel(noAddress, second!.stationSerialNumber, second!.index).catch(
      (caught: unknown) => caught,
    );
    expect(refused).toBeInstanceOf(ManagerError);
    expect((refused as ManagerError).failure).toMatchObject({
      kind: "contract",
      issues: expect.stringContaining("0.stationSerialNumber"),
    });

    const broken = answering([first, { ...second, speakers: "none" }]);
    const brokenFound = await findModerationChannel(broken, second!.stationSerialNumber, second!.index).catch(
      (caught: unknown) => caught,
    );
    expect((brokenFound as ManagerError).failure).toMatchObject({
      kind: "contract",
      issues: expect.stringContaining("1.speakers"),
    });
    // Another channel's fault does not keep a moderator from the channel asked for.
    expect(await findModerationChannel(broken, first!.stationSerialNumber, first!.index)).toEqual({
      channel: first,
      stationFound: true,
    });
  });
});

describe("one moderation channel by its id", () => {
  it("is the channel the whole list holds, or none for an id the Manager does not have", async () => {
    const list = await getModerationList(manager);
    const last = list.at(-1)!;
    expect(await findModerationChannelById(manager, last.id)).toEqual(last);
    expect(await findModerationChannelById(manager, "no-such-channel")).toBeNull();
  });

  it("refuses an entry without an id and a found channel that breaks the contract, not another's fault", async () => {
    const [first, second] = await getModerationList(manager);
    const { id: _id, ...withoutId } = first!;
    const refused = await findModerationChannelById(answering([withoutId, second]), second!.id).catch(
      (caught: unknown) => caught,
    );
    expect((refused as ManagerError).failure).toMatchObject({
      kind: "contract",
      issues: expect.stringContaining("0.id"),
    });

    const broken = answering([first, { ...second, uplinkUnmuted: "yes" }]);
    const brokenFound = await findModerationChannelById(broken, second!.id).catch((caught: unknown) => caught);
    expect((brokenFound as ManagerError).failure).toMatchObject({
      kind: "contract",
      issues: expect.stringContaining("1.uplinkUnmuted"),
    });
    expect(await findModerationChannelById(broken, first!.id)).toEqual(first);
  });
});
