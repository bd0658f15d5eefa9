// ESLint (flat config): the recommended rules of JavaScript, TypeScript, React's hooks and
// jsx-a11y, and the layers of the code as import rules (docs/decisions/015-one-home-per-screen.md).
import js from "@eslint/js";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** Imports a layer may not use, as regular expressions on the specifier, each with its reason. */
function forbid(...rules) {
  return {
    "no-restricted-imports": ["error", { patterns: rules.map(([regex, message]) => ({ regex, message })) }],
  };
}

const serverModule = ["\\.server(\\.tsx?)?$", "Server-only code stays out of what the browser loads."];
const simulator = ["(^|/)simulator(/|$)", "The console never depends on its simulator."];
const iconIndex = [
  "^@tabler/icons-react$",
  "Import icons from ~/components/icons: the package's index loads all ~6,000 icons on the server.",
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      "public/build/",
      "node_modules/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      ".cache/",
      "data/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      "@typescript-eslint/consistent-type-imports": [
        "error",
        { fixStyle: "inline-type-imports", disallowTypeAnnotations: false },
      ],
    },
  },
  {
    files: ["app/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, "react-hooks": reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // The classic hook rules; the React Compiler's rules are for code it compiles, and this
      // code base does not use it.
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.ts", "app/**/*.tsx"],
    rules: {
      ...forbid(simulator, iconIndex),
      // Remix's router object is its private state: the app reads the router through its public
      // hooks (useNavigation, useRevalidator, useFetchers, useMatches; issue 33).
      "no-restricted-properties": [
        "error",
        { object: "window", property: "__remixRouter", message: "Read the router through Remix's public hooks." },
      ],
      "no-restricted-globals": [
        "error",
        { name: "__remixRouter", message: "Read the router through Remix's public hooks." },
      ],
    },
  },
  {
    // Mantine's index makes every route's chunks carry every Mantine component any route uses.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/mantine-modules.d.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: ["@mantine/core", "@mantine/notifications"].map((name) => ({
            name,
            allowTypeImports: true,
            message: "Import Mantine module by module: run `node scripts/mantine-imports.mjs` (decision 047).",
          })),
        },
      ],
    },
  },
  {
    // The Manager's wire contract: shared by the console and the simulator, depending on nothing.
    files: ["app/contract/**"],
    rules: forbid(["^(~|\\.\\.)/", "The contract depends on nothing but zod and itself."]),
  },
  {
    // Domain rules: pure, on the contract's shapes.
    files: ["app/domain/**"],
    ignores: ["**/*.test.ts"],
    rules: forbid(
      ["^~/(?!domain/|contract/)", "Domain rules use only the contract and other domain rules."],
      ["^\\.\\./"],
    ),
  },
  {
    // The Manager client: transport and typed calls; what a failure means for the user is the routes'.
    files: ["app/manager/**"],
    rules: forbid(
      ["^~/(?!manager/|contract/|domain/)", "The Manager client is transport and typed calls only."],
      ["^\\.\\./", "The Manager client is transport and typed calls only."],
    ),
  },
  {
    // UI shared by several screens: what it shows comes from the route, never from the Manager.
    files: ["app/components/**"],
    rules: forbid(
      ["^~/manager/", "Components get their data from the route, never from the Manager."],
      ["^~/routes/", "A screen's parts live in its folder; shared UI does not reach into one."],
      serverModule,
      simulator,
      iconIndex,
    ),
  },
  {
    // The simulator speaks the Manager's contract and applies the spec's domain rules; nothing else of the console.
    files: ["simulator/**"],
    rules: forbid(["(^|/)app/(?!contract/|domain/)", "The simulator imports only app/contract and app/domain."]),
  },
  {
    // Node helpers shared by the console's server and the simulator.
    files: ["lib/**"],
    rules: forbid(["(^|/)(app|simulator|server)/", "lib/ depends on nothing of the console or the simulator."]),
  },
);
