// What server.ts passes to every loader and action (and entry.server) besides the request.
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
  }
  // Loader and action data typed as single fetch serializes them (data() included).
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
