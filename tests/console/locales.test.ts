// Every text exists in English and German with the same placeholders, in every namespace: a key
// missing in one language would show the raw key to its readers.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

type Texts = { [key: string]: string | Texts };
const localesDirectory = new URL("../../public/locales/", import.meta.url);

function load(language: string, file: string): Texts {
  return JSON.parse(readFileSync(new URL(`${language}/${file}`, localesDirectory), "utf8"));
}

function flatten(texts: Texts, prefix = ""): Map<string, string> {
  return new Map(
    Object.entries(texts).flatMap(([key, value]) =>
      typeof value === "string" ? [[`${prefix}${key}`, value] as const] : [...flatten(value, `${prefix}${key}.`)],
    ),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((match) => match[1]).sort();

describe("the locale files", () => {
  const namespaces = readdirSync(new URL("en/", localesDirectory)).filter((file) => file.endsWith(".json"));

  it("are the same namespaces in English and German", () => {
    expect(
      readdirSync(new URL("de/", localesDirectory))
        .filter((file) => file.endsWith(".json"))
        .sort(),
    ).toEqual(namespaces.sort());
  });

  for (const namespace of namespaces) {
    it(`${namespace}: same keys, no empty text, same placeholders`, () => {
      const en = flatten(load("en", namespace));
      const de = flatten(load("de", namespace));
      expect([...de.keys()].sort()).toEqual([...en.keys()].sort());
      for (const [key, english] of en) {
        const german = de.get(key)!;
        expect(english.trim(), `en ${key}`).not.toBe("");
        expect(german.trim(), `de ${key}`).not.toBe("");
        expect(placeholders(german), key).toEqual(placeholders(english));
      }
    });
  }
});
