// Every action the console can record reads as a sentence in English and in German, in one of the
// Action filter's groups (issue 38). The actions are found in the code, not in a list kept beside
// it: every intent of every screen's table as dispatchIntent names its record (`station.rename`,
// and `station.unknown` before the intent is known), and every action a recording call names in
// the source — a text, or a text with one part from a list the code declares (`bulk.${action}`
// over bulkActions). A new screen, intent or recording call without words fails here.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import i18next, { type TFunction } from "i18next";
import ts from "typescript";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { bulkActions } from "~/domain/bulk-actions";
import { stationSettingKinds, venueSettingKinds } from "~/domain/restore-plan";
import { customizationWrites } from "~/routes/_app.appCustomization/route";
import { rolloutActs } from "~/routes/_app.firmware.rollouts.$rolloutId/rollout-actions.server";
import {
  auditActionGroup,
  auditActionKey,
  auditActionText,
  auditFieldText,
  groupedAuditActions,
} from "~/routes/_app.auditLog/action-words";

// The screens' intent tables are replayed through the real dispatchIntent, signed in and allowed
// every intent, each up to the point its handler would run (its permission check throws): what
// dispatchIntent names is what the audit record would be called. Nothing reaches the Manager.
const tables: Array<{ route: string; intents: string[] }> = [];
const named = new Set<string>();
const handlerStop = new Error("not run: the action is named before the handler");
const replayFailures: string[] = [];
let signedIn = false;

vi.mock("~/auth/guard.server", async (original) => {
  const real = await original<typeof import("~/auth/guard.server")>();
  const admin = { user: { id: "sub-admin", name: "Alex Admin", role: "Admin" }, session: {}, manager: {} };
  return {
    ...real,
    requireUser: vi.fn(async (...args: Parameters<typeof real.requireUser>) =>
      signedIn ? admin : real.requireUser(...args),
    ),
    requireAnyPermission: vi.fn((...args: Parameters<typeof real.requireAnyPermission>) =>
      signedIn ? undefined : real.requireAnyPermission(...args),
    ),
    requirePermission: vi.fn((...args: Parameters<typeof real.requirePermission>) => {
      if (signedIn) throw handlerStop;
      return real.requirePermission(...args);
    }),
  };
});

vi.mock("~/audit/write-record.server", async (original) => ({
  ...(await original<object>()),
  // The name a write starts with (`<target>.unknown` until its intent is known) and every rename.
  recordingWrite: vi.fn(async ({ action }: { action: string }, work: (draft: object) => Promise<unknown>) => {
    named.add(action);
    return work({ formData: () => {} });
  }),
  noteWrite: vi.fn((patch: { action?: string }) => {
    if (patch.action) named.add(patch.action);
  }),
}));

vi.mock("~/route-helpers/intents.server", async (original) => {
  const real = await original<typeof import("~/route-helpers/intents.server")>();
  return {
    ...real,
    dispatchIntent: vi.fn(async ({ request, params }: Pick<ActionFunctionArgs, "request" | "params">, table) => {
      const intents = Object.keys(table as object);
      tables.push({ route: new URL(request.url).pathname, intents });
      signedIn = true;
      try {
        for (const intent of intents) {
          const posted = new Request(request.url, { method: "POST", body: new URLSearchParams({ intent }) });
          await real.dispatchIntent({ request: posted, params }, table).catch((error: unknown) => {
            if (error !== handlerStop) replayFailures.push(`${request.url} ${intent}: ${String(error)}`);
          });
        }
      } finally {
        signedIn = false;
      }
      return new Response(null, { status: 204 });
    }),
  };
});

const appDirectory = new URL("../../app/", import.meta.url).pathname;
const routesDirectory = join(appDirectory, "routes");

/** A folder route's URL with a value for each parameter (`_app.stations.$serialNumber._index` → /stations/MCS-0042). */
function addressOf(folder: string) {
  const params: Record<string, string> = {};
  const path = folder
    .split(".")
    .filter((segment) => !segment.startsWith("_"))
    .map((segment) => segment.replace(/_$/, ""))
    .map((segment) => {
      if (!segment.startsWith("$")) return segment;
      const name = segment.slice(1);
      params[name] = /serialNumber/i.test(name) ? "MCS-0042" : "1";
      return params[name];
    });
  return { url: `http://console.test/${path.join("/")}`, params };
}

/** The actions every screen that dispatches its intents names: `<target>.unknown`, and one per intent. */
async function dispatchedActions() {
  for (const folder of readdirSync(routesDirectory)) {
    const file = join(routesDirectory, folder, "route.tsx");
    if (!existsSync(file)) continue;
    const module = (await import(/* @vite-ignore */ file)) as { action?: (args: unknown) => Promise<unknown> };
    if (typeof module.action !== "function") continue;
    const { url, params } = addressOf(folder);
    // Actions that do not dispatch (sign-in, uploads) need a running console: they are found in the source.
    await module.action({ request: new Request(url, { method: "POST" }), params, context: {} }).catch(() => null);
  }
  return [...named];
}

/** The lists a recorded action's variable part comes from, by the text before it. */
const declaredParts: Record<string, readonly string[]> = {
  "bulk.": bulkActions,
  "rollout.": rolloutActs,
  "restore.": [...stationSettingKinds, ...venueSettingKinds],
  "customization.": customizationWrites,
};

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });

const actionShape = /^[a-z]+\.[A-Za-z]+$/;

/**
 * Every action the source names where a record's action is given: the value of an `action`
 * property, or an argument for a parameter named `action`. A template that starts with its
 * variable part is dispatchIntent's (the screens' tables above).
 */
function recordedInSource() {
  const found: Array<{ action: string; where: string }> = [];
  const unresolved: string[] = [];
  for (const file of sourceFiles(appDirectory)) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const where = (node: ts.Node) =>
      `${relative(appDirectory, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const parameterNames = new Map<string, string[]>();
    const collectFunctions = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name)
        parameterNames.set(
          node.name.text,
          node.parameters.map((parameter) => parameter.name.getText(source)),
        );
      ts.forEachChild(node, collectFunctions);
    };
    collectFunctions(source);
    const take = (expression: ts.Expression) => {
      if (ts.isStringLiteral(expression) || ts.isNoSubstitutionTemplateLiteral(expression)) {
        if (actionShape.test(expression.text)) found.push({ action: expression.text, where: where(expression) });
        return;
      }
      if (!ts.isTemplateExpression(expression) || expression.head.text === "") return;
      const parts = declaredParts[expression.head.text];
      const [span, ...more] = expression.templateSpans;
      if (!parts || more.length > 0 || span!.literal.text !== "") {
        unresolved.push(`${where(expression)} ${expression.getText(source)}`);
        return;
      }
      for (const part of parts) found.push({ action: `${expression.head.text}${part}`, where: where(expression) });
    };
    const visit = (node: ts.Node) => {
      if (ts.isPropertyAssignment(node) && node.name.getText(source) === "action") take(node.initializer);
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        const names = parameterNames.get(node.expression.text) ?? [];
        node.arguments.forEach((argument, index) => {
          if (names[index] === "action") take(argument);
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, unresolved };
}

type Texts = { [key: string]: string | Texts };
const texts = (language: string) =>
  JSON.parse(readFileSync(new URL(`../../public/locales/${language}/admin.json`, import.meta.url), "utf8")) as Texts;

function textAt(tree: Texts, key: string): string | undefined {
  let node: Texts | string | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : undefined;
}

const languages = ["en", "de"] as const;
const translate = {} as Record<(typeof languages)[number], TFunction<"admin">>;
let actions: string[] = [];
let fromSource: ReturnType<typeof recordedInSource>;

beforeAll(async () => {
  for (const language of languages) {
    const instance = i18next.createInstance();
    await instance.init({
      lng: language,
      ns: ["admin"],
      defaultNS: "admin",
      resources: { [language]: { admin: texts(language) } },
      interpolation: { escapeValue: false },
    });
    translate[language] = instance.getFixedT(language, "admin") as TFunction<"admin">;
  }
  fromSource = recordedInSource();
  actions = [...new Set([...(await dispatchedActions()), ...fromSource.found.map(({ action }) => action)])].sort();
}, 60_000);

describe("the audit log's actions in words", () => {
  it("finds the actions of every screen and every recording call", () => {
    expect(fromSource.unresolved, "actions whose variable part the test cannot list").toEqual([]);
    expect(replayFailures, "intents that did not reach their permission check").toEqual([]);
    // What the screens and calls are known to record, as a check that the search finds them at all.
    expect(actions).toEqual(
      expect.arrayContaining([
        "station.rename",
        "station.unknown",
        "channel.savePin",
        "channel.nextSpeaker",
        "console.setAudienceMicMuted",
        "console.unknown",
        "session.signIn",
        "session.signOut",
        "bulk.updateFirmware",
        "rollout.update",
        "rollout.pause",
        "restore.channelPin",
        "restore.appCustomization",
        "settings.downloadBackup",
        "customization.save",
        "token.createToken",
      ]),
    );
    expect(tables.length, "screens that dispatch their intents").toBeGreaterThanOrEqual(12);
  });

  it("gives each a sentence in English and in German, and a group of the filter", () => {
    const english = texts("en");
    const german = texts("de");
    const missing = actions.flatMap((action) => {
      const key = auditActionKey(action);
      const problems: string[] = [];
      if (!textAt(english, key)) problems.push(`${action}: no English sentence (${key})`);
      if (!textAt(german, key)) problems.push(`${action}: no German sentence (${key})`);
      if (auditActionGroup(action) === "other") problems.push(`${action}: in no group`);
      return problems;
    });
    expect(missing).toEqual([]);
    for (const action of actions) {
      expect(auditActionText(translate.en, action), action).not.toBe(action);
      expect(auditActionText(translate.de, action), action).not.toBe(auditActionText(translate.en, action));
    }
  });

  it("reads a record better where its change says which way it went", () => {
    const muted = [{ field: "muted", new: "true" }];
    expect(auditActionText(translate.en, "console.setAudienceMicMuted", muted)).toBe("Muted the audience microphone");
    expect(auditActionText(translate.de, "console.setAudienceMicMuted", [{ field: "muted", new: "false" }])).toBe(
      "Publikumsmikrofon eingeschaltet",
    );
    expect(auditActionText(translate.en, "console.setAudienceMicMuted")).toBe(
      "Muted or unmuted the audience microphone",
    );
  });

  it("shows an action it has no words for by its identifier, in a group of its own", () => {
    expect(auditActionText(translate.en, "station.renamedLongAgo")).toBe("station.renamedLongAgo");
    expect(auditActionText(translate.de, "signIn")).toBe("signIn");
    // Not a key of the words, though "station" names a group of them; hidden characters written out.
    expect(auditActionText(translate.en, "station")).toBe("station");
    expect(auditActionText(translate.en, "station.re\u202ename")).toBe("station.re\\u202ename");
    const groups = groupedAuditActions(translate.en, "en", ["signIn", "station.rename", "session.signIn"]);
    expect(groups.map(({ label, choices }) => [label, choices.map((choice) => choice.label)])).toEqual([
      ["Stations", ["Renamed the station"]],
      ["Sign-in", ["Signed in"]],
      ["Other (older records)", ["signIn"]],
    ]);
  });

  it("names fields as the screens do, and an unnamed one by its identifier", () => {
    expect(auditFieldText(translate.en, "name")).toBe("Name");
    expect(auditFieldText(translate.de, "control.ip")).toBe("Steuerungsnetzwerk: IP-Adresse");
    expect(auditFieldText(translate.en, "somethingNew")).toBe("somethingNew");
  });
});
