import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  channelDetailsSchema,
  channelFormValues,
  channelOptionsOf,
  pinSchema,
  pinToSend,
  toUpdateAudioChannel,
} from "~/domain/channel-forms";
import { fieldErrors, formData } from "../../tests/support/form-data";

const schema = channelDetailsSchema({ inputs: ["0", "1"], outputs: ["0", "1"] });

describe("channel details", () => {
  it("reads name, flags, input and output", () => {
    const submission = parseWithZod(
      formData({ name: "Q&A", isEnabled: "on", uplinkEnabled: "on", uplinkOutput: "1", input: "0" }),
      {
        schema,
      },
    );
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Q&A",
      isHidden: false,
      isEnabled: true,
      uplinkEnabled: true,
      uplinkOutput: "1",
      input: "0",
    });
  });

  it("requires a name and a valid input combination", () => {
    expect(fieldErrors(parseWithZod(formData({ name: "", input: "0+1" }), { schema }))).toEqual({
      name: ["stations:validation.channelNameRequired"],
      input: ["stations:validation.inputInvalid"],
    });
    expect(fieldErrors(parseWithZod(formData({ name: "A" }), { schema }))).toEqual({
      input: ["stations:validation.inputRequired"],
    });
  });

  it("requires the audience-mic output while the mic is enabled", () => {
    expect(fieldErrors(parseWithZod(formData({ name: "A", input: "0", uplinkEnabled: "on" }), { schema }))).toEqual({
      uplinkOutput: ["stations:validation.outputRequired"],
    });
    expect(fieldErrors(parseWithZod(formData({ name: "A", input: "0", uplinkOutput: "7" }), { schema }))).toEqual({
      uplinkOutput: ["stations:validation.outputRequired"],
    });
  });
});

describe("channel PIN", () => {
  const parse = (entries: Record<string, string>) => parseWithZod(formData(entries), { schema: pinSchema });

  it("is exactly six digits while enabled", () => {
    expect(fieldErrors(parse({ pinEnabled: "on", pin: "12345" }))).toEqual({ pin: ["stations:validation.pinInvalid"] });
    expect(fieldErrors(parse({ pinEnabled: "on", pin: "12345a" }))).toEqual({
      pin: ["stations:validation.pinInvalid"],
    });
    expect(fieldErrors(parse({ pinEnabled: "on" }))).toEqual({ pin: ["stations:validation.pinRequired"] });
    const set = parse({ pinEnabled: "on", pin: "482913" });
    expect(set.status === "success" && pinToSend(set.value)).toBe("482913");
  });

  it("is removed when disabled, whatever the field holds", () => {
    const removed = parse({ pin: "12" });
    expect(removed.status === "success" && pinToSend(removed.value)).toBe("");
  });
});

describe("the channel update sent to the Manager", () => {
  const channel = {
    id: "c1",
    index: 2,
    name: "Main Hall – Deutsch",
    stationSerialNumber: "MCS-0042",
    inputInterfaceLeft: 1,
    inputInterfaceRight: null,
    pinCode: "482913",
    uplinkEnabled: false,
    uplinkOutputIndex: null,
    accessOptions: { listId: "l", singleChannelListId: "s" },
    sortId: 2,
    channelId: "ABC234",
    group: "Main Hall",
    isHidden: false,
    isEnabled: true,
    speakerMuted: false,
    uplinkUnmuted: false,
    isQueueEnabled: false,
    speakersWaiting: 0,
    listenerCount: 3,
  };

  it("round-trips the form values of a channel", () => {
    expect(channelFormValues(channel)).toEqual({
      name: "Main Hall – Deutsch",
      isHidden: false,
      isEnabled: true,
      uplinkEnabled: false,
      uplinkOutput: "",
      input: "1",
    });
  });

  it("takes the form's values and keeps the group", () => {
    const update = toUpdateAudioChannel(
      channel,
      { name: "Hall DE", isHidden: true, isEnabled: false, uplinkEnabled: true, uplinkOutput: "1", input: "0+1" },
      { regenerateAccess: false },
    );
    expect(update).toEqual({
      index: 2,
      name: "Hall DE",
      group: "Main Hall",
      isHidden: true,
      isEnabled: false,
      uplinkEnabled: true,
      uplinkOutputIndex: 1,
      inputInterfaceLeft: 0,
      inputInterfaceRight: 1,
      regenerateAccess: false,
    });
  });

  it("changes nothing but the access when regenerating it", () => {
    const update = toUpdateAudioChannel(channel, null, { regenerateAccess: true });
    expect(update).toMatchObject({
      name: channel.name,
      inputInterfaceLeft: 1,
      inputInterfaceRight: null,
      regenerateAccess: true,
    });
  });

  it("offers the station's valid inputs and its outputs", () => {
    const options = channelOptionsOf({
      state: {
        audioMode: { useCaseMode: 0 },
        audioEncoder: {
          channelMode: "Stereo",
          inputConnector: "Analog",
          digitalInputType: "Coaxial",
          analogInputLevel: "Plus4dBu",
          analogGain: false,
          latencyMode: "Optimised",
          latencyMs: 200,
        },
        inputInterfaces: [0, 1].map((index) => ({ index, label: `Input ${index + 1}` })),
        inputInterfaceCombinations: [
          { left: 0, right: null },
          { left: 1, right: null },
          { left: 0, right: 1 },
        ],
        outputSources: [{ index: 0, label: "Output 1" }],
        controlNetworkInterface: {} as never,
        streamingNetworkInterface: {} as never,
      },
    });
    expect(options.inputs).toEqual(["0+1"]);
    expect(options.outputOptions).toEqual([{ value: "0", label: "Output 1" }]);
  });
});
