import { networkInterfaces } from "node:os";
import { describe, expect, it } from "vitest";
import { checkDestinationUrl, nextAttemptAt, retryForMs, signatureHeaders, verifySignature } from "./webhook.server";

const secret = "receiver-secret-0123456789";
const body = JSON.stringify({ type: "test", deliveryId: "5" });
const now = 1_775_044_800;

describe("signatures", () => {
  it("are made over the timestamp and the body and verify with the secret", () => {
    const headers = signatureHeaders(secret, body, now);
    expect(headers["X-Console-Timestamp"]).toBe(String(now));
    expect(headers["X-Console-Signature"]).toMatch(new RegExp(`^t=${now},v1=[0-9a-f]{64}$`));
    expect(verifySignature(secret, body, headers["X-Console-Signature"]!, now)).toBe(true);
    expect(verifySignature(secret, body, headers["X-Console-Signature"]!, now + 300)).toBe(true);
  });

  it("do not verify for another body, secret or timestamp, a stale one, or a malformed header", () => {
    const header = signatureHeaders(secret, body, now)["X-Console-Signature"]!;
    expect(verifySignature(secret, `${body} `, header, now)).toBe(false);
    expect(verifySignature("another-secret-0123456789", body, header, now)).toBe(false);
    expect(verifySignature(secret, body, header.replace(`t=${now}`, `t=${now + 1}`), now)).toBe(false);
    expect(verifySignature(secret, body, header, now + 301)).toBe(false);
    expect(verifySignature(secret, body, header, now - 301)).toBe(false);
    for (const malformed of ["", "v1=abc", `t=${now}`, `t=${now},v1=zz`, header.slice(0, -2)]) {
      expect(verifySignature(secret, body, malformed, now), malformed).toBe(false);
    }
  });

  it("accept any of several v1 values (a receiver rotating secrets sees one match)", () => {
    const header = signatureHeaders(secret, body, now)["X-Console-Signature"]!;
    const other = signatureHeaders("old-secret-0123456789", body, now)["X-Console-Signature"]!.split(",")[1];
    expect(verifySignature(secret, body, `${header},${other}`, now)).toBe(true);
  });
});

describe("the destination's address", () => {
  const resolvingTo =
    (...addresses: string[]) =>
    async () =>
      addresses;
  const publicName = resolvingTo("203.0.113.10", "2001:db8::10");

  it("is an http(s) URL without credentials", async () => {
    for (const url of [
      "ftp://hooks.example/x",
      "https://user:pass@hooks.example/x",
      "https://user@hooks.example/x",
      "hooks.example/x",
      "not a url",
      "",
    ]) {
      expect(await checkDestinationUrl(url, { allowPrivate: true, resolve: publicName }), url).toBe("invalidUrl");
    }
    expect(await checkDestinationUrl("https://hooks.example/x?a=1", { allowPrivate: false, resolve: publicName })).toBe(
      null,
    );
  });

  it("refuses loopback, private, link-local, CGNAT, unspecified and multicast addresses, written or resolved", async () => {
    const refused = [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fd12:3456::1",
      "fe80::1",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
    ];
    for (const address of refused) {
      const literal = address.includes(":") ? `[${address}]` : address;
      expect(await checkDestinationUrl(`http://${literal}/hook`, { allowPrivate: false }), address).toBe(
        "privateAddress",
      );
      expect(
        await checkDestinationUrl("https://hooks.example/hook", {
          allowPrivate: false,
          resolve: resolvingTo("203.0.113.10", address),
        }),
        `resolved to ${address}`,
      ).toBe("privateAddress");
    }
    // Numbers the URL parser reads as loopback.
    expect(await checkDestinationUrl("http://2130706433/", { allowPrivate: false })).toBe("privateAddress");
    expect(await checkDestinationUrl("http://0x7f.1/", { allowPrivate: false })).toBe("privateAddress");
  });

  it("refuses an address in a subnet of this machine's own network interfaces", async (context) => {
    const own = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && !entry.internal && entry.family === "IPv4");
    if (!own) {
      context.skip();
      return;
    }
    expect(await checkDestinationUrl(`http://${own.address}/hook`, { allowPrivate: false })).toBe("privateAddress");
  });

  it("refuses what does not resolve, even when private addresses are allowed", async () => {
    const failing = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    expect(await checkDestinationUrl("https://nowhere.example/", { allowPrivate: true, resolve: failing })).toBe(
      "unresolvable",
    );
    expect(await checkDestinationUrl("https://nowhere.example/", { allowPrivate: false, resolve: resolvingTo() })).toBe(
      "unresolvable",
    );
    expect(await checkDestinationUrl("http://10.1.2.3/hook", { allowPrivate: true })).toBe(null);
    expect(
      await checkDestinationUrl("http://intranet.example/", {
        allowPrivate: true,
        resolve: resolvingTo("192.168.1.5"),
      }),
    ).toBe(null);
  });
});

describe("retries", () => {
  const created = Date.UTC(2026, 3, 1, 12);

  it("come after the base delay, doubling after each failed attempt", () => {
    const delays: number[] = [];
    let now = created;
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const next = nextAttemptAt(created, attempt, now, 10_000)!;
      delays.push(next - now);
      now = next;
    }
    expect(delays).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it("end once the next attempt would be more than an hour after the delivery was made", () => {
    expect(nextAttemptAt(created, 9, created + retryForMs - 10_000, 5_000)).toBeNull();
    expect(nextAttemptAt(created, 1, created + retryForMs - 10_000, 10_000)).toBe(created + retryForMs);
    let attempts = 1;
    let now = created;
    for (let next = nextAttemptAt(created, 1, now, 10_000); next !== null; attempts += 1) {
      now = next;
      next = nextAttemptAt(created, attempts + 1, now, 10_000);
    }
    // 10 s, 20 s, … 1280 s: 2550 s after the first, the next would be past the hour.
    expect(attempts).toBe(9);
    expect(now - created).toBe(2_550_000);
  });
});
