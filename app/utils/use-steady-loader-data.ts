// The route's loader data, the same object as long as its content is the same. Live updates
// revalidate the page on every push and once when the hubs open (to catch up on what was missed);
// most of those answers equal what the page shows, but arrive as new objects, and React would
// render the whole screen again for them. With the same object, a memoized screen skips that work —
// on the App view, hundreds of rows in a long task
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
import { useLoaderData } from "@remix-run/react";
import { useRef } from "react";

export function useSteadyLoaderData<T>(): ReturnType<typeof useLoaderData<T>> {
  const data = useLoaderData<T>();
  const json = JSON.stringify(data);
  const kept = useRef({ json, data });
  if (kept.current.json !== json) kept.current = { json, data };
  return kept.current.data;
}
