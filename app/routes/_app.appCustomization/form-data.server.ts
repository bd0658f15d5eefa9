// The draft as the page posted it: text fields as typed, colours from the picker or the hex
// field (whichever changed), images carried back as data: URLs (each checked again) and any
// newly chosen files processed into the draft, each problem kept as its field's message.
import { fieldNames, type ColourField } from "./fields";
import type { CustomizationErrors } from "./draft-editing";
import { chosenColour, defaultColours } from "~/domain/colours";
import type { CustomizationDraft } from "~/domain/app-customization";
import { FontColorSchema } from "~/contract/app-customization";
import { maxOnboardingScreens } from "~/domain/onboarding";
import { processUpload, verifyImageDataUrl, type ImageKind } from "~/images/customization-images.server";
import { imageProblemMessage } from "~/images/image-problems";
import type { ReadForm, Upload } from "~/images/multipart.server";

function textOf(formData: FormData, name: string): string | null {
  const value = formData.get(name);
  return typeof value === "string" ? value : null;
}

function colourOf(formData: FormData, colour: ColourField): string {
  const hex = textOf(formData, fieldNames.colour(colour));
  const shown = textOf(formData, fieldNames.colourShown(colour)) ?? hex ?? defaultColours[colour];
  return chosenColour({ hex, picker: textOf(formData, fieldNames.colourPicker(colour)) }, shown);
}

/**
 * Posted choices no control of the page offers (a forged post), each as its field's message: the
 * draft itself takes the default instead, so the page can still render it.
 */
export function choiceErrors(formData: FormData): CustomizationErrors {
  const fontColor = textOf(formData, fieldNames.fontColor);
  if (fontColor === null || FontColorSchema.safeParse(fontColor).success) return {};
  return { [fieldNames.fontColor]: "admin:views.appCustomization.errors.fontColorInvalid" };
}

export function draftFromForm(formData: FormData): CustomizationDraft {
  const count = Math.min(maxOnboardingScreens, Math.max(1, Number(textOf(formData, fieldNames.screenCount)) || 1));
  return {
    isActive: textOf(formData, fieldNames.isActive) === "on",
    logo: textOf(formData, fieldNames.logo) || null,
    backgroundColor: colourOf(formData, "backgroundColor"),
    highlightColor: colourOf(formData, "highlightColor"),
    fontColor: textOf(formData, fieldNames.fontColor) === "dark" ? "dark" : "light",
    onboardings: Array.from({ length: count }, (_, index) => ({
      id: `screen-${index + 1}`,
      sortId: index + 1,
      headline: textOf(formData, fieldNames.headline(index)) ?? "",
      text: textOf(formData, fieldNames.text(index)) ?? "",
      picture: textOf(formData, fieldNames.picture(index)) || null,
    })),
  };
}

async function imageFor(kind: ImageKind, carried: string | null, upload: Upload | undefined) {
  // A carried image the page produced reads fine; anything else from the browser is dropped.
  const kept = carried && (await verifyImageDataUrl(kind, carried)) ? carried : null;
  const carriedError = carried && !kept ? imageProblemMessage(kind, "unreadable") : null;
  if (!upload) return { image: kept, error: carriedError };
  if (!upload.bytes) return { image: kept, error: imageProblemMessage(kind, "fileTooLarge") };
  const result = await processUpload(kind, upload.bytes);
  return result.ok
    ? { image: result.dataUrl, error: null }
    : { image: kept, error: imageProblemMessage(kind, result.problem) };
}

/** Checks the carried images, processes new uploads into the draft, and answers their messages. */
export async function withImages(
  draft: CustomizationDraft,
  uploads: ReadForm["uploads"],
): Promise<{ draft: CustomizationDraft; errors: CustomizationErrors }> {
  const errors: CustomizationErrors = {};
  const logo = await imageFor("logo", draft.logo, uploads.get(fieldNames.logoFile));
  if (logo.error) errors[fieldNames.logo] = logo.error;
  const onboardings = [];
  for (const [index, screen] of draft.onboardings.entries()) {
    const picture = await imageFor("picture", screen.picture, uploads.get(fieldNames.pictureFile(index)));
    if (picture.error) errors[fieldNames.picture(index)] = picture.error;
    onboardings.push({ ...screen, picture: picture.image });
  }
  return { draft: { ...draft, logo: logo.image, onboardings }, errors };
}
