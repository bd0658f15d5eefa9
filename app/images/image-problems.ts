// What can be wrong with an uploaded image (or one kept as a data: URL: larger than the form ever
// stores it is "oversized"), and the message each gets — shared by the server
// (which judges the bytes) and the browser (which shows the message at the field).
export type ImageKind = "logo" | "picture";
export type ImageProblem = "wrongFormat" | "tooSmall" | "fileTooLarge" | "tooManyPixels" | "unreadable" | "oversized";

const prefix = "admin:views.appCustomization.errors";

/** The spec: a logo in another format is "Please upload a PNG image."; a picture's error reuses its upload hint. */
export function imageProblemMessage(kind: ImageKind, problem: ImageProblem): string {
  switch (problem) {
    case "wrongFormat":
      return kind === "logo" ? `${prefix}.wrongFormat` : `${prefix}.pictureHint`;
    case "tooSmall":
      return kind === "logo" ? `${prefix}.logoTooSmall` : `${prefix}.pictureHint`;
    case "fileTooLarge":
      return `${prefix}.fileTooLarge`;
    case "tooManyPixels":
      return `${prefix}.tooManyPixels`;
    case "unreadable":
      return `${prefix}.unreadable`;
    case "oversized":
      return kind === "logo" ? `${prefix}.logoOversized` : `${prefix}.pictureOversized`;
  }
}
