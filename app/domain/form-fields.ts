// The fields the forms' schemas are built of (one schema per form, for the server and, with
// JavaScript, the browser), so that every refusal has a locale key for its message and sits at
// the field that shows it (issue 25, docs/decisions/054-text-fields-take-text.md): free text that
// takes only text (text-fields.ts), one of a list, several of a list.
import * as z from "zod";
import {
  hasHiddenCharacter,
  hasVisibleCharacter,
  hiddenCharactersMessage,
  type TextFieldOptions,
} from "~/domain/text-fields";

export const fieldMessages = {
  hiddenCharacters: hiddenCharactersMessage,
  /** For any refusal a schema has no message of its own for (a forged post: a checkbox sent as "maybe"). */
  notOffered: "common:validation.notOffered",
} as const;

/**
 * zod's message for an issue its schema gives none: never zod's own English. Passed to every parse
 * of a form (parse-form.ts), on the server and in the browser.
 */
export const fallbackFieldMessage = () => fieldMessages.notOffered;

const withoutHiddenCharacters = (options: TextFieldOptions) => (value: string) => !hasHiddenCharacter(value, options);

/** A required text: trimmed; "required" unless it has a visible character; at most `maxLength`. */
export function requiredText(options: TextFieldOptions & { required: string; maxLength: number; tooLong: string }) {
  return z
    .string({ error: options.required })
    .trim()
    .min(1, { error: options.required, abort: true })
    .refine(hasVisibleCharacter, { error: options.required, abort: true })
    .refine(withoutHiddenCharacters(options), { error: fieldMessages.hiddenCharacters })
    .max(options.maxLength, { error: options.tooLong });
}

/** A text: trimmed, without hidden characters; further checks (a format, a pattern) may follow. */
export function text(options: TextFieldOptions = {}) {
  return z.string().trim().refine(withoutHiddenCharacters(options), { error: fieldMessages.hiddenCharacters });
}

/** A text that may be empty (conform reads an empty field as not filled in). */
export function optionalText(options: TextFieldOptions = {}) {
  return text(options).optional();
}

/** One of a list (a select, radio group or hidden choice); anything else is `message`. */
export function choiceOf<const Option extends string>(options: readonly Option[], message: string) {
  return z.enum(options as [Option, ...Option[]], { error: message });
}

/**
 * Several of a list (checkboxes of one name). A value not in the list is the field's message, at
 * the field: zod would report it at the element, which conform names `scopes[0]` and no field
 * shows. Empty values are dropped (a form posts an empty one so the field is always checked).
 */
export function choicesOf<const Option extends string>(
  options: readonly Option[],
  messages: { required: string; notOffered: string },
) {
  const isOption = (value: unknown): value is Option => (options as readonly unknown[]).includes(value);
  return z.preprocess(
    (value) => [value].flat().filter((entry) => entry !== undefined && entry !== ""),
    z
      .array(z.unknown())
      .refine((values) => values.every(isOption), { error: messages.notOffered, abort: true })
      .min(1, { error: messages.required })
      .transform((values) => values.filter(isOption)),
  );
}
