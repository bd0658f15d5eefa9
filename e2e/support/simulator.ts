// The simulator's test controls and its REST API, as the end-to-end tests use them to set up
// each case (a fresh default fleet per test) and to change things behind the console's back.
import { simulatorUrl, consoleUrl } from "./ports";
import { signInWithPassword } from "../../tests/support/identity";
import type { FirmwareFaultKind } from "../../simulator/firmware/faults";

/** What the simulator tells about a station's firmware updates (GET /__simulator/firmware/{serial}). */
export interface StationFirmwareTesting {
  serialNumber: string;
  fault: { kind: FirmwareFaultKind; offlineMs: number | null } | null;
  durationMs: number | null;
  /** Update calls that reached the station, accepted or not. */
  updateCalls: number;
  updatesStarted: number;
  /** The update status by name, e.g. "Downloading", "Current", "Rolledback". */
  status: string;
  currentVersion: string;
  targetVersion: string | null;
  isOnline: boolean;
}

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

async function read(path: string) {
  const response = await fetch(`${simulatorUrl}/__simulator/${path}`);
  if (!response.ok) throw new Error(`Simulator control ${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

// The simulator's access tokens live 15 minutes, and one worker may run longer than that.
const tokenLifetimeMs = 10 * 60_000;
const tokens = new Map<DemoRole, { token: Promise<string>; obtainedAt: number }>();

async function accessToken(role: DemoRole) {
  const cached = tokens.get(role);
  if (cached && Date.now() - cached.obtainedAt < tokenLifetimeMs) return cached.token;
  const token = signInWithPassword({
    issuer: `${consoleUrl}/oidc`,
    clientId: "station-console",
    clientSecret: "station-console-development-secret",
    redirectUri: `${consoleUrl}/login`,
    username: role,
    password: role,
  }).then((result) => result.accessToken);
  tokens.set(role, { token, obtainedAt: Date.now() });
  return token;
}

export const simulator = {
  url: simulatorUrl,
  state: async () => read("state") as Promise<{ hubConnections: number } & Record<string, unknown>>,
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
  /** A listener asks for the audience mic (the speaker, or the end of the queue). */
  addListener: (serialNumber: string, channelIndex: number, displayName: string) =>
    control("listeners", { serialNumber, channelIndex, displayName }),
  /** Sets a channel's listener count (every channel of the station without channelIndex). */
  setListeners: (serialNumber: string, count: number, channelIndex?: number) =>
    control(`stations/${encodeURIComponent(serialNumber)}/listeners`, { count, channelIndex }),
  /** Everyone leaves the station's channels (or one channel): listener count 0, mic queue empty. */
  removeListeners: (serialNumber: string, channelIndex?: number) =>
    control(`stations/${encodeURIComponent(serialNumber)}/listeners`, { count: 0, channelIndex }),
  /**
   * How long every firmware update takes, in simulated ms (divided by the clock speed, 20 in the
   * e2e server); null: realistic, about two minutes. Reset with the fleet.
   */
  firmwareDuration: (durationMs: number | null) => control("firmware", { durationMs }),
  /**
   * What goes wrong with the station's next firmware update; null clears it. dropsOff stays
   * away offlineMs (simulated), else a realistic while.
   */
  firmwareFault: (serialNumber: string, fault: FirmwareFaultKind | null, options: { offlineMs?: number } = {}) =>
    control(`firmware/${encodeURIComponent(serialNumber)}`, { fault, ...options }),
  /** The station's firmware test settings, its Update call count and its update status. */
  firmwareOf: (serialNumber: string) =>
    read(`firmware/${encodeURIComponent(serialNumber)}`) as Promise<StationFirmwareTesting>,
  raiseEvent: (event: { type: number; code: string; stationSerialNumber?: string; isDismissable: boolean }) =>
    control("events", event),
  changeFingerprint: (serialNumber: string) => control(`stations/${encodeURIComponent(serialNumber)}/fingerprint`),
  /** A station the Manager does not know connects and asks to be authorized (a new v2 station). */
  knock: (serialNumber: string) => control(`stations/${encodeURIComponent(serialNumber)}/knock`),
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
