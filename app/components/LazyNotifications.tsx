// Mantine's notification stack, loaded once the page has hydrated. It renders nothing on the server
// (its portal mounts in the browser), so the markup is the same; and its module imports Mantine's
// package index, which would otherwise pull every Mantine component into the chunk every page loads
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#after-hydration). Notifications
// shown before it arrives wait in Mantine's store and appear when it mounts. When its chunk fails
// to load, messages are shown in the page as without JavaScript (notifications-availability.ts).
import type { NotificationsProps } from "@mantine/notifications";
import { lazy, Suspense, type ComponentType } from "react";
import { markNotificationsUnavailable } from "~/components/notifications-availability";
import { useHydrated } from "~/utils/use-hydrated";

const Notifications = lazy<ComponentType<NotificationsProps>>(() =>
  import("~/components/after-hydration").then(
    (module) => ({ default: module.Notifications }),
    () => {
      markNotificationsUnavailable();
      return { default: () => null };
    },
  ),
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
