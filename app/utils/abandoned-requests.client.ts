// The router abandons a request when a newer one supersedes it (a revalidation, a fetcher asked
// again). turbo-stream 2.4 (Remix's single-fetch decoder, the last 2.x) then rejects a promise no
// one holds when the abort lands between the first line of a response and its end, and the
// browser reports "signal is aborted without reason" as an uncaught error. Only such aborts are
// silenced: every other rejection still reaches the console and the tests. See decision 076.
export function silenceAbandonedRequests() {
  window.addEventListener("unhandledrejection", (event) => {
    const reason: unknown = event.reason;
    if (reason instanceof DOMException && reason.name === "AbortError") event.preventDefault();
  });
}
