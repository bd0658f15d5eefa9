// The step the router has in flight — a navigation, or a fetcher submitting — where code outside
// React can read it: the fallback for a route module that failed to load
// (route-module-fallback.client.ts) runs in a browser event, not in a component.
//
// The router's own state comes first. Remix hands each new state to React inside a transition
// (v7_startTransition), and a blocked chunk fails in a few milliseconds, so the reload can come
// before React renders the navigation; what the hooks last rendered was then still "idle", the
// click was dropped and the page reloaded (a CI run of the partly-loaded walk). The router is
// Remix v2's `window.__remixRouter` (pinned release, set before hydration); should a release
// rename it, the hooks' last render is the fallback, current once React has rendered.
import { useFetchers, useNavigation, type Fetcher, type Navigation } from "@remix-run/react";

export interface RouterSteps {
  navigation: Navigation;
  /** Every fetcher (a Map's or an array's values). */
  fetchers: { values(): Iterable<Fetcher> };
}

let latest: RouterSteps | null = null;

/** The router's steps now (else as last rendered), or null before the page has hydrated. */
export function routerSteps(): RouterSteps | null {
  const router = (globalThis as { __remixRouter?: { state?: RouterSteps } }).__remixRouter;
  return router?.state ?? latest;
}

/** Rendered once, in the root's layout: keeps `routerSteps()` current. Renders nothing. */
export function RouterStepsProbe() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // During render, not in an effect: a route module can fail before an effect of this render
  // would run, and the value is the router's own state either way.
  latest = { navigation, fetchers };
  return null;
}
