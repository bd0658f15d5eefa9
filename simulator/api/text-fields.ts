// The Manager's check on the texts of a body (issue 25, docs/decisions/054-text-fields-take-text.md):
// the same rule as the console's forms (app/domain/text-fields.ts), so a caller that skips the
// console — or a console that forgot the rule — meets the refusal the console would have shown.
// Each field is named by its path; "*" stands for every element of an array or object.
import { textFieldProblem, type TextFieldOptions } from "../../app/domain/text-fields";
import type { FieldErrors } from "../problems";

export type TextFieldRule = TextFieldOptions & { required: boolean };
export type TextFields = Record<string, TextFieldRule>;

const messages = {
  required: "Must contain a visible character.",
  hiddenCharacters: "Must not contain control or format characters.",
} as const;

/** The strings at a path, with their full paths (dots, as the Manager names fields). */
function stringsAt(value: unknown, path: string[], at: string[] = []): Array<[string, string]> {
  if (path.length === 0) return typeof value === "string" ? [[at.join("."), value]] : [];
  if (typeof value !== "object" || value === null) return [];
  const [key, ...rest] = path;
  const entries = key === "*" ? Object.entries(value) : [[key!, (value as Record<string, unknown>)[key!]] as const];
  return entries.flatMap(([name, child]) => stringsAt(child, rest, [...at, name]));
}

/** Field errors for the texts a body holds at the given paths (trimmed, as they are stored). */
export function textFieldErrors(body: unknown, fields: TextFields): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, rule] of Object.entries(fields)) {
    for (const [field, value] of stringsAt(body, path.split("."))) {
      const problem = textFieldProblem(value.trim(), rule);
      if (problem) (errors[field] ??= []).push(messages[problem]);
    }
  }
  return errors;
}
