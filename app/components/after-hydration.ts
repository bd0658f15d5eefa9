// What the page loads once it has hydrated, in one lazy chunk: Mantine's notification stack, its
// Tooltip (with @floating-ui) and the unsaved-changes dialog (Modal, focus trap, transitions).
// None of them shows before an interaction or a message, so none is worth loading before
// hydration (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration).
// One module, not one per component: Notifications imports Mantine's package index, so this
// chunk reaches every Mantine module anyway; a second lazy entry reaching only some of them
// would make esbuild split the shared chunks every page loads into more, smaller files (about
// 1 KB gzipped more on sign-in). Import it with `import()` only, and keep it free of
// react-i18next for the same reason: its users pass the texts in.
export { Notifications } from "#mantine/notifications/Notifications.mjs";
export { Tooltip } from "#mantine/core/components/Tooltip/Tooltip.mjs";
export { UnsavedChangesDialog } from "~/components/UnsavedChangesDialog";
