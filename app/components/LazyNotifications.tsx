// Mantine's notification stack, loaded once the page has hydrated. It renders nothing on the
// server (its portal mounts in the browser), so the markup is the same; and its module imports
// Mantine's package index, which would otherwise pull every Mantine component into the chunk
// every page loads (docs/decisions/047-javascript-before-hydration.md). Notifications shown
// before it arrives wait in Mantine's store and appear when it mounts.
import { lazy, Suspense } from "react";
import { useHydrated } from "~/utils/use-hydrated";

const Notifications = lazy(() =>
  import("#mantine/notifications/Notifications.mjs").then((module) => ({ default: module.Notifications })),
);

export function LazyNotifications() {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={6000} limit={5} />
    </Suspense>
  );
}
