// A station as it comes out of the box (or out of a factory reset): DHCP on both interfaces,
// DNS discovery on, default audio settings, the channels of its streaming mode.
import type { Station } from "../../app/contract/stations";
import {
  stationTypes,
  updateStatus,
  useCaseModes,
  type ChannelMode,
  type NetworkInterfaceType,
  type StationType,
  type UseCaseMode,
} from "../../app/contract/enums";
import type { AudioEncoder, NetworkInterface } from "../../app/contract/station-parts";
import { interfaceTypeFor } from "../../app/domain/network";
import { noFirmwareTesting } from "../firmware/faults";
import { createChannels } from "./channels";
import { fingerprint, macAddress, uuid, type Random } from "./ids";
import type { StationRecord } from "./records";

export const models: Record<StationType, string> = {
  [stationTypes.unknown]: "Unknown",
  [stationTypes.v1]: "MCS-100",
  [stationTypes.v2]: "MCS-200",
};

export interface StationAddress {
  /** The station's host number in its venue's subnets: control 10.10.20.x, streaming 10.10.30.x. */
  host: number;
  /** The venue's subnet (second octet). */
  site?: number;
}

export interface NewStation {
  serialNumber: string;
  type: StationType;
  firmwareVersion: string;
  address: StationAddress;
  useCaseMode?: UseCaseMode;
  channelMode?: ChannelMode;
  /** First channel sortId (positions in the listening app). */
  firstSortId: number;
}

export function defaultAudioEncoder(useCaseMode: UseCaseMode, channelMode: ChannelMode = "Mono"): AudioEncoder {
  return {
    // The audience-mic mode streams one mono channel.
    channelMode: useCaseMode === useCaseModes.audienceMicAndAssistiveListening ? "Mono" : channelMode,
    inputConnector: "Analog",
    digitalInputType: "Coaxial",
    analogInputLevel: "Plus4dBu",
    analogGain: false,
    latencyMode: "Optimised",
    latencyMs: 200,
  };
}

function interfaceTypes(type: StationType): { control: NetworkInterfaceType; streaming: NetworkInterfaceType } {
  // An unidentified station (type 0) has the current hardware's ports.
  const hardware = type === stationTypes.unknown ? stationTypes.v2 : type;
  return { control: interfaceTypeFor(hardware, "control"), streaming: interfaceTypeFor(hardware, "streaming") };
}

export function dhcpInterface(
  type: NetworkInterfaceType,
  physicalAddress: string,
  lease: { ip: string; gateway: string; fqdn: string } | null,
): NetworkInterface {
  return {
    type,
    physicalAddress,
    state: "Up",
    mode: "Dynamic",
    ip: lease?.ip ?? "",
    netmask: lease ? "255.255.255.0" : "",
    prefixLength: lease ? 24 : 0,
    gateway: lease?.gateway ?? "",
    dns1: lease?.gateway ?? "",
    dns2: "",
    dns3: "",
    searchDomains: lease ? ["venue.local"] : [],
    fqdn: lease?.fqdn ?? "",
  };
}

/** What a DHCP server on the venue's networks hands this station. */
function leases(serialNumber: string, address: StationAddress) {
  const site = address.site ?? 10;
  const host = address.host;
  const name = serialNumber.toLowerCase();
  return {
    control: { ip: `10.${site}.20.${host}`, gateway: `10.${site}.20.1`, fqdn: `${name}.venue.local` },
    streaming: { ip: `10.${site}.30.${host}`, gateway: `10.${site}.30.1`, fqdn: `${name}-stream.venue.local` },
  };
}

function audioInterfaces(
  type: StationType,
): Pick<Station["state"], "inputInterfaces" | "inputInterfaceCombinations" | "outputSources"> {
  const inputCount = type === stationTypes.v1 ? 2 : 4;
  const inputInterfaces = Array.from({ length: inputCount }, (_, index) => ({ index, label: `Input ${index + 1}` }));
  const mono = inputInterfaces.map(({ index }) => ({ left: index, right: null }));
  const stereo = Array.from({ length: inputCount / 2 }, (_, pair) => ({ left: pair * 2, right: pair * 2 + 1 }));
  const outputSources =
    type === stationTypes.v2
      ? [
          { index: 0, label: "Output 1" },
          { index: 1, label: "Output 2" },
        ]
      : [];
  return { inputInterfaces, inputInterfaceCombinations: [...mono, ...stereo], outputSources };
}

/** Audio settings and channels as a fresh station (or one that just changed mode) has them. */
export function resetAudio(
  station: Station,
  useCaseMode: UseCaseMode,
  random: Random,
  firstSortId: number,
  channelMode: ChannelMode = "Mono",
) {
  station.state.audioMode = { useCaseMode };
  station.state.audioEncoder = defaultAudioEncoder(useCaseMode, channelMode);
  station.configuration.noiseGate = { thresholdDb: -60 };
  station.configuration.output = { level: "Plus4dBu", gainDb: 0 };
  station.audioChannels = createChannels(station, useCaseMode, random, firstSortId);
}

export function createStationRecord(spec: NewStation, random: Random): StationRecord {
  const types = interfaceTypes(spec.type);
  const controlMacAddress = macAddress(random);
  const streamingMacAddress = macAddress(random);
  const lease = leases(spec.serialNumber, spec.address);
  const deviceFingerprint = fingerprint(random);
  const useCaseMode = spec.useCaseMode ?? useCaseModes.assistiveListening;
  const station: Station = {
    id: uuid(random),
    serialNumber: spec.serialNumber,
    name: null,
    model: models[spec.type],
    type: spec.type,
    deviceState: { computedState: "Unauthorized", isReady: true, isChangingMode: false },
    functionalities: { canReboot: false, hasAudienceMic: false },
    authorization: { fingerprint: deviceFingerprint, isAuthorized: false, isRejected: false },
    controlMacAddress,
    streamingMacAddress,
    currentFirmwareVersion: spec.firmwareVersion,
    latestFirmwareVersion: null,
    configuration: {
      controlNetworkInterface: dhcpInterface(types.control, controlMacAddress, null),
      streamingNetworkInterface: dhcpInterface(types.streaming, streamingMacAddress, null),
      dnsDiscovery: { useDnsDiscovery: true, managerIpAddress: "" },
      noiseGate: { thresholdDb: -60 },
      output: { level: "Plus4dBu", gainDb: 0 },
    },
    state: {
      audioMode: { useCaseMode },
      audioEncoder: defaultAudioEncoder(useCaseMode, spec.channelMode),
      ...audioInterfaces(spec.type),
      controlNetworkInterface: dhcpInterface(types.control, controlMacAddress, lease.control),
      streamingNetworkInterface: dhcpInterface(types.streaming, streamingMacAddress, lease.streaming),
    },
    audioChannels: [],
  };
  station.audioChannels = createChannels(station, useCaseMode, random, spec.firstSortId);
  return {
    station,
    deviceFingerprint,
    isOnline: true,
    presence: "present",
    firmware: {
      currentVersion: spec.firmwareVersion,
      status: updateStatus.Current,
      targetVersion: null,
      progress: null,
    },
    activity: null,
    firmwareTesting: noFirmwareTesting(),
    testTones: [],
  };
}

/** A factory reset: the device forgets its name, audio settings and (optionally) network settings, and gets a new certificate. */
export function factoryResetStation(
  record: StationRecord,
  keepNetworkSettings: boolean,
  random: Random,
  firstSortId: number,
) {
  const { station } = record;
  station.name = null;
  if (!keepNetworkSettings) {
    station.configuration.controlNetworkInterface = dhcpInterface(
      station.configuration.controlNetworkInterface.type,
      station.controlMacAddress,
      null,
    );
    station.configuration.streamingNetworkInterface = dhcpInterface(
      station.configuration.streamingNetworkInterface.type,
      station.streamingMacAddress,
      null,
    );
    station.configuration.dnsDiscovery = { useDnsDiscovery: true, managerIpAddress: "" };
    // Back on DHCP; the venue's DHCP server hands out the address it had.
    station.state.controlNetworkInterface.mode = "Dynamic";
    station.state.streamingNetworkInterface.mode = "Dynamic";
  }
  resetAudio(station, useCaseModes.assistiveListening, random, firstSortId);
  record.deviceFingerprint = fingerprint(random);
  station.authorization = { fingerprint: record.deviceFingerprint, isAuthorized: false, isRejected: false };
  record.testTones = [];
}
