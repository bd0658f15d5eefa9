import { describe, expect, it } from "vitest";
import {
  canTakeNextSpeaker,
  currentSpeaker,
  isRepeatedNextSpeaker,
  toModerationUpdate,
  waitingSpeakers,
  type QueueSpeaker,
} from "~/domain/speaker-queue";

const speaker = (index: number, isSpeaking = false, isMuted = false): QueueSpeaker => ({
  index,
  displayName: `Listener ${index}`,
  isSpeaking,
  isMuted,
  requestedAt: "2026-05-01T10:00:00.000Z",
});

describe("the queue", () => {
  const queue = [speaker(4, true), speaker(7), speaker(9)];

  it("names the speaker and the waiting listeners in order", () => {
    expect(currentSpeaker(queue)?.index).toBe(4);
    expect(waitingSpeakers(queue).map((entry) => entry.index)).toEqual([7, 9]);
    expect(currentSpeaker([speaker(2)])).toBeNull();
  });

  it("offers Next speaker only when someone speaks or waits", () => {
    expect(canTakeNextSpeaker(queue)).toBe(true);
    expect(canTakeNextSpeaker([])).toBe(false);
  });
});

describe("isRepeatedNextSpeaker", () => {
  it("goes ahead when the speaker is still the one the moderator saw", () => {
    expect(isRepeatedNextSpeaker(4, [speaker(4, true), speaker(7)])).toBe(false);
    expect(isRepeatedNextSpeaker(null, [speaker(7)])).toBe(false);
    expect(isRepeatedNextSpeaker(null, [])).toBe(false);
  });

  it("refuses a repeat once the queue has moved on", () => {
    // The first submission gave the mic to 7: the same form again must not skip 7.
    expect(isRepeatedNextSpeaker(4, [speaker(7, true), speaker(9)])).toBe(true);
    // The first submission ended the last speaker.
    expect(isRepeatedNextSpeaker(4, [])).toBe(true);
    // Nobody spoke when the page was shown, but a listener has the mic now.
    expect(isRepeatedNextSpeaker(null, [speaker(3, true)])).toBe(true);
  });
});

describe("toModerationUpdate", () => {
  it("sends uplinkMuted as the inverse of uplinkUnmuted", () => {
    const base = { name: "Q&A", pinCode: "123456", uplinkEnabled: true, isQueueEnabled: true };
    expect(toModerationUpdate({ ...base, uplinkUnmuted: true }).uplinkMuted).toBe(false);
    expect(toModerationUpdate({ ...base, uplinkUnmuted: false }).uplinkMuted).toBe(true);
  });

  it("sends an empty string for a missing PIN and trims the name", () => {
    const update = toModerationUpdate({
      name: "  Q&A ",
      pinCode: null,
      uplinkEnabled: false,
      uplinkUnmuted: false,
      isQueueEnabled: false,
    });
    expect(update).toEqual({
      name: "Q&A",
      pinCode: "",
      uplinkEnabled: false,
      uplinkMuted: true,
      isQueueEnabled: false,
    });
    expect(toModerationUpdate({ ...update, uplinkUnmuted: false, pinCode: "" }).pinCode).toBe("");
    expect(toModerationUpdate({ ...update, uplinkUnmuted: false, pinCode: "654321" }).pinCode).toBe("654321");
  });
});
