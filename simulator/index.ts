// The built-in Manager simulator: REST API and SignalR hubs on one HTTP server, over a simulated
// fleet persisted in SQLite, with the development identity provider beside it (its own port,
// or mounted by the console under its origin). docs/decisions/012-simulated-fleet.md.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { createAccessTokenVerifier, createIdentityProvider, type IdentityProvider } from "./identity";
import { createHubServer } from "./hubs";
import { createManagerApp } from "./api/app";
import { hubAuthenticator } from "./api/authentication";
import { listenOn, type Listening } from "./listen";
import { createClock } from "./clock";
import type { HistoryStation } from "./audience/history";
import { controlsPath, controlsRouter } from "./controls";
import { bridgeToHubs } from "./hub-bridge";
import { Simulation } from "./simulation";
import { openStore } from "./store/store";
import { privateDirectory } from "../lib/private-files";

export interface SimulatorOptions {
  /** Default "127.0.0.1". */
  managerHost?: string;
  /** Default 5100; 0 = ephemeral. */
  managerPort?: number;
  identity:
    | {
        mode: "standalone";
        host?: string;
        port?: number /* default 5101 */;
        /**
         * The issuer browsers and the console both use, when it is not the listening address (in a
         * container network: a name that resolves to this host for both); default http://host:port.
         */
        issuer?: string;
        /** The consoles' addresses, whose `/login` may receive sign-in codes; default: any loopback address. */
        consoleUrls?: string[];
      }
    | {
        mode: "embedded";
        /** The caller mounts identity.handler at the issuer's path, and sets X-Forwarded-Proto/-Host to the origin browsers use. */
        issuer: string;
      };
  /** Default "station-manager". */
  managerAudience?: string;
  /** Default "manager.api". */
  managerScope?: string;
  /** Default station-console with the development secret. */
  consoleClient?: { clientId: string; clientSecret: string };
  /** The SQLite file(s) live here. */
  dataDirectory: string;
  /** Default false. */
  testControls?: boolean;
  /** Clock speed factor, default 1. */
  speed?: number;
  /** The fleet's spontaneous life (listeners, events) — default true; tests turn it off. */
  autonomous?: boolean;
  /** Wipe and seed the default fleet. */
  reseed?: boolean;
  /** Seed N stations instead of the default fleet. */
  seedStations?: number;
  /** Every firmware update takes this long (simulated ms); default: realistic, about two minutes. */
  firmwareDurationMs?: number;
  /** Default 900 s; tests shorten it. */
  accessTokenTtlSeconds?: number;
  /** Default false; the multi-instance test rotates them as production providers do. */
  rotateRefreshTokens?: boolean;
}

export interface RunningSimulator {
  managerUrl: string;
  identity: IdentityProvider;
  identityUrl: string;
  controlsUrl: string | null;
  /** The authorized stations and their channels now: the venue whose past the demo seeds. */
  venue(): HistoryStation[];
  close(): Promise<void>;
}

export const defaultConsoleClient = { clientId: "station-console", clientSecret: "station-console-development-secret" };
export const defaultManagerPort = 5100;
export const defaultIdentityPort = 5101;

/** The identity provider keeps its keys and sessions apart from the Manager's data, so a reseed keeps them. */
export function identityDataDirectory(dataDirectory: string) {
  return path.join(dataDirectory, "identity");
}

/** The identity provider; standalone, it listens before it is created, so an ephemeral port can name the issuer. */
async function startIdentity(options: SimulatorOptions) {
  const providerOptions = {
    managerAudience: options.managerAudience ?? "station-manager",
    managerScope: options.managerScope ?? "manager.api",
    clients: [options.consoleClient ?? defaultConsoleClient],
    dataDirectory: identityDataDirectory(options.dataDirectory),
    ...(options.accessTokenTtlSeconds ? { accessTokenTtlSeconds: options.accessTokenTtlSeconds } : {}),
    rotateRefreshTokens: options.rotateRefreshTokens ?? false,
  };
  if (options.identity.mode === "embedded") {
    const provider = await createIdentityProvider({
      ...providerOptions,
      issuer: options.identity.issuer,
      trustProxy: true,
      // Served under the console's own origin: codes go back to the origin the browser used.
      consoleOrigins: "request",
    });
    return { provider, url: provider.issuer, close: () => provider.close() };
  }
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  const listening = await listenOn(
    server,
    options.identity.host ?? "127.0.0.1",
    options.identity.port ?? defaultIdentityPort,
  );
  const url = listening.url;
  try {
    const issuer = options.identity.issuer?.replace(/\/+$/, "") ?? url;
    const consoleUrls = options.identity.consoleUrls ?? [];
    const provider = await createIdentityProvider({
      ...providerOptions,
      issuer,
      consoleOrigins: consoleUrls.length > 0 ? consoleUrls : "loopback",
    });
    handler = provider.handler;
    return {
      provider,
      url: issuer,
      close: async () => {
        await listening.close();
        await provider.close();
      },
    };
  } catch (error) {
    await listening.close();
    throw error;
  }
}

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  privateDirectory(options.dataDirectory);
  const identity = await startIdentity(options);
  const verify = createAccessTokenVerifier({
    issuer: identity.provider.issuer,
    audience: options.managerAudience ?? "station-manager",
    jwks: identity.provider.jwks,
  });

  const simulation = new Simulation({
    store: openStore(options.dataDirectory),
    clock: createClock(options.speed ?? 1),
    autonomous: options.autonomous ?? true,
    reseed: options.reseed,
    seedStations: options.seedStations,
    firmwareDurationMs: options.firmwareDurationMs,
  });
  const hubs = createHubServer({ authenticate: hubAuthenticator(verify, simulation.faults) });
  const unbridge = bridgeToHubs(simulation.state, hubs);

  const app = createManagerApp({
    simulation,
    verify,
    hubRouter: hubs.router,
    controls: options.testControls ? controlsRouter(simulation, hubs, identity.provider) : null,
    controlsPath,
  });
  const server = createServer(app);
  server.on("upgrade", (req, socket, head) => {
    if (simulation.faults.current.down) {
      socket.destroy();
    } else if (!hubs.handleUpgrade(req, socket, head)) {
      socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    }
  });

  let listening: Listening;
  try {
    listening = await listenOn(server, options.managerHost ?? "127.0.0.1", options.managerPort ?? defaultManagerPort);
  } catch (error) {
    unbridge();
    await hubs.close();
    simulation.close();
    await identity.close();
    throw error;
  }

  const managerUrl = listening.url;
  return {
    managerUrl,
    identity: identity.provider,
    identityUrl: identity.url,
    controlsUrl: options.testControls ? `${managerUrl}${controlsPath}` : null,
    venue: () =>
      [...simulation.state.presentStations()]
        .filter((record) => record.station.authorization.isAuthorized && !record.station.authorization.isRejected)
        .map((record) => ({
          serialNumber: record.station.serialNumber,
          name: record.station.name,
          channels: record.station.audioChannels.map((channel) => ({ index: channel.index, name: channel.name })),
        })),
    async close() {
      unbridge();
      await hubs.close();
      await listening.close();
      simulation.close();
      await identity.close();
    },
  };
}

/** Wipes the simulator's data and seeds it again (npm run simulator:reseed), without starting anything. */
export function reseedSimulator(options: { dataDirectory: string; seedStations?: number }) {
  privateDirectory(options.dataDirectory);
  const simulation = new Simulation({
    store: openStore(options.dataDirectory),
    clock: createClock(),
    autonomous: false,
    reseed: true,
    seedStations: options.seedStations,
  });
  const summary = { stations: simulation.state.records.size, seed: simulation.state.meta.seed };
  simulation.close();
  return summary;
}
