import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { problemTypes } from "../../app/contract/problems";
import { SystemEventListSchema, SystemEventSchema } from "../../app/contract/statistics";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

async function events(query = "") {
  const answer = await simulator.call("GET", `${managerPaths.systemEvents()}${query}`);
  expect(answer.status).toBe(200);
  return SystemEventListSchema.parse(answer.body);
}

describe("GET /systemEvents", () => {
  it("lists events of every type newest first, without dismissed ones, with both counts", async () => {
    const list = await events();
    expect(list.totalSystemEventCount).toBe(11);
    expect(list.dismissableEventCount).toBe(8);
    expect(new Set(list.systemEvents.map((event) => event.type))).toEqual(new Set([0, 1, 2, 3]));
    const dates = list.systemEvents.map((event) => event.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(list.systemEvents.every((event) => !event.isDismissed)).toBe(true);
  });

  it("pages with skip and take and filters by station", async () => {
    const all = await events();
    const page = await events("?skip=3&take=4");
    expect(page.systemEvents.map((event) => event.id)).toEqual(all.systemEvents.slice(3, 7).map((event) => event.id));
    expect(page.totalSystemEventCount).toBe(11);
    const forStation = await events("?stationSerialNumber=MCS-0042");
    expect(forStation.systemEvents.every((event) => event.stationSerialNumber === "MCS-0042")).toBe(true);
    expectProblem(await simulator.call("GET", `${managerPaths.systemEvents()}?take=-1`), 400, problemTypes.validation);
  });

  it("puts a raised event on top", async () => {
    const raised = await simulator.control("/events", {
      type: 3,
      code: "audioInputLost",
      stationSerialNumber: "MCS-0042",
      isDismissable: true,
      parameters: { channelIndex: "1" },
    });
    expect(raised.status).toBe(200);
    const list = await events("?take=1");
    expect(list.systemEvents[0]).toMatchObject({
      id: raised.body.id,
      code: "audioInputLost",
      stationSerialNumber: "MCS-0042",
    });
    expect(list.systemEvents[0]!.parameters).toMatchObject({
      serialNumber: "MCS-0042",
      stationName: "Main Hall",
      channelIndex: "1",
    });
  });
});

describe("dismissing", () => {
  it("dismisses one dismissable event, and refuses one that is not dismissable", async () => {
    const list = await events();
    const dismissable = list.systemEvents.find((event) => event.isDismissable)!;
    const answer = await simulator.call("PUT", managerPaths.dismissSystemEvent(dismissable.id));
    expect(answer.status).toBe(200);
    expect(SystemEventSchema.parse(answer.body).isDismissed).toBe(true);
    expect((await events()).totalSystemEventCount).toBe(10);

    const fixed = list.systemEvents.find((event) => !event.isDismissable)!;
    expectProblem(await simulator.call("PUT", managerPaths.dismissSystemEvent(fixed.id)), 409, problemTypes.conflict);
    expectProblem(
      await simulator.call("PUT", managerPaths.dismissSystemEvent("no-such-event")),
      404,
      problemTypes.notFound,
    );
  });

  it("dismisses every dismissable event at once", async () => {
    expect((await simulator.call("PUT", managerPaths.dismissAllSystemEvents())).status).toBe(204);
    const list = await events();
    expect(list.dismissableEventCount).toBe(0);
    expect(list.totalSystemEventCount).toBe(3);
  });

  it("is not for Moderators", async () => {
    expectProblem(
      await simulator.call("PUT", managerPaths.dismissAllSystemEvents(), { as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});

describe("GET /systemEvents/download", () => {
  it("answers a CSV file of every event as an attachment", async () => {
    const answer = await simulator.call("GET", managerPaths.downloadSystemEvents());
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const day = new Date().toISOString().slice(0, 10);
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="system-events-${day}.csv"`);
    const lines = (answer.body as string).trim().split("\r\n");
    expect(lines[0]).toBe("id,date,type,code,stationSerialNumber,parameters,isDismissable,isDismissed");
    expect(lines).toHaveLength(13);
  });
});
