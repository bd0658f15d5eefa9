import QRCode from "qrcode";
import { describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { ChannelListSchema, ChannelSchema, TestToneStateSchema } from "../../app/contract/channels";
import { StationSchema } from "../../app/contract/stations";
import { problemTypes } from "../../app/contract/problems";
import { joinLink } from "../../simulator/fleet/channels";
import { expectProblem, useTestSimulator } from "../support/simulator";

const simulator = useTestSimulator();

const station = async (serialNumber: string) =>
  StationSchema.parse((await simulator.call("GET", managerPaths.station(serialNumber))).body);

const channelUpdate = {
  index: 1,
  name: "Main Hall – English",
  group: "Main Hall",
  isHidden: false,
  isEnabled: true,
  uplinkEnabled: false,
  uplinkOutputIndex: null,
  inputInterfaceLeft: 0,
  inputInterfaceRight: null,
  regenerateAccess: false,
};

describe("GET /channels", () => {
  it("lists the channels of authorized stations in app order, hidden and grouped ones included", async () => {
    const answer = await simulator.call("GET", managerPaths.channels());
    expect(answer.status).toBe(200);
    const channels = ChannelListSchema.parse(answer.body);
    expect(channels.map((channel) => channel.sortId)).toEqual(
      [...channels.map((channel) => channel.sortId)].sort((a, b) => a - b),
    );
    expect(channels.some((channel) => channel.isHidden)).toBe(true);
    expect(channels.some((channel) => channel.group === null)).toBe(true);
    expect(channels.some((channel) => channel.group !== null)).toBe(true);
    expect(channels.map((channel) => channel.stationSerialNumber)).not.toContain("MCS-0046");
  });
});

describe("POST pinCode", () => {
  it("sets and removes a PIN", async () => {
    const set = await simulator.call("POST", managerPaths.pinCode("MCS-0042", 1), { body: { pin: "135790" } });
    expect(set.status).toBe(200);
    expect(ChannelSchema.parse(set.body).pinCode).toBe("135790");
    const removed = await simulator.call("POST", managerPaths.pinCode("MCS-0042", 1), { body: { pin: "" } });
    expect(ChannelSchema.parse(removed.body).pinCode).toBeNull();
  });

  it("answers 400 for anything but six digits, 404 for an unknown channel, 403 to a Moderator", async () => {
    const problem = expectProblem(
      await simulator.call("POST", managerPaths.pinCode("MCS-0042", 1), { body: { pin: "12345" } }),
      400,
      problemTypes.validation,
    );
    expect(problem.errors).toHaveProperty("pin");
    const missing = expectProblem(
      await simulator.call("POST", managerPaths.pinCode("MCS-0042", 9), { body: { pin: "123456" } }),
      404,
      problemTypes.notFound,
    );
    expect(JSON.parse(missing.detail!)).toMatchObject({ resource: "channel", serialNumber: "MCS-0042" });
    expectProblem(
      await simulator.call("POST", managerPaths.pinCode("MCS-0042", 1), { body: { pin: "123456" }, as: "Moderator" }),
      403,
      problemTypes.forbidden,
    );
  });
});

describe("GET qrcode.{svg,png}", () => {
  it("answers an SVG QR code of the channel's join link as a download", async () => {
    const channel = (await station("MCS-0042")).audioChannels[0]!;
    const answer = await simulator.call("GET", managerPaths.qrCode("MCS-0042", 1, "svg"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="MCS-0042-channel-1-qrcode.svg"');
    expect(answer.body).toMatch(/^<svg /);
    // The same link encoded by the library gives the same picture.
    expect(answer.body).toBe(
      await QRCode.toString(joinLink(channel), { type: "svg", errorCorrectionLevel: "M", margin: 2 }),
    );
    expect(joinLink(channel)).toBe(
      `https://join.mobileconnect.example/?channelId=${channel.channelId}&listId=${channel.accessOptions.singleChannelListId}`,
    );
  });

  it("answers a PNG QR code", async () => {
    const answer = await simulator.call("GET", managerPaths.qrCode("MCS-0042", 2, "png"));
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="MCS-0042-channel-2-qrcode.png"');
    expect([...(answer.body as Buffer).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it("answers 404 for an unknown station or channel, and for another format", async () => {
    expectProblem(await simulator.call("GET", managerPaths.qrCode("MCS-9999", 1)), 404, problemTypes.notFound);
    expectProblem(await simulator.call("GET", managerPaths.qrCode("MCS-0042", 3)), 404, problemTypes.notFound);
    expectProblem(
      await simulator.call("GET", managerPaths.qrCode("MCS-0042", 1).replace(".svg", ".gif")),
      404,
      problemTypes.notFound,
    );
  });
});

describe("POST testTone", () => {
  it("starts and stops the test tone", async () => {
    const on = await simulator.call("POST", managerPaths.testTone("MCS-0042", 2), { body: { playing: true } });
    expect(on.status).toBe(200);
    expect(TestToneStateSchema.parse(on.body)).toEqual({ playing: true });
    const off = await simulator.call("POST", managerPaths.testTone("MCS-0042", 2), { body: { playing: false } });
    expect(off.body).toEqual({ playing: false });
  });

  it("answers 400 without playing and 409 on a disconnected station", async () => {
    expectProblem(
      await simulator.call("POST", managerPaths.testTone("MCS-0042", 2), { body: {} }),
      400,
      problemTypes.validation,
    );
    expectProblem(
      await simulator.call("POST", managerPaths.testTone("MCS-0045", 1), { body: { playing: true } }),
      409,
      problemTypes.stationNotEditable,
    );
  });
});

describe("PUT UpdateAudioChannel", () => {
  it("updates the channel; regenerating access gives a new channel ID and list IDs", async () => {
    const before = (await station("MCS-0042")).audioChannels[0]!;
    const answer = await simulator.call("PUT", managerPaths.updateAudioChannel("MCS-0042"), {
      body: { ...channelUpdate, name: "English", group: "", isHidden: true, regenerateAccess: true },
    });
    expect(answer.status).toBe(200);
    const after = StationSchema.parse(answer.body).audioChannels[0]!;
    expect(after).toMatchObject({ id: before.id, name: "English", group: null, isHidden: true, listenerCount: 0 });
    expect(after.channelId).not.toBe(before.channelId);
    expect(after.accessOptions.listId).not.toBe(before.accessOptions.listId);
    expect(after.accessOptions.singleChannelListId).not.toBe(before.accessOptions.singleChannelListId);
  });

  it("answers 400 with field errors for invalid inputs and the mic outside its mode", async () => {
    const problem = expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioChannel("MCS-0042"), {
        body: { ...channelUpdate, inputInterfaceLeft: 0, inputInterfaceRight: 1, uplinkEnabled: true },
      }),
      400,
      problemTypes.validation,
    );
    expect(Object.keys(problem.errors!)).toEqual(
      expect.arrayContaining(["inputInterfaceRight", "uplinkEnabled", "uplinkOutputIndex"]),
    );
    const shape = expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioChannel("MCS-0042"), {
        body: { ...channelUpdate, name: "" },
      }),
      400,
      problemTypes.validation,
    );
    expect(shape.errors).toHaveProperty("name");
  });

  it("answers 404 for an unknown channel index", async () => {
    expectProblem(
      await simulator.call("PUT", managerPaths.updateAudioChannel("MCS-0042"), {
        body: { ...channelUpdate, index: 3 },
      }),
      404,
      problemTypes.notFound,
    );
  });
});
