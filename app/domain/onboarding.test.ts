import { describe, expect, it } from "vitest";
import {
  addScreen,
  blankScreen,
  initialScreens,
  maxOnboardingScreens,
  moveScreen,
  onboardingErrors,
  removeScreen,
  screensForSave,
  type OnboardingScreen,
} from "~/domain/onboarding";

const screen = (id: string, sortId: number, headline = "", text = ""): OnboardingScreen => ({
  id,
  sortId,
  headline,
  text,
  picture: null,
});

describe("the onboarding list", () => {
  it("starts with a single empty slide when there are none", () => {
    const screens = initialScreens([]);
    expect(screens).toHaveLength(1);
    expect(screens[0]).toMatchObject({ sortId: 1, headline: "", text: "", picture: null });
  });

  it("appends blank screens with sortId = length + 1, up to 3", () => {
    let screens = [screen("a", 1, "One", "1")];
    screens = addScreen(screens);
    expect(screens[1]).toMatchObject({ sortId: 2, headline: "" });
    screens = addScreen(addScreen(screens));
    expect(screens).toHaveLength(maxOnboardingScreens);
  });

  it("never leaves fewer than one: removing the last adds a blank", () => {
    const after = removeScreen([screen("a", 1, "One", "1")], "a");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ sortId: 1, headline: "" });
    expect(removeScreen([screen("a", 1), screen("b", 2), screen("c", 3)], "a").map((s) => [s.id, s.sortId])).toEqual([
      ["b", 1],
      ["c", 2],
    ]);
  });

  it("moves a screen up or down by an offset and renumbers", () => {
    const screens = [screen("a", 1), screen("b", 2), screen("c", 3)];
    expect(moveScreen(screens, "c", -1).map((s) => s.id)).toEqual(["a", "c", "b"]);
    expect(moveScreen(screens, "a", -1)).toBe(screens);
    expect(moveScreen(screens, "a", 5).map((s) => `${s.id}${s.sortId}`)).toEqual(["b1", "c2", "a3"]);
  });

  it("drops empty screens on save and renumbers the rest from 1", () => {
    expect(
      screensForSave([screen("a", 1), screen("b", 2, "Two", "2"), blankScreen(3), screen("d", 4, "Four", "4")]),
    ).toEqual([
      { sortId: 1, headline: "Two", text: "2", picture: null },
      { sortId: 2, headline: "Four", text: "4", picture: null },
    ]);
  });

  it("requires headline and text of each other and of a picture, within 60 and 130 characters", () => {
    expect(onboardingErrors({ headline: "Hi", text: "", picture: null })).toEqual({ text: "textRequired" });
    expect(onboardingErrors({ headline: "", text: "Body", picture: null })).toEqual({ headline: "headlineRequired" });
    expect(onboardingErrors({ headline: "", text: "", picture: "data:image/png;base64,AA==" })).toEqual({
      headline: "headlineRequired",
      text: "textRequired",
    });
    expect(onboardingErrors({ headline: "h".repeat(61), text: "t".repeat(131), picture: null })).toEqual({
      headline: "headlineTooLong",
      text: "textTooLong",
    });
    expect(onboardingErrors({ headline: "", text: "", picture: null })).toEqual({});
  });
});

describe("the onboarding texts take text", () => {
  const checked = (headline: string, text: string, picture: string | null = null) =>
    onboardingErrors({ headline, text, picture });

  it("count only visible characters as a headline or a text", () => {
    expect(checked("\u200B", "Welcome")).toEqual({ headline: "headlineRequired" });
    expect(checked("Welcome", " \u3164 ")).toEqual({ text: "textRequired" });
  });

  it("refuse control and format characters; the text (a textarea) keeps its line breaks", () => {
    expect(checked("Wel\u202Ecome", "Hello")).toEqual({ headline: "hiddenCharacters" });
    expect(checked("Welcome", "Hello\u0000")).toEqual({ text: "hiddenCharacters" });
    expect(checked("Welcome", "Line one\r\nLine two")).toEqual({});
    expect(checked("Wel\ncome", "Hello")).toEqual({ headline: "hiddenCharacters" });
    // A screen with nothing visible but a hidden character is refused, not silently dropped.
    expect(checked("\u200B", "")).toEqual({ headline: "hiddenCharacters" });
  });
});
