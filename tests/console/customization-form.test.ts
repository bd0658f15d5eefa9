import { describe, expect, it } from "vitest";
import { applyIntent, errorsAfter, validationErrors } from "~/routes/_app.appCustomization/draft-editing";
import { fieldNames, intentValue, parseIntent, type CustomizationIntent } from "~/routes/_app.appCustomization/fields";
import { draftFromForm, withImages } from "~/routes/_app.appCustomization/form-data.server";
import { draftFrom } from "~/domain/app-customization";
import { processUpload } from "~/images/customization-images.server";
import { jpegImage, pngImage } from "./image-fixtures";

function form(entries: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("the customization form's intents", () => {
  it("round-trip through their button values, and nothing else parses", () => {
    const intents: CustomizationIntent[] = [
      { type: "save" },
      { type: "addScreen" },
      { type: "deleteScreen", index: 2 },
      { type: "moveScreen", index: 1, offset: -1 },
      { type: "moveScreen", index: 0, offset: 1 },
      { type: "removePicture", index: 0 },
      { type: "resetColours" },
    ];
    for (const intent of intents) expect(parseIntent(intentValue(intent))).toEqual(intent);
    for (const value of ["", "drop", "deleteScreen:7", "moveScreen:1:5", "deleteScreen:1:1", null])
      expect(parseIntent(value)).toBeNull();
  });
});

describe("the draft as posted without JavaScript", () => {
  it("reads fields, takes the changed colour control, and bounds the screen count", () => {
    const draft = draftFromForm(
      form({
        [fieldNames.isActive]: "on",
        [fieldNames.logo]: "",
        backgroundColor: "112233",
        backgroundColorPicker: "#ff8800",
        backgroundColorShown: "112233",
        highlightColor: "#0a-f",
        highlightColorPicker: "#ffaa00",
        highlightColorShown: "FFAA00",
        [fieldNames.fontColor]: "dark",
        [fieldNames.screenCount]: "9",
        [fieldNames.headline(0)]: "Welcome",
        [fieldNames.text(0)]: "Pick a channel.",
      }),
    );
    expect(draft).toMatchObject({
      isActive: true,
      logo: null,
      backgroundColor: "FF8800",
      highlightColor: "0af",
      fontColor: "dark",
    });
    expect(draft.onboardings).toHaveLength(3);
    expect(draft.onboardings[0]).toMatchObject({
      sortId: 1,
      headline: "Welcome",
      text: "Pick a channel.",
      picture: null,
    });
    expect(draftFromForm(form({})).onboardings).toHaveLength(1);
    expect(draftFromForm(form({})).fontColor).toBe("light");
  });

  it("processes chosen files, keeps carried images it can read, and names each problem at its field", async () => {
    const carried = await processUpload("picture", await jpegImage(400, 400));
    if (!carried.ok) throw new Error("fixture");
    const draft = {
      ...draftFrom(null),
      onboardings: [{ id: "a", sortId: 1, headline: "A", text: "B", picture: carried.dataUrl }],
    };
    const logoFile = { filename: "logo.png", bytes: await pngImage(300, 300), size: 1 };
    const { draft: withLogo, errors } = await withImages(draft, new Map([[fieldNames.logoFile, logoFile]]));
    expect(errors).toEqual({});
    expect(withLogo.logo).toMatch(/^data:image\/png;base64,/);
    expect(withLogo.onboardings[0]!.picture).toBe(carried.dataUrl);

    const refused = await withImages(
      {
        ...draft,
        logo: withLogo.logo,
        onboardings: [{ ...draft.onboardings[0]!, picture: "data:image/png;base64,AAAA" }],
      },
      new Map([
        [fieldNames.logoFile, { filename: "photo.jpg", bytes: await jpegImage(300, 300), size: 1 }],
        [fieldNames.pictureFile(0), { filename: "x", bytes: null, size: 99 }],
      ]),
    );
    expect(refused.errors).toEqual({
      logo: "admin:views.appCustomization.errors.wrongFormat",
      "onboardings[0].picture": "admin:views.appCustomization.errors.fileTooLarge",
    });
    // The logo stays as it was; the picture that could not be verified is dropped.
    expect(refused.draft.logo).toBe(withLogo.logo);
    expect(refused.draft.onboardings[0]!.picture).toBeNull();
  });
});

describe("editing the draft", () => {
  it("applies the intents and keeps only the errors that still fit their fields", () => {
    const draft = {
      ...draftFrom(null),
      onboardings: [
        { id: "a", sortId: 1, headline: "One", text: "", picture: "data:image/png;base64,AA==" },
        { id: "b", sortId: 2, headline: "Two", text: "2", picture: null },
      ],
    };
    expect(
      applyIntent(draft, { type: "moveScreen", index: 1, offset: -1 }).onboardings.map((screen) => screen.headline),
    ).toEqual(["Two", "One"]);
    expect(applyIntent(draft, { type: "removePicture", index: 0 }).onboardings[0]!.picture).toBeNull();
    expect(applyIntent(draft, { type: "deleteScreen", index: 5 })).toBe(draft);
    const errors = validationErrors(draft);
    expect(errors).toEqual({
      logo: "admin:views.appCustomization.errors.logoRequired",
      "onboardings[0].text": "admin:views.appCustomization.errors.textRequired",
    });
    expect(errorsAfter({ type: "moveScreen", index: 1, offset: -1 }, errors)).toEqual({ logo: errors.logo });
    expect(errorsAfter({ type: "resetLogo" }, errors)).toEqual({
      "onboardings[0].text": errors["onboardings[0].text"],
    });
  });
});
