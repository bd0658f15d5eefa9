// Every text of the stations screens exists in English and German, and every value the Manager
// can send (update status, event code, interface type, …) has its label.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { updateStatuses, networkInterfaceTypes, computedStates } from "~/contract/enums";
import { systemEventCodes } from "../../simulator/events/codes";

type Texts = { [key: string]: string | Texts };

function load(language: string, namespace: string): Texts {
  return JSON.parse(
    readFileSync(new URL(`../../public/locales/${language}/${namespace}.json`, import.meta.url), "utf8"),
  );
}

function keys(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function text(texts: Texts, path: string): unknown {
  return path.split(".").reduce<unknown>((node, key) => (node as Texts | undefined)?.[key], texts);
}

const en = load("en", "stations");
const de = load("de", "stations");

describe("the stations texts", () => {
  it("has the same keys in English and German, none empty", () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
    for (const key of keys(en)) {
      expect(String(text(en, key)).trim(), key).not.toBe("");
      expect(String(text(de, key)).trim(), key).not.toBe("");
    }
  });

  it("names every firmware update status 0–15 and explains it", () => {
    for (const status of updateStatuses) {
      for (const texts of [en, de]) {
        expect(text(texts, `firmware.statuses.${status}`), status).toBeTypeOf("string");
        expect(text(texts, `firmware.statusDescriptions.${status}`), status).toBeTypeOf("string");
      }
    }
  });

  it("names every interface type, link state and address mode", () => {
    for (const type of networkInterfaceTypes)
      expect(text(en, `network.interfaceTypes.${type}`), type).toBeTypeOf("string");
    for (const state of ["Up", "Down", "Unknown"]) expect(text(en, `network.linkStates.${state}`)).toBeTypeOf("string");
    for (const mode of ["Dynamic", "Static", "Unknown"]) expect(text(en, `network.modes.${mode}`)).toBeTypeOf("string");
  });

  it("translates every system event code the Manager sends", () => {
    for (const code of Object.keys(systemEventCodes)) {
      expect(text(en, `log.codes.${code}`), code).toBeTypeOf("string");
      expect(text(de, `log.codes.${code}`), code).toBeTypeOf("string");
    }
  });

  it("explains every reason a control can be disabled", () => {
    const reasons = [
      "notConnected",
      "unauthorized",
      "updateRequired",
      "unknownType",
      "updating",
      "resetting",
      "rebooting",
      "brokenReboot",
      "cannotReboot",
      "unsupported",
      "changingMode",
    ];
    for (const reason of reasons) {
      expect(text(en, `blocked.${reason}`), reason).toBeTypeOf("string");
      expect(text(de, `blocked.${reason}`), reason).toBeTypeOf("string");
    }
  });

  it("has a label for every connection state in the shared texts", () => {
    for (const language of ["en", "de"]) {
      const common = load(language, "common");
      for (const state of computedStates) expect(text(common, `connectionStates.${state}`), state).toBeTypeOf("string");
    }
  });
});
