import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { IdentityProvider } from "./provider";

/** Standalone mode: the provider on its own port; the issuer should name this host and port. */
export async function listenIdentityProvider(
  provider: IdentityProvider,
  host: string,
  port: number,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(provider.handler);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${urlHost}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
