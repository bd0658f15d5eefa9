// Edits of the customization draft, the same in the browser (with JavaScript) and in the action
// (each intent a round trip without it), and the locale keys of the draft's errors.
import type { CustomizationIntent } from "./fields";
import {
  customizationErrorKeys,
  customizationErrors,
  resetColours,
  resetLogo,
  type CustomizationDraft,
} from "~/domain/app-customization";
import { addScreen, moveScreen, removeScreen } from "~/domain/onboarding";

/** Field name → locale key of its message. */
export type CustomizationErrors = Record<string, string>;

export function applyIntent(draft: CustomizationDraft, intent: CustomizationIntent): CustomizationDraft {
  const screens = draft.onboardings;
  switch (intent.type) {
    case "addScreen":
      return { ...draft, onboardings: addScreen(screens) };
    case "deleteScreen":
      return screens[intent.index]
        ? { ...draft, onboardings: removeScreen(screens, screens[intent.index]!.id) }
        : draft;
    case "moveScreen":
      return screens[intent.index]
        ? { ...draft, onboardings: moveScreen(screens, screens[intent.index]!.id, intent.offset) }
        : draft;
    case "removePicture":
      return {
        ...draft,
        onboardings: screens.map((screen, index) => (index === intent.index ? { ...screen, picture: null } : screen)),
      };
    case "resetLogo":
      return resetLogo(draft);
    case "resetColours":
      return resetColours(draft);
    default:
      return draft;
  }
}

/** The checks before saving, as locale keys by field name. */
export function validationErrors(draft: CustomizationDraft): CustomizationErrors {
  return Object.fromEntries(
    Object.entries(customizationErrors(draft)).map(([name, error]) => [name, customizationErrorKeys[error]]),
  );
}

/** Errors that still belong to their field after an intent: a screen's move or removal renumbers them. */
export function errorsAfter(intent: CustomizationIntent, errors: CustomizationErrors): CustomizationErrors {
  const structural = intent.type === "deleteScreen" || intent.type === "moveScreen";
  return Object.fromEntries(
    Object.entries(errors).filter(([name]) => {
      if (structural && name.startsWith("onboardings[")) return false;
      if (intent.type === "resetLogo" && name === "logo") return false;
      if (intent.type === "resetColours" && ["backgroundColor", "highlightColor", "fontColor"].includes(name))
        return false;
      if (intent.type === "removePicture" && name === `onboardings[${intent.index}].picture`) return false;
      return true;
    }),
  );
}
