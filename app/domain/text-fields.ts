// What a free-text field takes (issue 25, docs/decisions/054-text-fields-take-text.md): text a
// person can see. Control and format characters (Unicode Cc and Cf: NUL, tabs, zero-width spaces
// and joiners, bidi overrides, soft hyphens) and lone surrogates are refused — they make a name
// look empty, look like another, or reorder what is shown around it. A multi-line field (a
// textarea) keeps its line breaks. "Required" counts only visible characters: a value of white
// space, format characters or other default-ignorable ones (Hangul fillers) is not filled in.
// The forms' schemas and the simulator's checks both ask these. A regular expression each, so the
// schemas the browser loads stay small.
const hiddenCharacter = /[\p{Cc}\p{Cf}\p{Cs}]/u;
const hiddenCharacterButLineBreak = /(?![\n\r])[\p{Cc}\p{Cf}\p{Cs}]/u;
const visibleCharacter = /[^\s\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
const everyHiddenCharacter = new RegExp(hiddenCharacter.source, "gu");

/** The locale key of the message for a hidden character, for every form. */
export const hiddenCharactersMessage = "common:validation.hiddenCharacters";

export interface TextFieldOptions {
  /** A textarea: line breaks (LF, CR) are text. */
  multiline?: boolean;
}

/** At least one character that shows. */
export function hasVisibleCharacter(value: string): boolean {
  return visibleCharacter.test(value);
}

/** A control or format character (or a lone surrogate), line breaks allowed in a multi-line field. */
export function hasHiddenCharacter(value: string, options: TextFieldOptions = {}): boolean {
  return (options.multiline ? hiddenCharacterButLineBreak : hiddenCharacter).test(value);
}

/**
 * The text with each hidden character written out as its escape (`\u0000`, `\u202e`), for
 * showing values that were refused for holding them (the audit log): a NUL ends the page for a
 * text browser, and a bidi override reorders the cells after it.
 */
export function showHiddenCharacters(value: string): string {
  return value.replace(everyHiddenCharacter, (character) => {
    const code = character.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

export type TextFieldProblem = "required" | "hiddenCharacters";

/**
 * What is wrong with a text field's value (trimmed, as it is saved): a required field without a
 * visible character is "required"; any field with a hidden character is "hiddenCharacters".
 */
export function textFieldProblem(
  value: string,
  options: TextFieldOptions & { required: boolean },
): TextFieldProblem | null {
  if (options.required && !hasVisibleCharacter(value)) return "required";
  return hasHiddenCharacter(value, options) ? "hiddenCharacters" : null;
}
