// Which Remix route a path belongs to, for the request log and the duration histogram: the
// deepest route that matches, as Remix itself would match it (@remix-run/router's matchRoutes
// over the build's route tree), a `.data` request counted as its page.
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
import type { ServerBuild } from "@remix-run/node";

type Route = ServerBuild["routes"][string];

function treeOf(routes: ServerBuild["routes"], parentId: string | undefined): AgnosticRouteObject[] {
  return Object.values(routes)
    .filter((route): route is Route => route !== undefined && route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : {
            id: route.id,
            path: route.path,
            caseSensitive: route.caseSensitive,
            children: treeOf(routes, route.id),
          },
    );
}

export type RouteMatcher = (pathname: string) => string;

/** Paths remembered per matcher; past it the memory starts again (paths carry serial numbers). */
const rememberedPaths = 1000;

export function createRouteMatcher(routes: ServerBuild["routes"]): RouteMatcher {
  const tree = treeOf(routes, undefined);
  // matchRoutes flattens, ranks and compiles the whole route tree on every call: about 100 KB of
  // garbage per request on /stations (bench/notes/render-cost.md, "/stations, garbage").
  const known = new Map<string, string>();
  return (pathname) => {
    let id = known.get(pathname);
    if (id === undefined) {
      if (known.size >= rememberedPaths) known.clear();
      id = routeIdOf(tree, pathname);
      known.set(pathname, id);
    }
    return id;
  };
}

function deepestMatch(tree: AgnosticRouteObject[], pathname: string) {
  const page = pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  try {
    return matchRoutes(tree, page)?.at(-1) ?? null;
  } catch {
    return null;
  }
}

function routeIdOf(tree: AgnosticRouteObject[], pathname: string): string {
  return deepestMatch(tree, pathname)?.route.id ?? "(unmatched)";
}

export type RouteParamsMatcher = (
  pathname: string,
) => { id: string; params: Record<string, string | undefined> } | null;

/** The route a path belongs to and the params Remix gives it (not remembered: for the few requests that need them). */
export function createRouteParamsMatcher(routes: ServerBuild["routes"]): RouteParamsMatcher {
  const tree = treeOf(routes, undefined);
  return (pathname) => {
    const match = deepestMatch(tree, pathname);
    return match?.route.id ? { id: match.route.id, params: { ...match.params } } : null;
  };
}
