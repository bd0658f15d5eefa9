// Immediate station writes: name, audio encoder, channel, PIN, test tone, network settings,
// configuration. Each checks that the station is editable, applies, and commits (which stores
// and announces). The timed ones (reboot, reset, mode change, firmware) are in operations.ts.
import type { Channel, UpdateAudioChannel } from "../../app/contract/channels";
import type { Station } from "../../app/contract/stations";
import { useCaseModes } from "../../app/contract/enums";
import type { AudioEncoder, UpdateNetworkSettings, UpdateStationConfiguration } from "../../app/contract/station-parts";
import { problems, type FieldErrors } from "../problems";
import type { ManagerState } from "../state";
import { defaultInputs, isValidInputCombination, newAccess } from "./channels";
import { runtimeRandom } from "./ids";
import { requireChannel, requireEditable, requireStation } from "./lookup";
import { clearQueue, disconnectListeners } from "./listeners";
import { configuredInterface, dnsDiscoveryErrors, liveInterface, networkInterfaceErrors } from "./network-settings";
import type { StationRecord } from "./records";

function editableStation(state: ManagerState, serialNumber: string): StationRecord {
  const record = requireStation(state, serialNumber);
  requireEditable(record);
  return record;
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw problems.validation(errors);
}

export function rename(state: ManagerState, serialNumber: string, name: string): Station {
  const record = editableStation(state, serialNumber);
  record.station.name = name;
  state.commitStation(record, { moderationRows: true });
  return record.station;
}

export function updateAudioEncoder(state: ManagerState, serialNumber: string, encoder: AudioEncoder): Station {
  const record = editableStation(state, serialNumber);
  const { station } = record;
  if (
    station.state.audioMode.useCaseMode === useCaseModes.audienceMicAndAssistiveListening &&
    encoder.channelMode !== "Mono"
  ) {
    throw problems.field("channelMode", "The Audience Mic & Assistive Listening mode streams one mono channel.");
  }
  const modeChanged = station.state.audioEncoder.channelMode !== encoder.channelMode;
  station.state.audioEncoder = { ...encoder };
  const changed: Channel[] = [];
  if (modeChanged) {
    // Mono and stereo channels take different inputs: each channel falls back to its default pair.
    for (const channel of station.audioChannels) {
      const inputs = defaultInputs(station.state.inputInterfaceCombinations, encoder.channelMode, channel.index);
      channel.inputInterfaceLeft = inputs.left;
      channel.inputInterfaceRight = inputs.right;
      changed.push(channel);
    }
  }
  state.commitStation(record, { channels: changed });
  return station;
}

export function updateAudioChannel(state: ManagerState, serialNumber: string, update: UpdateAudioChannel): Station {
  const record = requireStation(state, serialNumber);
  const channel = requireChannel(record, update.index);
  requireEditable(record);
  const { station } = record;
  const errors: FieldErrors = {};
  if (update.isEnabled && update.inputInterfaceLeft === null) {
    errors.inputInterfaceLeft = ["Choose the channel's audio input."];
  } else if (!isValidInputCombination(station, update.inputInterfaceLeft, update.inputInterfaceRight)) {
    errors.inputInterfaceRight = [
      station.state.audioEncoder.channelMode === "Mono"
        ? "A mono channel takes one input."
        : "Choose a valid left and right input pair.",
    ];
  }
  const withMic = station.state.audioMode.useCaseMode === useCaseModes.audienceMicAndAssistiveListening;
  if (update.uplinkEnabled && !withMic) {
    errors.uplinkEnabled = ["The audience mic needs the Audience Mic & Assistive Listening mode."];
  }
  if (update.uplinkEnabled && update.uplinkOutputIndex === null) {
    errors.uplinkOutputIndex = ["Choose the output the audience mic is heard on."];
  } else if (
    update.uplinkOutputIndex !== null &&
    !station.state.outputSources.some((source) => source.index === update.uplinkOutputIndex)
  ) {
    errors.uplinkOutputIndex = ["Unknown output."];
  }
  throwIfAny(errors);

  Object.assign(channel, {
    name: update.name,
    group: update.group === "" ? null : update.group,
    isHidden: update.isHidden,
    isEnabled: update.isEnabled,
    uplinkEnabled: update.uplinkEnabled,
    uplinkOutputIndex: update.uplinkOutputIndex,
    inputInterfaceLeft: update.inputInterfaceLeft,
    inputInterfaceRight: update.inputInterfaceRight,
  });
  if (!update.uplinkEnabled) {
    channel.uplinkUnmuted = false;
    clearQueue(state, channel);
  }
  if (update.regenerateAccess) {
    Object.assign(channel, newAccess(runtimeRandom));
    disconnectListeners(state, channel);
  }
  state.commitStation(record, { channels: [channel] });
  return station;
}

/** "" removes the PIN; listeners must rejoin with the new one. */
export function setPinCode(state: ManagerState, serialNumber: string, channelIndex: string, pin: string): Channel {
  const record = requireStation(state, serialNumber);
  const channel = requireChannel(record, channelIndex);
  requireEditable(record);
  const pinCode = pin === "" ? null : pin;
  if (channel.pinCode !== pinCode) {
    channel.pinCode = pinCode;
    disconnectListeners(state, channel);
  }
  state.commitStation(record, { channels: [channel] });
  return channel;
}

export function setTestTone(state: ManagerState, serialNumber: string, channelIndex: string, playing: boolean) {
  const record = requireStation(state, serialNumber);
  const channel = requireChannel(record, channelIndex);
  requireEditable(record);
  const others = record.testTones.filter((index) => index !== channel.index);
  record.testTones = playing ? [...others, channel.index] : others;
  state.store.saveStation(record);
  return { playing };
}

export function updateNetworkSettings(
  state: ManagerState,
  serialNumber: string,
  settings: UpdateNetworkSettings,
): Station {
  const record = editableStation(state, serialNumber);
  const errors: FieldErrors = {};
  networkInterfaceErrors(settings.controlNetworkInterface, "controlNetworkInterface", errors);
  networkInterfaceErrors(settings.streamingNetworkInterface, "streamingNetworkInterface", errors);
  throwIfAny(errors);
  const { configuration, state: live } = record.station;
  for (const key of ["controlNetworkInterface", "streamingNetworkInterface"] as const) {
    const before = configuration[key];
    configuration[key] = configuredInterface(before, settings[key]);
    // A station handed the configuration it already has keeps its interface (and DHCP lease) as it is.
    if (JSON.stringify(configuration[key]) !== JSON.stringify(before))
      live[key] = liveInterface(live[key], configuration[key]);
  }
  state.commitStation(record);
  return record.station;
}

export function updateConfiguration(
  state: ManagerState,
  serialNumber: string,
  update: UpdateStationConfiguration,
): Station {
  const record = editableStation(state, serialNumber);
  const errors: FieldErrors = {};
  if (update.dnsDiscovery) dnsDiscoveryErrors(update.dnsDiscovery, "dnsDiscovery", errors);
  throwIfAny(errors);
  const { configuration } = record.station;
  if (update.dnsDiscovery) configuration.dnsDiscovery = { ...update.dnsDiscovery };
  if (update.noiseGate) configuration.noiseGate = { ...update.noiseGate };
  if (update.output) configuration.output = { ...update.output };
  state.commitStation(record);
  return record.station;
}
