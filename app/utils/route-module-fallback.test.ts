import type { Router } from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { pendingStep } from "~/utils/route-module-fallback.client";

type State = Router["state"];
const idle = { state: "idle" } as State["navigation"];
const at = (pathname: string, search = "", hash = "") => ({ pathname, search, hash, state: null, key: "k" });

function routerState(navigation: Partial<State["navigation"]>, fetchers: [string, object][] = []): State {
  return { navigation: { ...idle, ...navigation }, fetchers: new Map(fetchers) } as unknown as State;
}

describe("the step a failed route module interrupted", () => {
  it("is the page a link or a GET form was going to", () => {
    expect(pendingStep(routerState({ state: "loading", location: at("/stations", "?q=hall", "#list") }))).toEqual({
      kind: "visit",
      href: "/stations?q=hall#list",
    });
    expect(
      pendingStep(
        routerState({
          state: "loading",
          location: at("/stations", "?q=x"),
          formMethod: "GET",
          formData: new FormData(),
        }),
      ),
    ).toEqual({ kind: "visit", href: "/stations?q=x" });
  });

  it("is a POST form with its fields, action and encoding", () => {
    const formData = new FormData();
    formData.set("intent", "rename");
    const step = pendingStep(
      routerState({
        state: "submitting",
        location: at("/stations/MCS-0042"),
        formMethod: "POST",
        formAction: "/stations/MCS-0042?index",
        formEncType: "application/x-www-form-urlencoded",
        formData,
      }),
    );
    expect(step).toMatchObject({ kind: "submit", action: "/stations/MCS-0042?index", method: "POST" });
    expect(step?.kind === "submit" && step.formData.get("intent")).toBe("rename");
  });

  it("is the one submitting fetcher when no navigation is in flight, and nothing when it is not clear which", () => {
    const formData = new FormData();
    const fetcher = { state: "submitting", formMethod: "POST", formAction: "/preferences", formData };
    expect(pendingStep(routerState({}, [["a", fetcher]]))).toMatchObject({ kind: "submit", action: "/preferences" });
    expect(
      pendingStep(
        routerState({}, [
          ["a", fetcher],
          ["b", fetcher],
        ]),
      ),
    ).toBeNull();
    expect(pendingStep(routerState({}, [["a", { state: "idle" }]]))).toBeNull();
  });
});
