import { describe, expect, it } from "vitest";
import { isValidPin, pinForChannelList, pinForModerationUpdate, sanitizePinInput } from "~/domain/pin";

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
