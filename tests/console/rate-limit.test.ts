// The sign-in rate limit slows one noisy client without locking out a kiosk room on one IP.
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInRateLimit } from "../../server/rate-limit";

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use("/login", signInRateLimit(5));
  app.get("/login", (_request, response) => response.send("ok"));
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/login`;
});

afterAll(() => server.close());

const kiosk = (number: number) => ({ "user-agent": `KioskBrowser/1.0 (kiosk ${number})` });

describe("the sign-in rate limit", () => {
  it("answers 429 with Retry-After once one client goes over the limit", async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 7; attempt += 1) statuses.push((await fetch(url, { headers: kiosk(0) })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const refused = await fetch(url, { headers: kiosk(0) });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(await refused.text()).toMatch(/Too many sign-in attempts/);
  });

  it("lets a room of 30 kiosks behind one address sign in", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, async (_, number) => {
        const results = [];
        for (let attempt = 0; attempt < 4; attempt += 1) results.push((await fetch(url, { headers: kiosk(number + 1) })).status);
        return results;
      }),
    );
    expect(statuses.flat().every((status) => status === 200)).toBe(true);
  });
});
