// Work a page can do after it has become usable: the browser runs it once hydration's tasks are
// done and nothing more urgent waits, at the latest after `timeoutMs` — so it does not add to the
// long tasks that keep a kiosk from answering its first tap
// (docs/decisions/047-performance-budget-and-upgrade-checklist.md#live-updates-after-load).
export function whenIdle(callback: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Browsers without it (Safari before 18): the next task, after the current one.
  const handle = setTimeout(callback, 1);
  return () => clearTimeout(handle);
}

/** `whenIdle` as a promise. */
export const idle = (timeoutMs?: number) => new Promise<void>((resolve) => whenIdle(resolve, timeoutMs));
