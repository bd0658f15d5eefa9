// A station's audio channels as the device creates them for a streaming mode, and the access
// identifiers (channel ID, list IDs) behind a channel's join link and QR code.
import type { Channel } from "../../app/contract/channels";
import type { Station } from "../../app/contract/stations";
import { useCaseModes, type ChannelMode, type UseCaseMode } from "../../app/contract/enums";
import type { InputInterfaceCombination } from "../../app/contract/station-parts";
import { channelCode, uuid, type Random } from "./ids";

export const joinLinkBase = "https://join.mobileconnect.example/";

/** What a listener's phone opens: the app joins exactly this channel (its single-channel list). */
export function joinLink(channel: Pick<Channel, "channelId" | "accessOptions">): string {
  const url = new URL(joinLinkBase);
  url.searchParams.set("channelId", channel.channelId);
  url.searchParams.set("listId", channel.accessOptions.singleChannelListId);
  return url.toString();
}

/** New channel ID and list IDs: the old QR code and links stop working. */
export function newAccess(random: Random): Pick<Channel, "channelId" | "accessOptions"> {
  return { channelId: channelCode(random), accessOptions: { listId: uuid(random), singleChannelListId: uuid(random) } };
}

/** Assistive Listening: two channels. Audience Mic & Assistive Listening: one mono channel with the mic. */
export function channelCountFor(useCaseMode: UseCaseMode): number {
  return useCaseMode === useCaseModes.audienceMicAndAssistiveListening ? 1 : 2;
}

/** The inputs a channel starts on: consecutive combinations valid for the channel mode. */
export function defaultInputs(
  combinations: readonly InputInterfaceCombination[],
  channelMode: ChannelMode,
  index: number,
): InputInterfaceCombination {
  const fitting = combinations.filter((combination) => (channelMode === "Mono") === (combination.right === null));
  return fitting[(index - 1) % Math.max(1, fitting.length)] ?? { left: 0, right: null };
}

export function isValidInputCombination(
  station: Pick<Station, "state">,
  left: number | null,
  right: number | null,
): boolean {
  const channelMode = station.state.audioEncoder.channelMode;
  if (left === null) return right === null;
  if ((channelMode === "Mono") !== (right === null)) return false;
  return station.state.inputInterfaceCombinations.some(
    (combination) => combination.left === left && combination.right === right,
  );
}

export function createChannels(
  station: Pick<Station, "serialNumber" | "state" | "functionalities">,
  useCaseMode: UseCaseMode,
  random: Random,
  firstSortId: number,
): Channel[] {
  const withMic = useCaseMode === useCaseModes.audienceMicAndAssistiveListening;
  return Array.from({ length: channelCountFor(useCaseMode) }, (_, offset) => {
    const index = offset + 1;
    const inputs = defaultInputs(
      station.state.inputInterfaceCombinations,
      station.state.audioEncoder.channelMode,
      index,
    );
    return {
      id: uuid(random),
      index,
      name: `Channel ${index}`,
      stationSerialNumber: station.serialNumber,
      inputInterfaceLeft: inputs.left,
      inputInterfaceRight: inputs.right,
      pinCode: null,
      uplinkEnabled: withMic,
      uplinkOutputIndex: withMic ? (station.state.outputSources[0]?.index ?? null) : null,
      ...newAccess(random),
      sortId: firstSortId + offset,
      group: null,
      isHidden: false,
      isEnabled: true,
      speakerMuted: false,
      uplinkUnmuted: withMic,
      isQueueEnabled: withMic,
      speakersWaiting: 0,
      listenerCount: 0,
    };
  });
}
