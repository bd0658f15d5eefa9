// The audience-mic speaker queue per channel: listeners ask for the mic, the moderator takes
// the next speaker, mutes or unmutes the speaker, or clears everyone.
import type { Channel } from "../../app/contract/channels";
import { useCaseModes } from "../../app/contract/enums";
import type { ModerationChannel, UpdateModerationChannel } from "../../app/contract/moderation";
import { problems } from "../problems";
import type { ManagerState } from "../state";
import { computedStateOf, isModerated } from "./derive";
import { disconnectListeners } from "./listeners";
import { requireChannel, requireEditable, requireStation } from "./lookup";
import type { SpeakerQueue, StationRecord } from "./records";

export function moderationList(state: ManagerState): ModerationChannel[] {
  const list: ModerationChannel[] = [];
  for (const record of state.presentStations()) {
    for (const channel of state.channelsToModerate(record)) list.push(state.moderationChannel(record, channel));
  }
  return list.sort((a, b) =>
    a.stationSerialNumber < b.stationSerialNumber
      ? -1
      : a.stationSerialNumber > b.stationSerialNumber
        ? 1
        : a.index - b.index,
  );
}

/** Moderation addresses channels by their id. */
export function requireModeratedChannel(
  state: ManagerState,
  channelId: string,
): { record: StationRecord; channel: Channel } {
  for (const record of state.presentStations()) {
    if (!isModerated(record)) continue;
    const channel = record.station.audioChannels.find((candidate) => candidate.id === channelId);
    if (channel) return { record, channel };
  }
  throw problems.notFound("channel", channelId);
}

function queueOf(state: ManagerState, record: StationRecord, channel: Channel): SpeakerQueue {
  return (
    state.queueOf(channel.id) ?? {
      channelId: channel.id,
      serialNumber: record.station.serialNumber,
      speakers: [],
      nextIndex: 0,
    }
  );
}

function commitQueue(
  state: ManagerState,
  record: StationRecord,
  channel: Channel,
  queue: SpeakerQueue,
): ModerationChannel {
  state.saveQueue(queue);
  state.commitStation(record, { channels: [channel] });
  return state.moderationChannel(record, channel);
}

/** The moderator's writes act on the live station: a list id from before a regenerate is stale. */
function requireListId(channel: Channel, singleChannelListId: string) {
  if (channel.accessOptions.singleChannelListId !== singleChannelListId) {
    throw problems.conflict("The channel's access was regenerated; reload the channel.", {
      channelId: channel.id,
      singleChannelListId: channel.accessOptions.singleChannelListId,
    });
  }
}

export function updateModerationChannel(
  state: ManagerState,
  channelId: string,
  update: UpdateModerationChannel,
): ModerationChannel {
  const { record, channel } = requireModeratedChannel(state, channelId);
  requireEditable(record);
  if (
    update.uplinkEnabled &&
    record.station.state.audioMode.useCaseMode !== useCaseModes.audienceMicAndAssistiveListening
  ) {
    throw problems.field("uplinkEnabled", "The audience mic needs the Audience Mic & Assistive Listening mode.");
  }
  if (update.uplinkEnabled && channel.uplinkOutputIndex === null) {
    channel.uplinkOutputIndex = record.station.state.outputSources[0]?.index ?? null;
  }
  const pinCode = update.pinCode === "" ? null : update.pinCode;
  if (channel.pinCode !== pinCode) {
    // A new PIN locks out the listeners until they rejoin with it.
    disconnectListeners(state, channel);
  }
  channel.name = update.name;
  channel.pinCode = pinCode;
  channel.uplinkEnabled = update.uplinkEnabled;
  channel.uplinkUnmuted = update.uplinkEnabled && !update.uplinkMuted;
  channel.isQueueEnabled = update.isQueueEnabled;
  const queue = queueOf(state, record, channel);
  if (!update.uplinkEnabled) queue.speakers = [];
  else if (!update.isQueueEnabled) queue.speakers = queue.speakers.filter((speaker) => speaker.isSpeaking);
  return commitQueue(state, record, channel, queue);
}

export function nextSpeaker(state: ManagerState, channelId: string, singleChannelListId: string): ModerationChannel {
  const { record, channel } = requireModeratedChannel(state, channelId);
  requireListId(channel, singleChannelListId);
  const queue = queueOf(state, record, channel);
  // The speaker leaves; the first waiting listener gets the mic, unmuted.
  const waiting = queue.speakers.filter((speaker) => !speaker.isSpeaking);
  const [next, ...rest] = waiting;
  queue.speakers = next ? [{ ...next, isSpeaking: true, isMuted: false }, ...rest] : [];
  return commitQueue(state, record, channel, queue);
}

export function muteSpeaker(
  state: ManagerState,
  channelId: string,
  singleChannelListId: string,
  index: number,
  muteSpeaker: boolean,
): ModerationChannel {
  const { record, channel } = requireModeratedChannel(state, channelId);
  requireListId(channel, singleChannelListId);
  const queue = queueOf(state, record, channel);
  const speaker = queue.speakers.find((candidate) => candidate.index === index);
  if (!speaker) throw problems.notFound("speaker", String(index));
  speaker.isMuted = muteSpeaker;
  return commitQueue(state, record, channel, queue);
}

export function clearSpeakers(state: ManagerState, channelId: string, singleChannelListId: string): ModerationChannel {
  const { record, channel } = requireModeratedChannel(state, channelId);
  requireListId(channel, singleChannelListId);
  const queue = queueOf(state, record, channel);
  queue.speakers = [];
  return commitQueue(state, record, channel, queue);
}

/**
 * A listener asks for the audience mic: the speaker if nobody speaks, else the end of the queue
 * (refused when the queue is off and someone already speaks).
 */
export function askForMic(
  state: ManagerState,
  serialNumber: string,
  channelIndex: number,
  displayName: string,
): ModerationChannel {
  const record = requireStation(state, serialNumber);
  const channel = requireChannel(record, channelIndex);
  if (!isModerated(record) || computedStateOf(record) !== "Connected" || !channel.uplinkEnabled) {
    throw problems.conflict("The audience mic is not available on this channel.", { serialNumber, channelIndex });
  }
  const queue = queueOf(state, record, channel);
  const hasSpeaker = queue.speakers.some((speaker) => speaker.isSpeaking);
  if (hasSpeaker && !channel.isQueueEnabled) {
    throw problems.conflict("The queue is off and someone is already speaking.", { serialNumber, channelIndex });
  }
  queue.speakers.push({
    index: queue.nextIndex,
    displayName,
    isSpeaking: !hasSpeaker,
    isMuted: false,
    requestedAt: state.clock.now().toISOString(),
  });
  queue.nextIndex++;
  channel.listenerCount = Math.max(channel.listenerCount, queue.speakers.length);
  return commitQueue(state, record, channel, queue);
}
