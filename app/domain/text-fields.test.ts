import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasHiddenCharacter, hasVisibleCharacter, showHiddenCharacters, textFieldProblem } from "~/domain/text-fields";

// Control characters (Cc) and format characters (Cf) the issue names, and a few more of each.
const controlCharacters = ["\u0000", "\u0007", "\t", "\u000B", "\u001B", "\u007F", "\u0085", "\u009F"];
const formatCharacters = [
  "\u00AD", // soft hyphen
  "\u061C", // Arabic letter mark
  "\u200B", // zero-width space
  "\u200C", // zero-width non-joiner
  "\u200D", // zero-width joiner
  "\u200E", // left-to-right mark
  "\u202A", // left-to-right embedding
  "\u202E", // right-to-left override
  "\u2066", // left-to-right isolate
  "\u2069", // pop directional isolate
  "\u2060", // word joiner
  "\uFEFF", // byte order mark
  "\u{E0001}", // language tag
];
const lineBreaks = ["\n", "\r", "\r\n"];
const hidden = fc.constantFrom(...controlCharacters, ...formatCharacters, "\uD800");
const hiddenButLineBreak = fc.constantFrom(...controlCharacters.filter((c) => !/[\n\r]/.test(c)), ...formatCharacters);
/** Nothing that shows: white space, format characters and other default-ignorable ones (Hangul fillers). */
const invisible = fc.constantFrom(" ", "\u00A0", "\u3000", "\u2028", ...formatCharacters, "\u3164", "\u115F", "\uFE0F");
const textWithoutHidden = fc.string({ unit: "grapheme" }).filter((text) => !/[\p{Cc}\p{Cf}\p{Cs}]/u.test(text));
const visibleText = textWithoutHidden.filter(hasVisibleCharacter);

/** `text` with `insert` put in at `at` (as a fraction of its length). */
function insertAt(text: string, insert: string, at: number) {
  const characters = [...text];
  const index = Math.floor(at * characters.length);
  return [...characters.slice(0, index), insert, ...characters.slice(index)].join("");
}

describe("a text field takes text", () => {
  it("answers null for any text without control or format characters (letters, emoji, marks, any script)", () => {
    fc.assert(
      fc.property(visibleText, (text) => {
        expect(textFieldProblem(text, { required: true })).toBeNull();
        expect(textFieldProblem(text, { required: false })).toBeNull();
      }),
    );
    for (const text of ["Main Hall", "Großer Saal", "قاعة", "大厅", "Salle ❤️", "e\u0301", "Ⅻ"]) {
      expect(textFieldProblem(text, { required: true }), text).toBeNull();
    }
  });

  it("refuses a control or format character anywhere in a text, and a lone surrogate", () => {
    fc.assert(
      fc.property(visibleText, hidden, fc.double({ min: 0, max: 1, noNaN: true }), (text, character, at) => {
        const value = insertAt(text, character, at);
        expect(hasHiddenCharacter(value)).toBe(true);
        expect(textFieldProblem(value, { required: true })).toBe("hiddenCharacters");
        expect(textFieldProblem(value, { required: false })).toBe("hiddenCharacters");
      }),
    );
  });

  it("counts only visible characters for required: white space and format characters alone are no value", () => {
    fc.assert(
      fc.property(fc.array(invisible, { maxLength: 8 }), (characters) => {
        const value = characters.join("");
        expect(hasVisibleCharacter(value)).toBe(false);
        expect(textFieldProblem(value, { required: true })).toBe("required");
      }),
    );
    expect(textFieldProblem("", { required: true })).toBe("required");
    expect(textFieldProblem("", { required: false })).toBeNull();
    // Not required: an invisible value is refused for what it holds, if anything.
    expect(textFieldProblem("\u200B", { required: false })).toBe("hiddenCharacters");
    expect(textFieldProblem("\u3164", { required: false })).toBeNull();
  });

  it("keeps line breaks in a multi-line field only; other control characters stay refused there", () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.oneof(visibleText, fc.constantFrom(...lineBreaks)), { minLength: 1 })
          .map((parts) => parts.join("")),
        (text) => {
          const value = `A${text}`;
          expect(textFieldProblem(value, { required: true, multiline: true })).toBeNull();
          if (/[\n\r]/.test(value)) expect(textFieldProblem(value, { required: true })).toBe("hiddenCharacters");
        },
      ),
    );
    fc.assert(
      fc.property(visibleText, hiddenButLineBreak, (text, character) => {
        expect(textFieldProblem(`A${text}${character}`, { required: true, multiline: true })).toBe("hiddenCharacters");
      }),
    );
  });
});

describe("hidden characters shown as escapes", () => {
  it("writes each control or format character and lone surrogate as its escape, the rest as it is", () => {
    expect(showHiddenCharacters("a\u0000b\u202Ec\u{E0001}\uD800")).toBe("a\\u0000b\\u202ec\\u{e0001}\\ud800");
    fc.assert(
      fc.property(visibleText, hidden, fc.double({ min: 0, max: 1, noNaN: true }), (text, character, at) => {
        const shown = showHiddenCharacters(insertAt(text, character, at));
        expect(hasHiddenCharacter(shown)).toBe(false);
        expect(shown.replace(/\\u(\{[0-9a-f]+\}|[0-9a-f]{4})/g, "")).toBe(text);
      }),
    );
  });
});
