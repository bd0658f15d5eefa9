// The onboarding list of the app customization (administration.md §4, §5, §9).
import { hasHiddenCharacter, hasVisibleCharacter } from "~/domain/text-fields";

export const maxOnboardingScreens = 3;
export const headlineMaxLength = 60;
export const textMaxLength = 130;

export interface OnboardingScreen {
  /** Generated locally; only used to tell screens apart while editing. */
  id: string;
  sortId: number;
  headline: string;
  text: string;
  picture: string | null;
}

let counter = 0;
export function newOnboardingId() {
  counter += 1;
  return `onboarding-${Date.now().toString(36)}-${counter}`;
}

export function blankScreen(sortId: number, id = newOnboardingId()): OnboardingScreen {
  return { id, sortId, headline: "", text: "", picture: null };
}

function renumber(screens: OnboardingScreen[]) {
  return screens.map((screen, index) => ({ ...screen, sortId: index + 1 }));
}

/** Nothing that shows: no visible character in headline or text, no picture. */
export function isEmptyScreen(screen: Pick<OnboardingScreen, "headline" | "text" | "picture">) {
  return !hasVisibleCharacter(screen.headline) && !hasVisibleCharacter(screen.text) && !screen.picture;
}

/** No onboardings yet: a single empty slide. */
export function initialScreens(screens: Array<Omit<OnboardingScreen, "id">>): OnboardingScreen[] {
  if (screens.length === 0) return [blankScreen(1)];
  return renumber(
    [...screens].sort((a, b) => a.sortId - b.sortId).map((screen) => ({ ...screen, id: newOnboardingId() })),
  );
}

/** Appends a blank screen with sortId = length + 1, up to the limit. */
export function addScreen(screens: OnboardingScreen[]): OnboardingScreen[] {
  if (screens.length >= maxOnboardingScreens) return screens;
  return [...screens, blankScreen(screens.length + 1)];
}

/** Never fewer than one: removing the last leaves a blank screen. */
export function removeScreen(screens: OnboardingScreen[], id: string): OnboardingScreen[] {
  const rest = screens.filter((screen) => screen.id !== id);
  return rest.length === 0 ? [blankScreen(1)] : renumber(rest);
}

/** Moves a screen by an offset (−1 up, +1 down), staying inside the list. */
export function moveScreen(screens: OnboardingScreen[], id: string, offset: number): OnboardingScreen[] {
  const from = screens.findIndex((screen) => screen.id === id);
  if (from < 0) return screens;
  const to = Math.min(screens.length - 1, Math.max(0, from + offset));
  if (to === from) return screens;
  const next = [...screens];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return renumber(next);
}

/** On save: empty screens are dropped and the rest renumbered from 1. */
export function screensForSave(screens: OnboardingScreen[]): Array<Omit<OnboardingScreen, "id">> {
  return renumber(screens.filter((screen) => !isEmptyScreen(screen))).map(({ id: _id, ...screen }) => screen);
}

export type OnboardingFieldError =
  "headlineRequired" | "headlineTooLong" | "textRequired" | "textTooLong" | "hiddenCharacters";

/**
 * Headline required when there is text or a picture; text required when there is a headline or
 * picture (each counts only visible characters). Both take only text; the text is multi-line (a
 * textarea), so its line breaks are text too.
 */
export function onboardingErrors(screen: Pick<OnboardingScreen, "headline" | "text" | "picture">) {
  const errors: { headline?: OnboardingFieldError; text?: OnboardingFieldError } = {};
  const hasHeadline = hasVisibleCharacter(screen.headline);
  const hasText = hasVisibleCharacter(screen.text);
  if (screen.headline.length > headlineMaxLength) errors.headline = "headlineTooLong";
  else if (!hasHeadline && (hasText || screen.picture)) errors.headline = "headlineRequired";
  else if (hasHiddenCharacter(screen.headline.trim())) errors.headline = "hiddenCharacters";
  if (screen.text.length > textMaxLength) errors.text = "textTooLong";
  else if (!hasText && (hasHeadline || screen.picture)) errors.text = "textRequired";
  else if (hasHiddenCharacter(screen.text.trim(), { multiline: true })) errors.text = "hiddenCharacters";
  return errors;
}
