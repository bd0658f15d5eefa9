// Faults a test can switch on through the test controls: slow answers, server errors, no
// internet for the Manager, every token refused, the whole Manager unreachable, or files
// answered without a name.
export interface Faults {
  latencyMs: number;
  /** How many of the next API calls answer 500; "always" until switched off. */
  failNext5xx: number | "always";
  noInternet: boolean;
  invalidToken: boolean;
  /** The Manager is unreachable: every API and hub connection is cut (the test controls stay up). */
  down: boolean;
  /** When set, injected server errors (failNext5xx) only hit API paths containing this text. */
  failPath: string | null;
  /** When set, injected server errors only hit writes (not GET): a save fails, while the page's
   *  own reads (e.g. a live catch-up racing the test) still answer. */
  failWritesOnly: boolean;
  /** File answers (QR codes, the system event download) carry no Content-Disposition: the
   *  Manager names no file, and the console must fall back to its own name for it. */
  filesWithoutName: boolean;
}

const noFaults: Faults = {
  latencyMs: 0,
  failNext5xx: 0,
  noInternet: false,
  invalidToken: false,
  down: false,
  failPath: null,
  failWritesOnly: false,
  filesWithoutName: false,
};

export class FaultInjection {
  private faults: Faults = { ...noFaults };
  /** API calls waiting out the injected latency now: a test knows a caller's request is in flight. */
  heldRequests = 0;
  /** The most held at once since the faults were last set: how many calls a caller had in flight. */
  mostHeldRequests = 0;
  /**
   * The same for the console's background jobs (calls naming one, consoleJobHeader): counted apart,
   * so a test of a page's calls in flight does not count the listening sampler's.
   */
  heldJobRequests = 0;
  mostHeldJobRequests = 0;

  get current(): Faults {
    return { ...this.faults };
  }

  update(changes: Partial<Faults>): Faults {
    this.faults = { ...this.faults, ...changes };
    this.mostHeldRequests = this.heldRequests;
    this.mostHeldJobRequests = this.heldJobRequests;
    return this.current;
  }

  reset() {
    this.faults = { ...noFaults };
  }

  /**
   * Whether this call should fail with a 500; counts one failure down. A counted failure
   * (failNext5xx: n) is meant for the call a test makes happen, so a background job's call
   * (`isJob`) never takes one; "always" fails those too.
   */
  takeServerError(path = "", method = "GET", isJob = false): boolean {
    const { failNext5xx, failPath, failWritesOnly } = this.faults;
    if (failPath && !path.includes(failPath)) return false;
    if (failWritesOnly && (method === "GET" || method === "HEAD")) return false;
    if (failNext5xx === "always") return true;
    if (failNext5xx <= 0 || isJob) return false;
    this.faults.failNext5xx = failNext5xx - 1;
    return true;
  }

  isInternetAvailable(): boolean {
    return !this.faults.noInternet;
  }
}
