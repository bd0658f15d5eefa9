// The customization form's field names and submit intents. Without JavaScript every edit is a
// round trip of one multipart form, so the names and intents are the contract between the page
// and its action; with JavaScript the same buttons edit the draft in the browser.
export const colourFields = ["backgroundColor", "highlightColor"] as const;
export type ColourField = (typeof colourFields)[number];

export const fieldNames = {
  isActive: "isActive",
  logo: "logo",
  logoFile: "logoFile",
  fontColor: "fontColor",
  screenCount: "onboardingCount",
  colour: (colour: ColourField) => colour,
  colourPicker: (colour: ColourField) => `${colour}Picker`,
  /** The hex value the page was rendered with: tells which of picker and hex field changed. */
  colourShown: (colour: ColourField) => `${colour}Shown`,
  headline: (index: number) => `onboardings[${index}].headline`,
  text: (index: number) => `onboardings[${index}].text`,
  picture: (index: number) => `onboardings[${index}].picture`,
  pictureFile: (index: number) => `onboardings[${index}].pictureFile`,
} as const;

/** An element id for a field name (ids link the error summary to the fields). */
export function fieldId(name: string) {
  return `customization-${name.replace(/[^\w-]+/g, "-").replace(/-+$/, "")}`;
}

export type CustomizationIntent =
  | { type: "save" }
  | { type: "upload" }
  | { type: "undo" }
  | { type: "reset" }
  | { type: "addScreen" }
  | { type: "resetLogo" }
  | { type: "resetColours" }
  | { type: "deleteScreen"; index: number }
  | { type: "moveScreen"; index: number; offset: -1 | 1 }
  | { type: "removePicture"; index: number };

export function intentValue(intent: CustomizationIntent): string {
  switch (intent.type) {
    case "deleteScreen":
    case "removePicture":
      return `${intent.type}:${intent.index}`;
    case "moveScreen":
      return `${intent.type}:${intent.index}:${intent.offset}`;
    default:
      return intent.type;
  }
}

const simpleIntents = ["save", "upload", "undo", "reset", "addScreen", "resetLogo", "resetColours"] as const;

export function parseIntent(value: unknown): CustomizationIntent | null {
  if (typeof value !== "string") return null;
  if ((simpleIntents as readonly string[]).includes(value)) return { type: value as (typeof simpleIntents)[number] };
  const [type, rawIndex, rawOffset] = value.split(":");
  const index = Number(rawIndex);
  if (!Number.isInteger(index) || index < 0 || index > 2) return null;
  if (type === "deleteScreen" || type === "removePicture") return rawOffset === undefined ? { type, index } : null;
  if (type === "moveScreen" && (rawOffset === "-1" || rawOffset === "1"))
    return { type, index, offset: rawOffset === "-1" ? -1 : 1 };
  return null;
}
