// Webhook deliveries (issue 36): a JSON POST signed with the destination's secret, sent only to an
// address outside the console's own networks (unless ALERT_WEBHOOK_ALLOW_PRIVATE), answered
// within 5 s or counted as failed, and retried with a doubling delay for up to an hour.
//
// The signature: X-Console-Signature is `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`
// over the body's exact bytes. A receiver recomputes it, compares in constant time and refuses a
// timestamp more than a few minutes off (a replay); it drops a second delivery with an
// Idempotency-Key it has taken already (a retry whose answer got lost, or a new holder of the
// evaluator resending what the old one sent as it died).
//
// The address rule is checked when a destination is saved and again on every attempt: the name is
// resolved by the request's own lookup, which refuses the connection when any address it gets is
// private, so a name that resolved to a public address at save time and to an internal one later
// (DNS rebinding) reaches nothing inside.
import { createHmac, timingSafeEqual } from "node:crypto";
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { networkInterfaces } from "node:os";
import type { DueDelivery } from "~/records/alerts";
import { eventOf } from "./payload";

export const deliveryTimeoutMs = 5000;
/** How long a delivery is retried after it was made. */
export const retryForMs = 60 * 60 * 1000;
/** What is read of a receiver's answer before the connection is dropped: its status is what counts. */
const answerReadBytes = 4096;
const userAgent = "StationConsole-Alerts";

// ---------------------------------------------------------------------------------------------
// Signatures

const hmacHex = (secret: string, timestampSeconds: number, body: string) =>
  createHmac("sha256", secret).update(`${timestampSeconds}.${body}`, "utf8").digest("hex");

/** The signature headers of a body sent at `timestampSeconds` (unix seconds). */
export function signatureHeaders(secret: string, body: string, timestampSeconds: number): Record<string, string> {
  const t = Math.floor(timestampSeconds);
  return {
    "X-Console-Signature": `t=${t},v1=${hmacHex(secret, t, body)}`,
    "X-Console-Timestamp": String(t),
  };
}

/**
 * Whether an X-Console-Signature header signs `body` with `secret`, made within
 * `toleranceSeconds` of `nowSeconds`. Several v1 values are accepted (one of them must match).
 */
export function verifySignature(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(",")) {
    const [name, value = ""] = part.trim().split("=", 2);
    if (name === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (name === "v1" && /^[0-9a-f]{64}$/i.test(value)) candidates.push(value.toLowerCase());
  }
  if (timestamp === null || candidates.length === 0) return false;
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(hmacHex(secret, timestamp, body), "hex");
  return candidates
    .map((candidate) => timingSafeEqual(Buffer.from(candidate, "hex"), expected))
    .reduce((any, matches) => any || matches, false);
}

// ---------------------------------------------------------------------------------------------
// Addresses

export type DestinationRefusal = "invalidUrl" | "privateAddress" | "unresolvable";

/** Loopback, private, link-local, CGNAT, unspecified, multicast and reserved ranges. */
const privateRanges: readonly [string, number, "ipv4" | "ipv6"][] = [
  ["0.0.0.0", 8, "ipv4"],
  ["10.0.0.0", 8, "ipv4"],
  ["100.64.0.0", 10, "ipv4"],
  ["127.0.0.0", 8, "ipv4"],
  ["169.254.0.0", 16, "ipv4"],
  ["172.16.0.0", 12, "ipv4"],
  ["192.168.0.0", 16, "ipv4"],
  ["224.0.0.0", 4, "ipv4"],
  // Reserved, with the broadcast address.
  ["240.0.0.0", 4, "ipv4"],
  // Unspecified, loopback and the deprecated IPv4-compatible addresses.
  ["::", 96, "ipv6"],
  ["fc00::", 7, "ipv6"],
  ["fe80::", 10, "ipv6"],
  ["ff00::", 8, "ipv6"],
];

/**
 * The addresses refused: the ranges above and every subnet this machine has an interface in
 * (a container's network, a cloud VPC's public subnet). Read again on each check — interfaces
 * come and go. BlockList matches IPv4-mapped IPv6 addresses against the IPv4 ranges too.
 */
function refusedAddresses(): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of privateRanges) list.addSubnet(network, prefix, type);
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) {
      const [address = "", prefix = ""] = (entry.cidr ?? "").split("/");
      const version = isIP(address);
      if (version === 0 || !/^\d{1,3}$/.test(prefix)) continue;
      list.addSubnet(address, Number(prefix), version === 4 ? "ipv4" : "ipv6");
    }
  }
  return list;
}

function isRefused(address: string, refused: BlockList): boolean {
  const version = isIP(address);
  // Not an address at all: nothing to connect to that could be checked.
  if (version === 0) return true;
  return refused.check(address, version === 4 ? "ipv4" : "ipv6");
}

/** Whether an address is loopback, private, link-local, … or in one of this machine's subnets. */
export function isPrivateAddress(address: string): boolean {
  return isRefused(address, refusedAddresses());
}

/** An http(s) URL with a host and no credentials; null otherwise. */
function webUrlOf(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.hostname === "") return null;
  return url;
}

/** A URL's host as an address or a name, without an IPv6 literal's brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

export interface CheckDestinationOptions {
  /** ALERT_WEBHOOK_ALLOW_PRIVATE: private addresses are fine (the name must still resolve). */
  allowPrivate: boolean;
  /** Resolves a name to its addresses (tests); by default the system's resolver. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const systemResolve = (hostname: string) =>
  new Promise<string[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(addresses.map((entry) => entry.address));
    });
  });

/**
 * Whether webhooks may be sent to `value`: null when they may, else why not. A name is resolved
 * (within the delivery timeout) and refused when any of its addresses is private.
 */
export async function checkDestinationUrl(
  value: string,
  options: CheckDestinationOptions,
): Promise<DestinationRefusal | null> {
  const url = webUrlOf(value);
  if (!url) return "invalidUrl";
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host) !== 0) {
    addresses = [host];
  } else {
    let timer: NodeJS.Timeout | undefined;
    try {
      addresses = await Promise.race([
        (options.resolve ?? systemResolve)(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error("The name did not resolve in time")), deliveryTimeoutMs);
        }),
      ]);
    } catch {
      return "unresolvable";
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) return "unresolvable";
  if (options.allowPrivate) return null;
  const refused = refusedAddresses();
  return addresses.some((address) => isRefused(address, refused)) ? "privateAddress" : null;
}

const privateAddressCode = "ERR_ALERT_PRIVATE_ADDRESS";

/** The request's lookup: the system's, refusing the connection when any address is private. */
function guardedLookup(): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = refusedAddresses();
      if (addresses.length === 0 || addresses.some((entry) => isRefused(entry.address, refused))) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
        refusal.code = privateAddressCode;
        return callback(refusal, "", 0);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses as [LookupAddress];
      callback(null, first.address, first.family);
    });
  };
}

// ---------------------------------------------------------------------------------------------
// Delivery

export interface SendOptions {
  allowPrivate: boolean;
  /** The whole attempt — lookup, connection, answer — within this (5 s). */
  timeoutMs?: number;
  /** Ends the attempt at once (the evaluator stopping): its result says "stopped". */
  signal?: AbortSignal;
}

export interface AttemptResult {
  /** The receiver's HTTP status; null when there was none. */
  status: number | null;
  /** What went wrong without a status. */
  error: string | null;
  durationMs: number;
}

export const delivered = (result: Pick<AttemptResult, "status">) =>
  result.status !== null && result.status >= 200 && result.status < 300;

function describeError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case privateAddressCode:
      return "refused: private address";
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
    case "EAI_FAIL":
      return "unresolvable";
    case "ECONNREFUSED":
      return "connection refused";
    case "ECONNRESET":
    case "EPIPE":
      return "connection reset";
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return "unreachable";
    default:
      return `network: ${error.code ?? error.message}`.slice(0, 200);
  }
}

/** One attempt of a delivery: its stored body, signed now, with its idempotency key. */
export async function sendDelivery(delivery: DueDelivery, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const result = (status: number | null, error: string | null): AttemptResult => ({
    status,
    error: status === null ? error : null,
    durationMs: Math.round(performance.now() - started),
  });
  const url = webUrlOf(delivery.url);
  if (!url) return result(null, "refused: invalid URL");
  // An address in the URL is connected to without a lookup: checked here instead.
  const host = hostOf(url);
  if (!options.allowPrivate && isIP(host) !== 0 && isPrivateAddress(host)) {
    return result(null, "refused: private address");
  }
  if (options.signal?.aborted) return result(null, "stopped");
  const body = Buffer.from(delivery.body, "utf8");
  const headers: Record<string, string> = {
    ...signatureHeaders(delivery.secret, delivery.body, Math.floor(Date.now() / 1000)),
    "Idempotency-Key": delivery.idempotencyKey,
    "X-Console-Delivery": delivery.id,
    "X-Console-Event": eventOf(delivery.transition),
    "Content-Type": "application/json",
    "Content-Length": String(body.length),
    "User-Agent": userAgent,
  };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<AttemptResult>((resolve) => {
    let status: number | null = null;
    let settled = false;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      request.destroy();
      resolve(result(status, error));
    };
    const onAbort = () => finish("stopped");
    const timer = setTimeout(() => finish("timeout"), options.timeoutMs ?? deliveryTimeoutMs);
    let request: ClientRequest;
    try {
      request = send(
        url,
        {
          method: "POST",
          headers,
          // A connection of its own, closed after the answer: nothing pooled outlives the check of its address.
          agent: false,
          lookup: options.allowPrivate ? undefined : guardedLookup(),
        },
        (response: IncomingMessage) => {
          // The status is the answer; the body is read a little, for a receiver that writes it before closing.
          status = response.statusCode ?? null;
          let read = 0;
          response.on("data", (chunk: Buffer) => {
            read += chunk.length;
            if (read >= answerReadBytes) finish(null);
          });
          response.on("end", () => finish(null));
          response.on("error", () => finish(null));
        },
      );
    } catch (error) {
      // A header or URL Node will not send: no attempt can go out.
      clearTimeout(timer);
      resolve(result(null, `refused: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200)));
      return;
    }
    request.on("error", (error: NodeJS.ErrnoException) => finish(describeError(error)));
    options.signal?.addEventListener("abort", onAbort, { once: true });
    request.end(body);
  });
}

/**
 * When to try a delivery made at `createdAt` again after its attempt number `attempt` (1 for the
 * first) ended at `now`: `baseMs` after the first, twice as long after each next one; null when
 * that would be more than an hour after the delivery was made (it has failed).
 */
export function nextAttemptAt(createdAt: number, attempt: number, now: number, baseMs: number): number | null {
  const next = now + baseMs * 2 ** Math.max(0, attempt - 1);
  return next - createdAt > retryForMs ? null : next;
}
