// The sign-in rate limit: per client address only, with a budget a kiosk room does not reach,
// nothing the client chooses in the key, counted across the instances sharing a store.
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSignInRateLimitPerMinute } from "~/config.server";
import type { CounterStore } from "~/store/shared-store.server";
import { signInRateLimit } from "../../server/rate-limit";
import { createSqliteStore } from "../../server/store/sqlite-store";

let clock = 0;
const servers: Server[] = [];

const newCounters = () => createSqliteStore(":memory:", { secrets: ["s".repeat(32)] }).counters;

/** A server behind one trusted proxy on loopback, so tests name client addresses in X-Forwarded-For. */
async function limitedServer(limitPerMinute: number, counters: CounterStore = newCounters()) {
  const app = express();
  app.set("trust proxy", "loopback");
  app.use(signInRateLimit({ limitPerMinute, counters, now: () => clock }));
  app.all("*", (_request, response) => response.send("ok"));
  const server = createServer(app);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

let url: string;

beforeAll(async () => {
  url = await limitedServer(5);
});

afterAll(() => {
  for (const server of servers) server.close();
});

function startSignIn(base: string, address: string, headers: Record<string, string> = {}) {
  return fetch(`${base}/login`, { method: "POST", headers: { "x-forwarded-for": address, ...headers } });
}

/** The four counted requests of one sign-in, as one kiosk makes them. */
async function signIn(base: string, address: string, kiosk: number) {
  const headers = { "x-forwarded-for": address, "user-agent": `Kiosk/1.0 (${kiosk})` };
  const statuses = [];
  statuses.push((await fetch(`${base}/login`, { headers })).status);
  statuses.push((await fetch(`${base}/login`, { method: "POST", headers })).status);
  statuses.push((await fetch(`${base}/oidc/auth?client_id=station-console`, { headers })).status);
  statuses.push((await fetch(`${base}/oidc/interaction/abc`, { headers })).status);
  statuses.push((await fetch(`${base}/oidc/interaction/abc`, { method: "POST", headers })).status);
  statuses.push((await fetch(`${base}/oidc/auth/abc`, { headers })).status);
  statuses.push((await fetch(`${base}/login?code=c&state=s`, { headers })).status);
  statuses.push((await fetch(`${base}/dashboard`, { headers })).status);
  return statuses;
}

describe("the sign-in rate limit", () => {
  it("answers 429 with Retry-After and a sentence in the reader's language once an address is over the limit", async () => {
    clock = 0;
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await startSignIn(url, "198.51.100.1")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await startSignIn(url, "198.51.100.1");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/Too many sign-in attempts/);
    const german = await startSignIn(url, "198.51.100.1", { "accept-language": "de-DE,de;q=0.9" });
    expect(await german.text()).toMatch(/Zu viele Anmeldeversuche/);
  });

  it("is not walked around by rotating User-Agent, Accept-Language or a made-up left-most X-Forwarded-For", async () => {
    clock = 0;
    const statuses = [];
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const response = await startSignIn(url, `10.${attempt}.0.1, 198.51.100.2`, {
        "user-agent": `Browser/${attempt}`,
        "accept-language": ["en", "de", "fr", "it"][attempt % 4]!,
      });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
  });

  it("keeps other addresses apart, and lets the address in again as the minute passes", async () => {
    clock = 0;
    for (let attempt = 0; attempt < 6; attempt += 1) await startSignIn(url, "198.51.100.3");
    expect((await startSignIn(url, "198.51.100.3")).status).toBe(429);
    expect((await startSignIn(url, "198.51.100.4")).status).toBe(200);
    clock = 2 * 60_000;
    expect((await startSignIn(url, "198.51.100.3")).status).toBe(200);
  });

  it("does not count the pages in between: landing page, the provider's own steps, the console's pages", async () => {
    clock = 0;
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect((await fetch(`${url}/login`, { headers: { "x-forwarded-for": "198.51.100.5" } })).status).toBe(200);
      expect(
        (await fetch(`${url}/oidc/interaction/abc`, { headers: { "x-forwarded-for": "198.51.100.5" } })).status,
      ).toBe(200);
    }
    expect((await startSignIn(url, "198.51.100.5")).status).toBe(200);
  });

  it("lets a room of 30 kiosks behind one address sign in within a minute at the default budget", async () => {
    clock = 0;
    const room = await limitedServer(defaultSignInRateLimitPerMinute);
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, kiosk) => signIn(room, "192.0.2.10", kiosk)));
    expect(statuses.flat().every((status) => status === 200)).toBe(true);
  });

  it("counts an address's attempts on every instance that shares the store", async () => {
    clock = 0;
    const counters = newCounters();
    const [first, second] = [await limitedServer(4, counters), await limitedServer(4, counters)];
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await startSignIn(first, "198.51.100.6")).status);
      statuses.push((await startSignIn(second, "198.51.100.6")).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
  });
});
