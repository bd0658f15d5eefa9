import { describe, expect, it } from "vitest";
import {
  customizationErrors,
  customizationForSave,
  defaultCustomization,
  draftFrom,
  hasCustomLogo,
  isCustomizationChanged,
  previewColour,
  resetColours,
  resetLogo,
} from "~/domain/app-customization";
import { addScreen, moveScreen } from "~/domain/onboarding";
import type { WritableAppCustomization } from "~/contract/app-customization";

const logo = "data:image/png;base64,iVBORw0KGgo=";
const stored: WritableAppCustomization = {
  isActive: true,
  logo,
  backgroundColor: "112233",
  highlightColor: "FFAA00",
  fontColor: "dark",
  onboardings: [
    { sortId: 2, headline: "Second", text: "Two", picture: null },
    { sortId: 1, headline: "First", text: "One", picture: null },
  ],
};

describe("the app customization draft", () => {
  it("starts from the defaults with one empty screen when nothing is stored", () => {
    const draft = draftFrom(null);
    expect(draft).toMatchObject({
      isActive: false,
      logo: null,
      backgroundColor: "003746",
      highlightColor: "0096D6",
      fontColor: "light",
    });
    expect(draft.onboardings).toEqual([{ id: "screen-1", sortId: 1, headline: "", text: "", picture: null }]);
    expect(hasCustomLogo(draft)).toBe(false);
  });

  it("orders stored screens by sortId with stable ids", () => {
    expect(draftFrom(stored).onboardings.map((screen) => [screen.id, screen.sortId, screen.headline])).toEqual([
      ["screen-1", 1, "First"],
      ["screen-2", 2, "Second"],
    ]);
  });

  it("counts only what saving would change", () => {
    const draft = draftFrom(stored);
    expect(isCustomizationChanged(draft, stored)).toBe(false);
    expect(isCustomizationChanged({ ...draft, onboardings: addScreen(draft.onboardings) }, stored)).toBe(false);
    expect(isCustomizationChanged({ ...draft, highlightColor: "ffaa00" }, stored)).toBe(false);
    expect(isCustomizationChanged({ ...draft, highlightColor: "fa0" }, stored)).toBe(false);
    expect(isCustomizationChanged({ ...draft, highlightColor: "fa1" }, stored)).toBe(true);
    expect(
      isCustomizationChanged({ ...draft, onboardings: moveScreen(draft.onboardings, "screen-2", -1) }, stored),
    ).toBe(true);
    expect(isCustomizationChanged({ ...draft, isActive: false }, stored)).toBe(true);
    expect(isCustomizationChanged(draftFrom(null), null)).toBe(false);
    expect(isCustomizationChanged({ ...draftFrom(null), logo }, null)).toBe(true);
  });

  it("resets the logo and the colours separately to the defaults", () => {
    const draft = draftFrom(stored);
    expect(resetLogo(draft)).toMatchObject({ logo: null, backgroundColor: "112233", fontColor: "dark" });
    expect(resetColours(draft)).toMatchObject({
      logo,
      backgroundColor: "003746",
      highlightColor: "0096D6",
      fontColor: "light",
    });
  });

  it("requires a logo, valid colours and complete screens before saving", () => {
    const draft = draftFrom(null);
    draft.backgroundColor = "12";
    draft.highlightColor = "0af";
    draft.onboardings = [
      { id: "a", sortId: 1, headline: "Only a headline", text: "", picture: null },
      { id: "b", sortId: 2, headline: "", text: "", picture: null },
      { id: "c", sortId: 3, headline: "h".repeat(61), text: "Text", picture: null },
    ];
    expect(customizationErrors(draft)).toEqual({
      logo: "logoRequired",
      backgroundColor: "invalidHex",
      "onboardings[0].text": "textRequired",
      "onboardings[2].headline": "headlineTooLong",
    });
    expect(customizationErrors({ ...draftFrom(stored) })).toEqual({});
  });

  it("writes colours as 6 upper-case characters and drops empty screens, renumbering from 1", () => {
    const draft = draftFrom(stored);
    draft.highlightColor = "0af";
    draft.onboardings = [
      { id: "x", sortId: 1, headline: "", text: "", picture: null },
      { id: "y", sortId: 2, headline: " Welcome ", text: "Choose a channel", picture: null },
    ];
    expect(customizationForSave(draft)).toEqual({
      isActive: true,
      logo,
      backgroundColor: "112233",
      highlightColor: "00AAFF",
      fontColor: "dark",
      onboardings: [{ sortId: 1, headline: "Welcome", text: "Choose a channel", picture: null }],
    });
  });

  it("previews the default while a colour is not valid", () => {
    expect(previewColour("0af", "003746")).toBe("00AAFF");
    expect(previewColour("12", "003746")).toBe("003746");
    expect(defaultCustomization().onboardings).toEqual([]);
  });
});
