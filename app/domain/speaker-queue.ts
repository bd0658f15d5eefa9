// The audience-mic speaker queue (operations.md §4 "Moderation", §5): who speaks, who waits,
// when a "Next speaker" is a repeat, and what the moderation update sends.
import { pinForModerationUpdate } from "~/domain/pin";

export interface QueueSpeaker {
  index: number;
  displayName: string;
  isSpeaking: boolean;
  isMuted: boolean;
  requestedAt: string;
}

/** The listener who has the mic, if anyone. */
export function currentSpeaker<S extends QueueSpeaker>(speakers: readonly S[]): S | null {
  return speakers.find((speaker) => speaker.isSpeaking) ?? null;
}

/** The listeners waiting for the mic, first in line first. */
export function waitingSpeakers<S extends QueueSpeaker>(speakers: readonly S[]): S[] {
  return speakers.filter((speaker) => !speaker.isSpeaking);
}

/** Whether "Next speaker" would change anything: someone speaks or someone waits. */
export function canTakeNextSpeaker(speakers: readonly QueueSpeaker[]): boolean {
  return speakers.length > 0;
}

/**
 * A "Next speaker" carries the speaker the moderator saw (null: nobody spoke). When the Manager's
 * speaker is no longer that one, the queue has moved on since the page was shown — by this very
 * request submitted before, or by someone else — and advancing again would skip a listener.
 */
export function isRepeatedNextSpeaker(seenSpeakerIndex: number | null, speakers: readonly QueueSpeaker[]): boolean {
  const speaker = currentSpeaker(speakers);
  return (speaker?.index ?? null) !== seenSpeakerIndex;
}

export interface ModerationSettings {
  name: string;
  /** Six digits, or null/"" for no PIN. */
  pinCode?: string | null;
  uplinkEnabled: boolean;
  /** The audience mic is open. */
  uplinkUnmuted: boolean;
  isQueueEnabled: boolean;
}

/** The UpdateChannelDetails body: uplinkMuted is the inverse of uplinkUnmuted, a missing PIN is "". */
export function toModerationUpdate(settings: ModerationSettings) {
  return {
    name: settings.name.trim(),
    pinCode: pinForModerationUpdate(settings.pinCode || null),
    uplinkEnabled: settings.uplinkEnabled,
    uplinkMuted: !settings.uplinkUnmuted,
    isQueueEnabled: settings.isQueueEnabled,
  };
}
