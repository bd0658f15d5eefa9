import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import {
  choiceOf,
  choicesOf,
  fallbackFieldMessage,
  fieldMessages,
  optionalText,
  requiredText,
} from "~/domain/form-fields";
import { fieldErrors } from "../../tests/support/form-data";

function post(entries: Array<[string, string]>) {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

const schema = z.object({
  name: requiredText({ required: "name.required", maxLength: 10, tooLong: "name.tooLong" }),
  note: optionalText({ multiline: true }),
  size: choiceOf(["small", "large"], "size.notOffered"),
  scopes: choicesOf(["read", "write"], { required: "scopes.required", notOffered: "scopes.notOffered" }),
  isShown: z.boolean().default(false),
});
const parse = (entries: Array<[string, string]>) =>
  parseWithZod(post(entries), { schema, error: fallbackFieldMessage });
const valid: Array<[string, string]> = [
  ["name", " Hall "],
  ["size", "small"],
  ["scopes", ""],
  ["scopes", "read"],
];

describe("the fields a form's schema is built of", () => {
  it("takes a valid post: texts trimmed, choices as posted", () => {
    const submission = parse([...valid, ["note", "Line one\r\nLine two"], ["scopes", "write"]]);
    expect(submission.status === "success" && submission.value).toEqual({
      name: "Hall",
      note: "Line one\r\nLine two",
      size: "small",
      scopes: ["read", "write"],
      isShown: false,
    });
  });

  it("a required text: required until it has a visible character, then only text, then short enough", () => {
    const errors = (name: string) =>
      fieldErrors(parse([...valid.filter(([field]) => field !== "name"), ["name", name]]));
    expect(errors("")).toEqual({ name: ["name.required"] });
    expect(errors(" \u200B\uFEFF ")).toEqual({ name: ["name.required"] });
    expect(errors("Ha\u202Ell")).toEqual({ name: [fieldMessages.hiddenCharacters] });
    expect(errors("x".repeat(11))).toEqual({ name: ["name.tooLong"] });
  });

  it("an optional text takes nothing, and only text; a multi-line one keeps its line breaks", () => {
    expect(fieldErrors(parse([...valid, ["note", ""]]))).toEqual({});
    expect(fieldErrors(parse([...valid, ["note", "a\u0000b"]]))).toEqual({ note: [fieldMessages.hiddenCharacters] });
  });

  it("a choice outside its list is the field's own message", () => {
    expect(fieldErrors(parse([...valid.filter(([field]) => field !== "size"), ["size", "huge"]]))).toEqual({
      size: ["size.notOffered"],
    });
  });

  it("several choices: a value outside the list is reported at the field, not at an element", () => {
    expect(fieldErrors(parse([...valid, ["scopes", "admin.everything"]]))).toEqual({
      scopes: ["scopes.notOffered"],
    });
    expect(fieldErrors(parse(valid.filter(([field, value]) => field !== "scopes" || value === "")))).toEqual({
      scopes: ["scopes.required"],
    });
  });

  it("a refusal the schema has no message for gets the general one, never zod's English", () => {
    expect(fieldErrors(parse([...valid, ["isShown", "maybe"]]))).toEqual({ isShown: [fieldMessages.notOffered] });
  });
});
