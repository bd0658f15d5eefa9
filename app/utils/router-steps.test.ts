import { afterEach, describe, expect, it } from "vitest";
import { pendingStep } from "~/utils/route-module-fallback.client";
import { routerSteps } from "~/utils/router-steps";

const globals = globalThis as { __remixRouter?: unknown };

afterEach(() => {
  delete globals.__remixRouter;
});

describe("the router's steps", () => {
  it("are the router's own state, before React has rendered the navigation", () => {
    const location = { pathname: "/stations/MCS-0042", search: "", hash: "", state: null, key: "k" };
    globals.__remixRouter = { state: { navigation: { state: "loading", location }, fetchers: new Map() } };
    const steps = routerSteps();
    expect(steps && pendingStep(steps)).toEqual({ kind: "visit", href: "/stations/MCS-0042" });
  });

  it("are unknown before the page has hydrated", () => {
    expect(routerSteps()).toBeNull();
  });
});
