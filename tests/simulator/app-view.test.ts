import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { AppViewSchema } from "../../app/contract/app-view";
import { problemTypes } from "../../app/contract/problems";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

async function appView(as: "Admin" | "Moderator" = "Admin") {
  const answer = await simulator.call("GET", managerPaths.appView(), { as });
  expect(answer.status).toBe(200);
  return AppViewSchema.parse(answer.body);
}

const channelIdsBySortId = (view: ReturnType<typeof AppViewSchema.parse>) =>
  Object.values(view.stations)
    .flatMap((station) => station.channels)
    .sort((a, b) => a.sortId - b.sortId)
    .map((channel) => channel.id);

describe("GET /appview", () => {
  it("answers the authorized stations keyed by serial number, to Moderators too", async () => {
    const view = await appView("Moderator");
    expect(Object.keys(view.stations)).toContain("MCS-0042");
    expect(Object.keys(view.stations)).not.toContain("MCS-0046");
    expect(view.stations["MCS-0043"]).toMatchObject({ useCaseMode: 1, computedState: "Connected" });
    const sortIds = Object.values(view.stations).flatMap((station) =>
      station.channels.map((channel) => channel.sortId),
    );
    expect([...sortIds].sort((a, b) => a - b)).toEqual(sortIds.map((_, offset) => offset + 1));
  });
});

describe("PUT /appview/UpdateChannelOrder", () => {
  it("reorders every channel by position from 1", async () => {
    const reversed = channelIdsBySortId(await appView()).reverse();
    const answer = await simulator.call("PUT", managerPaths.updateChannelOrder(), {
      body: { channelOrder: Object.fromEntries(reversed.map((id, offset) => [id, offset + 1])) },
    });
    expect(answer.status).toBe(200);
    expect(channelIdsBySortId(AppViewSchema.parse(answer.body))).toEqual(reversed);
    expect(channelIdsBySortId(await appView())).toEqual(reversed);
  });

  it("answers 400 for unknown ids, missing channels and positions that are not 1..n", async () => {
    const ids = channelIdsBySortId(await appView());
    const unknown = expectProblem(
      await simulator.call("PUT", managerPaths.updateChannelOrder(), {
        body: {
          channelOrder: { ...Object.fromEntries(ids.map((id, offset) => [id, offset + 1])), "no-such-channel": 99 },
        },
      }),
      400,
      problemTypes.validation,
    );
    expect(unknown.errors).toHaveProperty(["channelOrder.no-such-channel"]);
    const gaps = expectProblem(
      await simulator.call("PUT", managerPaths.updateChannelOrder(), {
        body: { channelOrder: Object.fromEntries(ids.slice(1).map((id, offset) => [id, offset + 2])) },
      }),
      400,
      problemTypes.validation,
    );
    expect(gaps.errors!.channelOrder!.length).toBe(2);
    expectProblem(
      await simulator.call("PUT", managerPaths.updateChannelOrder(), { body: { channelOrder: { [ids[0]!]: 0 } } }),
      400,
      problemTypes.validation,
    );
  });

  it("is not for Moderators", async () => {
    expectProblem(
      await simulator.call("PUT", managerPaths.updateChannelOrder(), { body: { channelOrder: {} }, as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});
