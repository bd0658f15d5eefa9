// What the channel details form starts from and may offer (inputs, outputs), without zod: the
// browser renders the form before the schemas in channel-forms.ts are loaded.
import { inputChoices, inputPairValue, type InputChoice } from "~/domain/audio";
import type { Channel } from "~/contract/channels";
import type { Station } from "~/contract/stations";

export interface ChannelChoices {
  /** Values of the valid input combinations (inputPairValue). */
  inputs: readonly string[];
  /** Indexes of the station's output sources, as text. */
  outputs: readonly string[];
}

export interface ChannelOptions extends ChannelChoices {
  inputOptions: InputChoice[];
  outputOptions: { value: string; label: string }[];
}

/** The inputs and outputs a channel of this station may use, for the form and its schema. */
export function channelOptionsOf(station: Pick<Station, "state">): ChannelOptions {
  const inputOptions = inputChoices(station.state, station.state.audioEncoder.channelMode);
  const outputOptions = station.state.outputSources.map((source) => ({
    value: String(source.index),
    label: source.label,
  }));
  return {
    inputs: inputOptions.map((choice) => choice.value),
    outputs: outputOptions.map((choice) => choice.value),
    inputOptions,
    outputOptions,
  };
}

/** The form's values of a channel. */
export function channelFormValues(channel: Channel) {
  return {
    name: channel.name,
    isHidden: channel.isHidden,
    isEnabled: channel.isEnabled,
    uplinkEnabled: channel.uplinkEnabled,
    uplinkOutput: channel.uplinkOutputIndex === null ? "" : String(channel.uplinkOutputIndex),
    input: inputPairValue({ left: channel.inputInterfaceLeft, right: channel.inputInterfaceRight }),
  };
}
