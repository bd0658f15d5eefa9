// What server.ts passes to every loader and action (and entry.server) besides the request.
declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce: string;
  }
}

export {};
