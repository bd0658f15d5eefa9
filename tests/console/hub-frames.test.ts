// What a reduced scope (a Moderator) receives through the bridge: the change messages it needs
// to reload its pages, cut down to allowed fields — never a PIN, a fingerprint or a frame the
// bridge could not read.
import { describe, expect, it } from "vitest";
import { reducedFromBrowser, reducedFromManager } from "../../server/hub-frames";

const rs = "\u001e";
const record = (message: unknown) => JSON.stringify(message) + rs;
const text = (value: string) => Buffer.from(value, "utf8");
const parse = (relayed: string) =>
  relayed
    .split(rs)
    .filter(Boolean)
    .map((part) => JSON.parse(part) as Record<string, unknown>);

const channel = {
  id: "ch-1",
  index: 1,
  name: "Main hall",
  stationSerialNumber: "MCS-0042",
  pinCode: "123456",
  accessOptions: { listId: "list-secret", singleChannelListId: "single-secret" },
  channelId: "4711",
  uplinkEnabled: true,
  uplinkUnmuted: false,
  isEnabled: true,
  isHidden: false,
};
const station = {
  id: "st-1",
  serialNumber: "MCS-0042",
  name: "Hall",
  authorization: { fingerprint: "AA:BB:CC", isAuthorized: true, isRejected: false },
  configuration: { controlNetworkInterface: { ip: "10.0.0.5" } },
  audioChannels: [channel],
};

function handshaken(hub: "stationsHub" | "moderationHub") {
  const filter = reducedFromManager(hub);
  expect(parse(filter.accept(text(record({})), false) as string)).toEqual([{}]);
  return filter;
}

describe("Manager → browser, reduced", () => {
  it("relays a station change as its id, serial number, name and action only", () => {
    const filter = handshaken("stationsHub");
    const relayed = filter.accept(
      text(record({ type: 1, target: "StationChanged", arguments: [station, "Update"] })),
      false,
    ) as string;
    expect(parse(relayed)).toEqual([
      {
        type: 1,
        target: "StationChanged",
        arguments: [{ id: "st-1", serialNumber: "MCS-0042", name: "Hall" }, "Update"],
      },
    ]);
    expect(relayed).not.toMatch(/123456|fingerprint|AA:BB:CC|pinCode|list-secret|10\.0\.0\.5/);
  });

  it("relays channel and moderation changes without PIN or access list IDs", () => {
    const stations = handshaken("stationsHub");
    const moderation = handshaken("moderationHub");
    const relayed = [
      stations.accept(text(record({ type: 1, target: "ChannelChanged", arguments: [channel, "Update"] })), false),
      moderation.accept(
        text(
          record({
            type: 1,
            target: "ModerationChannelChanged",
            arguments: [{ ...channel, stationName: "Hall", speakers: [{ displayName: "Ann" }] }, "Add"],
          }),
        ),
        false,
      ),
    ].join("");
    expect(parse(relayed).map((message) => message.target)).toEqual(["ChannelChanged", "ModerationChannelChanged"]);
    expect(relayed).not.toMatch(/123456|pinCode|list-secret|single-secret|speakers/);
    expect(relayed).toContain('"uplinkUnmuted":false');
  });

  it("drops what it cannot read or does not know: bad JSON, binary frames, other targets and message types, bad actions", () => {
    const filter = handshaken("stationsHub");
    const dropped = [
      filter.accept(text(`{"type":1,"target":"StationChanged","arguments":[{"pinCode":"123456"}${rs}`), false),
      filter.accept(text(record({ type: 1, target: "StationChanged", arguments: [station, "Update"] })), true),
      filter.accept(text(record({ type: 1, target: "SomethingNew", arguments: [station, "Update"] })), false),
      filter.accept(text(record({ type: 1, target: "StationChanged", arguments: [station, "Explode"] })), false),
      filter.accept(text(record({ type: 1, target: "StationChanged", arguments: ["123456", "Update"] })), false),
      filter.accept(text(record({ type: 3, invocationId: "1", result: station })), false),
      filter.accept(text(record({ type: 2, invocationId: "1", item: station })), false),
    ];
    expect(dropped).toEqual(["", "", "", "", "", "", ""]);
  });

  it("reassembles a record split over two frames, and passes pings and closes rebuilt", () => {
    const filter = handshaken("stationsHub");
    const whole = record({ type: 1, target: "ChannelChanged", arguments: [channel, "Update"] });
    expect(filter.accept(text(whole.slice(0, 40)), false)).toBe("");
    const rest = filter.accept(
      text(whole.slice(40) + record({ type: 6 }) + record({ type: 7, error: "secret detail", allowReconnect: true })),
      false,
    ) as string;
    expect(parse(rest)).toEqual([
      {
        type: 1,
        target: "ChannelChanged",
        arguments: [expect.not.objectContaining({ pinCode: expect.anything() }), "Update"],
      },
      { type: 6 },
      { type: 7, error: "The live-update hub closed the connection.", allowReconnect: true },
    ]);
  });

  it("does not relay items of another hub's messages (a stations message on the moderation hub)", () => {
    const filter = handshaken("moderationHub");
    expect(
      filter.accept(text(record({ type: 1, target: "StationChanged", arguments: [station, "Update"] })), false),
    ).toBe("");
  });

  it("ends the connection on an endless record", () => {
    const filter = handshaken("stationsHub");
    expect(filter.accept(Buffer.alloc(1024 * 1024 + 1, "x"), false)).toBe("end");
  });
});

describe("browser → Manager, reduced", () => {
  it("passes the JSON handshake, pings and closes, and no invocation", () => {
    const filter = reducedFromBrowser();
    expect(filter.accept(text(record({ protocol: "json", version: 1 })), false)).toBe(
      record({ protocol: "json", version: 1 }),
    );
    expect(
      filter.accept(
        text(record({ type: 6 }) + record({ type: 1, target: "JoinAdmins", arguments: [] }) + record({ type: 7 })),
        false,
      ),
    ).toBe(record({ type: 6 }) + record({ type: 7 }));
  });

  it("ends the connection when the browser asks for another protocol", () => {
    expect(reducedFromBrowser().accept(text(record({ protocol: "messagepack", version: 1 })), false)).toBe("end");
  });
});
