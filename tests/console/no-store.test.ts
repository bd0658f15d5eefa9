// Answers of the Remix handler are never cached by default; a cacheable one varies on the cookie.
import { createServer, type Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noStoreByDefault } from "../../server/no-store";

let server: Server;
let origin: string;

beforeAll(async () => {
  const app = express();
  app.use(noStoreByDefault());
  app.get("/page", (_request, response) => response.type("html").send("<p>signed in</p>"));
  app.get("/redirect", (_request, response) => response.redirect("/login"));
  app.get("/cacheable", (_request, response) => {
    response.append("Cache-Control", "private, max-age=60");
    response.setHeader("Vary", "Accept-Encoding");
    response.send("logo");
  });
  app.get("/own-no-store", (_request, response) => {
    response.append("Cache-Control", "private, no-store");
    response.send("file");
  });
  server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => server.close());

describe("no-store by default", () => {
  it("marks pages and redirects no-store", async () => {
    for (const path of ["/page", "/redirect"]) {
      const response = await fetch(`${origin}${path}`, { redirect: "manual" });
      expect(response.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("keeps a route's own caching, and then caches one copy per cookie", async () => {
    const response = await fetch(`${origin}/cacheable`);
    expect(response.headers.get("cache-control")).toBe("private, max-age=60");
    expect(response.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    const own = await fetch(`${origin}/own-no-store`);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(own.headers.get("vary")).toBeNull();
  });
});
