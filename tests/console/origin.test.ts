// The console's one notion of its origin: forwarded headers count only from a trusted proxy,
// PUBLIC_URL wins when set, and a Host that cannot be an origin gives none.
import type { IncomingMessage } from "node:http";
import express from "express";
import { describe, expect, it } from "vitest";
import { createOriginResolver, type TrustProxy } from "../../server/origin";

function request(headers: Record<string, string>, peer = "127.0.0.1", encrypted = false) {
  return { headers, socket: { remoteAddress: peer, encrypted } } as unknown as IncomingMessage;
}

/** express's own compiled "trust proxy" for a TRUST_PROXY value. */
function trustFor(setting: number | string[]): TrustProxy {
  const app = express();
  app.set("trust proxy", setting);
  return app.get("trust proxy fn") as TrustProxy;
}

const forwarded = {
  host: "console-backend.internal",
  "x-forwarded-host": "console.example",
  "x-forwarded-proto": "https",
};

describe("the console's origin", () => {
  it("is the request's own scheme and Host without a trusted proxy, whatever it forwards", () => {
    const origins = createOriginResolver({ publicUrl: null, trust: trustFor(0) });
    expect(origins.requestOrigin(request(forwarded))).toBe("http://console-backend.internal");
    expect(origins.requestOrigin(request({ host: "127.0.0.1:3000" }, "127.0.0.1", true))).toBe(
      "https://127.0.0.1:3000",
    );
  });

  it("takes X-Forwarded-Proto and -Host from a trusted proxy only", () => {
    const byAddress = createOriginResolver({ publicUrl: null, trust: trustFor(["10.0.0.5"]) });
    expect(byAddress.requestOrigin(request(forwarded, "10.0.0.5"))).toBe("https://console.example");
    expect(byAddress.requestOrigin(request(forwarded, "10.0.0.6"))).toBe("http://console-backend.internal");
    const oneHop = createOriginResolver({ publicUrl: null, trust: trustFor(1) });
    expect(
      oneHop.requestOrigin(
        request({ ...forwarded, "x-forwarded-host": "console.example, other.example" }, "192.0.2.1"),
      ),
    ).toBe("https://console.example");
  });

  it("is written as a browser writes Origin: lower case, no default port", () => {
    const origins = createOriginResolver({ publicUrl: null, trust: trustFor(0) });
    expect(origins.requestOrigin(request({ host: "Console.Example:80" }))).toBe("http://console.example");
    expect(origins.requestOrigin(request({ host: "[::1]:3000" }))).toBe("http://[::1]:3000");
  });

  it("is none for a Host or forwarded scheme that cannot name an origin", () => {
    const origins = createOriginResolver({ publicUrl: null, trust: trustFor(1) });
    for (const host of [
      "",
      "evil.example/path",
      "user@evil.example",
      "a b",
      "evil.example:99999",
      "evil.example#x",
      "evil.example\\x",
    ]) {
      expect(origins.requestOrigin(request({ host })), JSON.stringify(host)).toBeNull();
    }
    expect(origins.requestOrigin(request({ host: "console.example", "x-forwarded-proto": "javascript" }))).toBeNull();
  });

  it("expects PUBLIC_URL's origin when it is set, whatever the request says", () => {
    const origins = createOriginResolver({ publicUrl: "https://console.venue.example/", trust: trustFor(1) });
    expect(origins.expectedOrigin(request(forwarded))).toBe("https://console.venue.example");
    expect(origins.expectedOrigin(request({ host: "a b" }))).toBe("https://console.venue.example");
  });
});
