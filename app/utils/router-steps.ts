// The step the router has in flight — a navigation, or a fetcher submitting — as Remix's public
// hooks (useNavigation, useFetchers) tell React, kept where code outside React can read it: the
// fallback for a route module that failed to load (route-module-fallback.client.ts) runs in a
// browser event, not in a component. Written while the root renders, so it is current as soon as
// React has the router's new state, before any module of the next route has been fetched.
import { useFetchers, useNavigation, type Fetcher, type Navigation } from "@remix-run/react";

export interface RouterSteps {
  navigation: Navigation;
  /** Every fetcher (a Map's or an array's values). */
  fetchers: { values(): Iterable<Fetcher> };
}

let latest: RouterSteps | null = null;

/** The router's steps as last rendered, or null before the page has hydrated. */
export function routerSteps(): RouterSteps | null {
  return latest;
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
