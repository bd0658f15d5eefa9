// The app customization being edited (administration.md §2–§5, §9): the draft the form holds,
// what counts as a change, the checks before saving and what is written.
import { defaultColours, normalizeHex } from "~/domain/colours";
import {
  blankScreen,
  headlineMaxLength,
  onboardingErrors,
  screensForSave,
  textMaxLength,
  type OnboardingFieldError,
  type OnboardingScreen,
} from "~/domain/onboarding";
import type { FontColor, WritableAppCustomization } from "~/contract/app-customization";
import { hiddenCharactersMessage } from "~/domain/text-fields";

export { headlineMaxLength, textMaxLength };

export interface CustomizationDraft {
  isActive: boolean;
  /** A PNG data: URL, or null for the app's default logo. */
  logo: string | null;
  /** As typed: may be 3 or 6 hex characters, or not valid yet. */
  backgroundColor: string;
  highlightColor: string;
  fontColor: FontColor;
  onboardings: OnboardingScreen[];
}

/** What the app shows while nothing is stored. */
export function defaultCustomization(): WritableAppCustomization {
  return { isActive: false, logo: null, ...defaultColours, onboardings: [] };
}

/**
 * The draft of a stored configuration (or of the defaults). Ids are stable (`screen-<n>`) so the
 * server and the browser render the same page; edits generate fresh ones.
 */
export function draftFrom(stored: WritableAppCustomization | null, idPrefix = "screen"): CustomizationDraft {
  const configuration = stored ?? defaultCustomization();
  const sorted = [...configuration.onboardings].sort((a, b) => a.sortId - b.sortId);
  return {
    isActive: configuration.isActive,
    logo: configuration.logo,
    backgroundColor: configuration.backgroundColor,
    highlightColor: configuration.highlightColor,
    fontColor: configuration.fontColor,
    onboardings:
      sorted.length === 0
        ? [blankScreen(1, `${idPrefix}-1`)]
        : sorted.map((screen, index) => ({ ...screen, sortId: index + 1, id: `${idPrefix}-${index + 1}` })),
  };
}

/** Colours, font colour and onboarding wait for a logo (spec). */
export function hasCustomLogo(draft: Pick<CustomizationDraft, "logo">): boolean {
  return draft.logo !== null;
}

export function resetLogo(draft: CustomizationDraft): CustomizationDraft {
  return { ...draft, logo: null };
}

export function resetColours(draft: CustomizationDraft): CustomizationDraft {
  return { ...draft, ...defaultColours };
}

/** A colour as the preview and the Manager want it; the default while the text is not valid. */
export function previewColour(text: string, fallback: string): string {
  return normalizeHex(text) ?? fallback;
}

function screensToWrite(screens: OnboardingScreen[]) {
  return screensForSave(screens).map((screen) => ({
    ...screen,
    headline: screen.headline.trim(),
    text: screen.text.trim(),
  }));
}

/** The draft as written; a colour that is not valid becomes `invalidColour(colour)`. */
function written(
  draft: CustomizationDraft,
  invalidColour: (colour: "backgroundColor" | "highlightColor") => string,
): WritableAppCustomization {
  return {
    isActive: draft.isActive,
    logo: draft.logo,
    backgroundColor: normalizeHex(draft.backgroundColor) ?? invalidColour("backgroundColor"),
    highlightColor: normalizeHex(draft.highlightColor) ?? invalidColour("highlightColor"),
    fontColor: draft.fontColor,
    onboardings: screensToWrite(draft.onboardings),
  };
}

function comparable(draft: CustomizationDraft) {
  return JSON.stringify(written(draft, (colour) => draft[colour]));
}

/**
 * Whether saving would change anything: blank screens and 3-character colours count as what
 * they become on save; against nothing stored, the defaults.
 */
export function isCustomizationChanged(draft: CustomizationDraft, stored: WritableAppCustomization | null): boolean {
  return comparable(draft) !== comparable(draftFrom(stored));
}

export type CustomizationFieldError = "logoRequired" | "invalidHex" | OnboardingFieldError;

const errorPrefix = "admin:views.appCustomization.errors";
/** The locale key of each error's message: the form's and a restored backup's. */
export const customizationErrorKeys: Record<CustomizationFieldError, string> = {
  logoRequired: `${errorPrefix}.logoRequired`,
  invalidHex: `${errorPrefix}.invalidHex`,
  headlineRequired: `${errorPrefix}.headlineRequired`,
  headlineTooLong: `${errorPrefix}.headlineTooLong`,
  textRequired: `${errorPrefix}.textRequired`,
  textTooLong: `${errorPrefix}.textTooLong`,
  hiddenCharacters: hiddenCharactersMessage,
};

/** Errors by field name (`logo`, `backgroundColor`, `onboardings[1].headline`, …). */
export function customizationErrors(draft: CustomizationDraft): Record<string, CustomizationFieldError> {
  const errors: Record<string, CustomizationFieldError> = {};
  if (!hasCustomLogo(draft)) errors.logo = "logoRequired";
  if (!normalizeHex(draft.backgroundColor)) errors.backgroundColor = "invalidHex";
  if (!normalizeHex(draft.highlightColor)) errors.highlightColor = "invalidHex";
  draft.onboardings.forEach((screen, index) => {
    const screenErrors = onboardingErrors(screen);
    if (screenErrors.headline) errors[`onboardings[${index}].headline`] = screenErrors.headline;
    if (screenErrors.text) errors[`onboardings[${index}].text`] = screenErrors.text;
  });
  return errors;
}

/** What is written to the Manager: colours upper-case 6, empty screens dropped, renumbered from 1. */
export function customizationForSave(draft: CustomizationDraft): WritableAppCustomization {
  return written(draft, (colour) => defaultColours[colour]);
}
