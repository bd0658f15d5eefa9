// With MANAGER_URL unset the console runs the built-in Manager simulator in-process, and serves
// its development identity provider under /oidc of the console's own origin, so a browser on
// another machine signs in through the address it already uses.
import type { ConsoleConfig } from "../app/config.server";
import { developmentClient, managerApiScope } from "../app/config.server";
import { startSimulator, type RunningSimulator } from "../simulator/index";

export const identityMountPath = "/oidc";

export async function startEmbeddedSimulator(config: ConsoleConfig, internalOrigin: string): Promise<RunningSimulator> {
  return startSimulator({
    managerHost: "127.0.0.1",
    managerPort: config.simulator.port,
    identity: { mode: "embedded", issuer: `${internalOrigin}${identityMountPath}` },
    managerScope: managerApiScope,
    consoleClient: developmentClient,
    dataDirectory: `${config.dataDirectory}/simulator`,
    testControls: config.simulator.testControls,
    speed: config.simulator.speed,
    autonomous: config.simulator.autonomous,
    firmwareDurationMs: config.simulator.firmwareDurationMs ?? undefined,
    reseed: config.simulator.reseed,
    seedStations: config.simulator.stations ?? undefined,
  });
}
