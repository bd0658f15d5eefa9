// The simulator's test controls and its REST API, as the end-to-end tests use them to set up
// each case (a fresh default fleet per test) and to change things behind the console's back.
import { simulatorUrl, consoleUrl } from "./ports";
import { signInWithPassword } from "../../tests/support/identity";

export type DemoRole = "admin" | "owner" | "moderator";

async function control(path: string, body: unknown = {}) {
  const response = await fetch(`${simulatorUrl}/__simulator/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`Simulator control ${path} answered ${response.status}: ${await response.text()}`);
  return response.headers.get("content-type")?.includes("json") ? response.json() : null;
}

const tokens = new Map<DemoRole, Promise<string>>();

async function accessToken(role: DemoRole) {
  let token = tokens.get(role);
  if (!token) {
    token = signInWithPassword({
      issuer: `${consoleUrl}/oidc`,
      clientId: "station-console",
      clientSecret: "station-console-development-secret",
      redirectUri: `${consoleUrl}/login`,
      username: role,
      password: role,
    }).then((result) => result.accessToken);
    tokens.set(role, token);
  }
  return token;
}

export const simulator = {
  url: simulatorUrl,
  state: async () =>
    (await fetch(`${simulatorUrl}/__simulator/state`)).json() as Promise<
      { hubConnections: number } & Record<string, unknown>
    >,
  reset: () => control("seed", { reset: true }),
  /** The default fleet plus generated stations, N in all. */
  seed: (stations: number) => control("seed", { stations }),
  /** How fast simulated processes (reboots, updates, mode changes) run; the e2e server starts at 20. */
  clock: (speed: number) => control("clock", { speed }),
  faults: (faults: Record<string, unknown>) => control("faults", faults),
  clearFaults: () =>
    control("faults", {
      latencyMs: 0,
      failNext5xx: 0,
      noInternet: false,
      invalidToken: false,
      down: false,
      failPath: null,
      failWritesOnly: false,
      filesWithoutName: false,
    }),
  hubs: (action: "drop" | "down" | "up") => control("hubs", { action }),
  addListener: (serialNumber: string, channelIndex: number, displayName: string) =>
    control("listeners", { serialNumber, channelIndex, displayName }),
  raiseEvent: (event: { type: number; code: string; stationSerialNumber?: string; isDismissable: boolean }) =>
    control("events", event),
  changeFingerprint: (serialNumber: string) => control(`stations/${encodeURIComponent(serialNumber)}/fingerprint`),
  /** A call to the Manager's REST API as a demo user, e.g. to change something behind the console's back. */
  async api(role: DemoRole, method: string, path: string, body?: unknown) {
    const response = await fetch(`${simulatorUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${await accessToken(role)}`,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.headers.get("content-type")?.includes("json") ? response.json() : null;
  },
};
