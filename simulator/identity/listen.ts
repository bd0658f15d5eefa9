import { createServer } from "node:http";
import { listenOn, type Listening } from "../listen";
import type { IdentityProvider } from "./provider";

/** Standalone mode: the provider on its own port; the issuer should name this host and port. */
export function listenIdentityProvider(provider: IdentityProvider, host: string, port: number): Promise<Listening> {
  return listenOn(createServer(provider.handler), host, port);
}
