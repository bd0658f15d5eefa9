import { createServer, type Server } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createReadiness, managerAnswers } from "../../server/readiness";

describe("readiness (GET /readyz)", () => {
  it("is ready when every check resolves, and names each one that fails", async () => {
    const ok = async () => undefined;
    const down = async () => Promise.reject(new Error("down"));
    expect(await createReadiness({ checks: { "session store": ok, Manager: ok } }).check()).toEqual({ ready: true });
    expect(await createReadiness({ checks: { "session store": ok, Manager: down } }).check()).toEqual({
      ready: false,
      reason: "Manager unavailable",
    });
    expect(await createReadiness({ checks: { "session store": down, Manager: down } }).check()).toEqual({
      ready: false,
      reason: "session store, Manager unavailable",
    });
  });

  it("reuses an answer for a moment, and shares one round of checks between concurrent polls", async () => {
    let now = 0;
    let rounds = 0;
    let managerUp = true;
    const readiness = createReadiness({
      checks: {
        Manager: async () => {
          rounds += 1;
          if (!managerUp) throw new Error("down");
        },
      },
      cacheMs: 1000,
      now: () => now,
    });
    await Promise.all([readiness.check(), readiness.check(), readiness.check()]);
    expect(rounds).toBe(1);
    managerUp = false;
    now = 999;
    expect(await readiness.check()).toEqual({ ready: true });
    now = 1000;
    expect(await readiness.check()).toEqual({ ready: false, reason: "Manager unavailable" });
    expect(rounds).toBe(2);
  });
});

describe("whether the Manager answers", () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function managerAnswering(status: number) {
    server = createServer((_request, response) => response.writeHead(status).end("{}"));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  }

  it("counts any answer below 500 — a 401 or 404 comes from a running Manager", async () => {
    await expect(managerAnswers(await managerAnswering(404), 2000)).resolves.toBeUndefined();
  });

  it("fails on a 5xx (a proxy without its Manager) and on a refused connection", async () => {
    await expect(managerAnswers(await managerAnswering(502), 2000)).rejects.toThrow("502");
    const url = await managerAnswering(200);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
    await expect(managerAnswers(url, 2000)).rejects.toThrow();
  });
});
