/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // zod, jose and friends ship ESM only; bundle what the server build needs of them.
  // Mantine too: the app imports its modules one by one (scripts/mantine-imports.mjs), which
  // the server build bundles, so the few parts still importing the package index must use the
  // same copy (one MantineProvider context).
  serverDependenciesToBundle: [/^remix-i18next/, /^@conform-to\//, /^@mantine\//],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    v3_lazyRouteDiscovery: true,
  },
};
