import { describe, expect, it } from "vitest";
import {
  fillPinBoxes,
  isValidPin,
  joinPinDigits,
  pinBoxInput,
  pinBoxKey,
  pinDigitsOf,
  pinForChannelList,
  pinForModerationUpdate,
  sanitizePinInput,
} from "~/domain/pin";

describe("the channel PIN", () => {
  it("is exactly six digits", () => {
    expect(isValidPin("123456")).toBe(true);
    expect(isValidPin("12345")).toBe(false);
    expect(isValidPin("1234567")).toBe(false);
    expect(isValidPin("12a456")).toBe(false);
  });

  it("keeps only digits of typed or pasted text, at most six", () => {
    expect(sanitizePinInput("12-34 56 78")).toBe("123456");
    expect(sanitizePinInput("abc")).toBe("");
  });

  it("is null in channel lists and an empty string in the moderation update when missing", () => {
    expect(pinForChannelList("")).toBeNull();
    expect(pinForChannelList("123456")).toBe("123456");
    expect(pinForModerationUpdate(null)).toBe("");
  });
});

describe("the 6-box PIN entry", () => {
  const empty = pinDigitsOf("");

  it("splits and joins a PIN", () => {
    expect(pinDigitsOf("4829")).toEqual(["4", "8", "2", "9", "", ""]);
    expect(joinPinDigits(pinDigitsOf("482913"))).toBe("482913");
    expect(pinDigitsOf(null)).toEqual(["", "", "", "", "", ""]);
  });

  it("moves focus forward on a typed digit, and stays on the last box", () => {
    expect(pinBoxKey(empty, 0, "4")).toEqual({ digits: ["4", "", "", "", "", ""], focus: 1 });
    expect(pinBoxKey(pinDigitsOf("48291"), 5, "3")).toEqual({ digits: ["4", "8", "2", "9", "1", "3"], focus: 5 });
  });

  it("strips non-digits and leaves other keys to the browser", () => {
    expect(pinBoxKey(empty, 2, "a")).toEqual({ digits: empty, focus: 2 });
    expect(pinBoxKey(empty, 2, "Tab")).toBeNull();
  });

  it("moves back on left arrow and backspace; delete keeps focus", () => {
    const full = pinDigitsOf("482913");
    expect(pinBoxKey(full, 3, "ArrowLeft")).toEqual({ digits: full, focus: 2 });
    expect(pinBoxKey(full, 3, "ArrowRight")).toEqual({ digits: full, focus: 4 });
    expect(pinBoxKey(full, 5, "Backspace")).toEqual({ digits: ["4", "8", "2", "9", "1", ""], focus: 4 });
    expect(pinBoxKey(pinDigitsOf("4829"), 4, "Backspace")).toEqual({ digits: ["4", "8", "2", "", "", ""], focus: 3 });
    expect(pinBoxKey(pinDigitsOf("4"), 0, "Backspace")).toEqual({ digits: empty, focus: 0 });
    expect(pinBoxKey(full, 2, "Delete")).toEqual({ digits: ["4", "8", "", "9", "1", "3"], focus: 2 });
  });

  it("fills from the box on paste, truncated to the boxes left", () => {
    expect(fillPinBoxes(empty, 0, "48 29-13 77")).toEqual({ digits: ["4", "8", "2", "9", "1", "3"], focus: 5 });
    expect(fillPinBoxes(empty, 4, "123")).toEqual({ digits: ["", "", "", "", "1", "2"], focus: 5 });
    expect(fillPinBoxes(empty, 1, "xy")).toEqual({ digits: empty, focus: 1 });
  });

  it("reads what an input event left in a box", () => {
    expect(pinBoxInput(pinDigitsOf("4"), 0, "47")).toEqual({ digits: ["7", "", "", "", "", ""], focus: 1 });
    expect(pinBoxInput(pinDigitsOf("4"), 0, "")).toEqual({ digits: empty, focus: 0 });
    expect(pinBoxInput(empty, 1, "9")).toEqual({ digits: ["", "9", "", "", "", ""], focus: 2 });
  });
});
