// @tabler/icons-react types only its index; each icon's own module (app/components/icons.ts)
// exports the same component as its default.
declare module "@tabler/icons-react/dist/esm/icons/*.mjs" {
  // eslint-disable-next-line no-restricted-imports -- a type: erased, it loads nothing
  import type { TablerIcon } from "@tabler/icons-react";
  const icon: TablerIcon;
  export default icon;
}
