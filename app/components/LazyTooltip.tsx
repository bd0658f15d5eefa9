// Mantine's Tooltip (with arrow), loaded after hydration (after-hydration.ts). Tooltip positions
// itself with @floating-ui (about 19 KB gzipped with its Popover parts), which every signed-in page
// would otherwise load before hydration for the shell's reconnecting spinner — a spinner that only
// ever shows after hydration, when a live connection drops
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration). Until the chunk
// arrives, and if it fails to load, the child renders alone: it carries its own accessible name,
// the tooltip only repeats it for sighted pointer users. Render it after hydration only (it
// suspends on the server).
import { lazy, Suspense, type ComponentType, type ReactElement, type ReactNode } from "react";

interface TooltipProps {
  label: ReactNode;
  withArrow?: boolean;
  children: ReactElement;
}

const Tooltip = lazy<ComponentType<TooltipProps>>(() =>
  import("~/components/after-hydration").then(
    (module) => ({ default: module.Tooltip as ComponentType<TooltipProps> }),
    () => ({ default: ({ children }: TooltipProps) => children }),
  ),
);

export function LazyTooltip({ label, children }: { label: ReactNode; children: ReactElement }) {
  return (
    <Suspense fallback={children}>
      <Tooltip label={label} withArrow>
        {children}
      </Tooltip>
    </Suspense>
  );
}
