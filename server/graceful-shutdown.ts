// Stopping without losing a request (issue 15): no new connections, every request in flight
// finishes within a bound, and no connection is kept open for another. Node's server.close()
// stops accepting and closes idle keep-alive connections, but a connection whose request is
// still running becomes idle only afterwards and would then linger until its keep-alive
// timeout; responses sent while stopping therefore say "Connection: close", and each finished
// request closes what has become idle.
import type { Server, ServerResponse } from "node:http";

export function trackRequests(server: Server) {
  const inFlight = new Set<ServerResponse>();
  let stopping = false;
  let drained: (() => void) | null = null;

  server.on("request", (_request, response: ServerResponse) => {
    inFlight.add(response);
    if (stopping) response.setHeader("Connection", "close");
    response.once("close", () => {
      inFlight.delete(response);
      if (!stopping) return;
      setImmediate(() => server.closeIdleConnections());
      if (inFlight.size === 0) drained?.();
    });
  });

  return {
    get inFlight() {
      return inFlight.size;
    },
    /** From now on every response closes its connection (the instance is about to stop). */
    closeConnectionsAfterResponses() {
      stopping = true;
      for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
    },
    /**
     * Stops accepting, waits for the requests in flight at most `timeoutMs`, then cuts every
     * connection still open. Resolves with whether they all finished in time.
     */
    async drain(timeoutMs: number): Promise<boolean> {
      this.closeConnectionsAfterResponses();
      server.close();
      server.closeIdleConnections();
      const finished = await new Promise<boolean>((resolve) => {
        if (inFlight.size === 0) return resolve(true);
        const timer = setTimeout(() => resolve(false), timeoutMs);
        drained = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      server.closeAllConnections();
      return finished;
    },
  };
}
