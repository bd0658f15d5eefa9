// Listening on a host and port (0: any free one), for the simulator's Manager and its standalone
// identity provider: the URL it can be reached at, and a close that also ends kept-alive sockets.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Listening {
  url: string;
  close(): Promise<void>;
}

export async function listenOn(server: Server, host: string, port: number): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port: boundPort } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(":") ? `[${host}]` : host}:${boundPort}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
