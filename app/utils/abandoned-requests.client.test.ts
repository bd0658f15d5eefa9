import { afterEach, expect, test, vi } from "vitest";
import { silenceAbandonedRequests } from "./abandoned-requests.client";

afterEach(() => vi.unstubAllGlobals());

function rejection(reason: unknown) {
  const event = new Event("unhandledrejection", { cancelable: true });
  Object.assign(event, { reason });
  return event;
}

test("an abandoned request's abort is not reported; any other rejection is", () => {
  const page = new EventTarget();
  vi.stubGlobal("window", page);
  silenceAbandonedRequests();

  const controller = new AbortController();
  controller.abort();
  const abort = rejection(controller.signal.reason);
  page.dispatchEvent(abort);
  expect(abort.defaultPrevented).toBe(true);

  const failure = rejection(new Error("the loader broke"));
  page.dispatchEvent(failure);
  expect(failure.defaultPrevented).toBe(false);

  const otherDomError = rejection(new DOMException("quota", "QuotaExceededError"));
  page.dispatchEvent(otherDomError);
  expect(otherDomError.defaultPrevented).toBe(false);
});
