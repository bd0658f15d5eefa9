// The console has one UI kit, its own (app/components/ui/, docs/decisions/056-ui-kit-of-our-own.md):
// no file in app/ writes another library's internal class names, no screen imports Mantine's
// version of a component the kit has, and the copy of Mantine's markup it replaced stays gone.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const appDirectory = join(import.meta.dirname, "..", "..", "app");

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

// The module map of Mantine's deep imports for the type checker (scripts/mantine-imports.mjs) names
// every Mantine module; it imports nothing.
const sources = filesUnder(appDirectory)
  .filter((path) => /\.(tsx?|css)$/.test(path) && !path.endsWith("mantine-modules.d.ts"))
  .map((path) => ({ path: relative(appDirectory, path), text: readFileSync(path, "utf8") }));

/** The kit's own components: a screen uses these, never Mantine's. */
const replacedByTheKit = [
  "Stack",
  "Group",
  "Text",
  "Title",
  "Button",
  "ActionIcon",
  "Badge",
  "Card",
  "Paper",
  "Alert",
  "Anchor",
  "TextInput",
  "NativeSelect",
  "Textarea",
  "Checkbox",
  "Radio",
  "Switch",
  "Table",
  "Loader",
  "Progress",
  "Avatar",
  "SimpleGrid",
  "Grid",
  "Center",
  "Container",
  "Box",
  "Code",
  "List",
  "Breadcrumbs",
  "Fieldset",
  "Image",
  "Input",
  "Divider",
  "NavLink",
  "AppShell",
  "UnstyledButton",
];

/** Every module specifier a file imports or exports from. */
function specifiers(text: string) {
  return [...text.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"|import\(\s*"([^"]+)"\s*\)/g)].map(
    (match) => match[1] ?? match[2]!,
  );
}

/** The named imports of a file from one module specifier. */
function namesImported(text: string, specifier: string) {
  const escaped = specifier.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return [...text.matchAll(new RegExp(`import\\s+(?:type\\s+)?\\{([^}]*)\\}\\s+from\\s+"${escaped}"`, "g"))].flatMap(
    (match) =>
      match[1]!
        .split(",")
        .map(
          (name) =>
            name
              .trim()
              .replace(/^type\s+/, "")
              .split(/\s+as\s+/)[0]!,
        )
        .filter(Boolean),
  );
}

describe("the console's one UI kit", () => {
  it("finds the files it checks", () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.some((source) => source.path === "components/ui/ui.css")).toBe(true);
  });

  it("no file in app/ writes one of Mantine's internal class names (m_ and 8 hex digits)", () => {
    const found = sources.flatMap(({ path, text }) =>
      [...text.matchAll(/\bm_[0-9a-f]{6,8}\b/g)].map((match) => `${path}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  it("no file in app/ writes the static class names of Mantine's components (mantine-Button-root, mantine-focus-auto…)", () => {
    const found = sources.flatMap(({ path, text }) =>
      [
        ...text.matchAll(
          /\bmantine-(?:[A-Z][A-Za-z]*-[a-zA-Z]+|focus-[a-z]+|active|visible-from-[a-z]+|hidden-from-[a-z]+)\b/g,
        ),
      ].map((match) => `${path}: ${match[0]}`),
    );
    expect(found).toEqual([]);
  });

  it("no screen imports Mantine's version of a component the kit has", () => {
    const found = sources.flatMap(({ path, text }) =>
      specifiers(text)
        .filter((specifier) => specifier.startsWith("#mantine/") || specifier.startsWith("@mantine/"))
        .flatMap((specifier) => {
          const deep = /#mantine\/core\/(?:components|core)\/([A-Za-z]+)\//.exec(specifier)?.[1];
          const named = specifier === "@mantine/core" ? namesImported(text, specifier) : [];
          return [deep, ...named]
            .filter((name): name is string => name !== undefined && replacedByTheKit.includes(name))
            .map((name) => `${path}: ${name} from ${specifier}`);
        }),
    );
    expect(found).toEqual([]);
  });

  it("nothing imports the plain copies of Mantine's markup the kit replaced", () => {
    const found = sources.flatMap(({ path, text }) =>
      specifiers(text)
        .filter((specifier) => /^~\/components\/(?:plain|shell\/plain)/.test(specifier))
        .map((specifier) => `${path}: ${specifier}`),
    );
    expect(found).toEqual([]);
  });

  it("the kit's stylesheet reads Mantine's theme only through its public CSS variables", () => {
    const css = sources.find((source) => source.path === "components/ui/ui.css")!.text;
    const variables = new Set([...css.matchAll(/var\((--[a-z0-9-]+)/g)].map((match) => match[1]!));
    const foreign = [...variables].filter((name) => !name.startsWith("--ui-") && !name.startsWith("--mantine-"));
    expect(foreign).toEqual([]);
  });
});
