// The console's way of running the simulator: identity provider "embedded", its handler mounted
// under /oidc of the console's own origin.
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { managerPaths } from "../../app/contract/paths";
import { StationListSchema } from "../../app/contract/stations";
import { defaultConsoleClient, startSimulator, type RunningSimulator } from "../../simulator/index";
import { signInWithPassword } from "../support/identity";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("embedded identity provider", () => {
  it("signs in through the console's /oidc mount and the tokens open the Manager", async () => {
    const dataDirectory = await mkdtemp(join(tmpdir(), "simulator-embedded-"));
    cleanups.push(() => rm(dataDirectory, { recursive: true, force: true }));
    let identityHandler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
    const consoleApp = express();
    consoleApp.use("/oidc", (req, res) => identityHandler(req, res));
    const consoleServer = createServer(consoleApp);
    await new Promise<void>((resolve) => consoleServer.listen(0, "127.0.0.1", resolve));
    cleanups.push(
      () =>
        new Promise((resolve) => {
          consoleServer.close(() => resolve());
          consoleServer.closeAllConnections();
        }),
    );
    const origin = `http://127.0.0.1:${(consoleServer.address() as AddressInfo).port}`;

    const simulator: RunningSimulator = await startSimulator({
      managerPort: 0,
      identity: { mode: "embedded", issuer: `${origin}/oidc` },
      dataDirectory,
      autonomous: false,
    });
    cleanups.push(() => simulator.close());
    identityHandler = simulator.identity.handler;
    expect(simulator.identityUrl).toBe(`${origin}/oidc`);
    expect(simulator.controlsUrl).toBeNull();

    const { accessToken } = await signInWithPassword({
      issuer: `${origin}/oidc`,
      clientId: defaultConsoleClient.clientId,
      clientSecret: defaultConsoleClient.clientSecret,
      redirectUri: `${origin}/login`,
      username: "owner",
      password: "owner",
    });
    const response = await fetch(`${simulator.managerUrl}${managerPaths.stations()}?take=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(StationListSchema.parse(await response.json()).visibleStationsCount).toBe(9);
  });
});
