// The shared store on Redis (7 or Valkey), when REDIS_URL is set: every instance of the console
// sees the same sessions, locks, counters and submission ids. Keys carry a prefix and expire
// with what they hold (a session at its expiry, a lock at its lease). Checks-and-changes are
// single commands or short Lua scripts, which Redis runs alone; session data stays sealed, so
// a session change compares the sealed text it read (sealed-sessions.ts).
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import type { SharedStore, SharedStoreOptions, SubmissionEntry } from "../../app/store/shared-store.server";
import { sealedDocuments } from "./sealed-documents";
import { sealedSessions } from "./sealed-sessions";

export const redisKeyPrefix = "station-console:";
const pingTimeoutMs = 1000;

/** Sets KEYS[1] to ARGV[2] only while it holds ARGV[1]; ARGV[3] a lifetime in ms, or "" to keep it. */
const replaceIfScript = `
if redis.call("GET", KEYS[1]) ~= ARGV[1] then return 0 end
if ARGV[3] == "" then redis.call("SET", KEYS[1], ARGV[2], "KEEPTTL")
else redis.call("SET", KEYS[1], ARGV[2], "PX", ARGV[3]) end
return 1`;

/** Deletes KEYS[1] only while it holds ARGV[1]. */
const deleteIfScript = `
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end
return 0`;

const renewIfScript = `
if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("PEXPIRE", KEYS[1], ARGV[2]) end
return 0`;

/** Claims a submission unless one is pending or succeeded: returns what is there, or nil. */
const claimScript = `
local current = redis.call("GET", KEYS[1])
if current and cjson.decode(current).state ~= "failed" then return current end
redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
return false`;

/** Takes back one count, never bringing back an expired key. */
const takeBackScript = `
if redis.call("EXISTS", KEYS[1]) == 1 then return redis.call("DECR", KEYS[1]) end
return 0`;

const pendingEntry = (owner: string) => JSON.stringify({ state: "pending", owner });

function entryOf(text: string | null): SubmissionEntry | null {
  if (text === null) return null;
  const entry = JSON.parse(text) as SubmissionEntry & { owner?: string };
  return entry.state === "pending" ? { state: "pending" } : { state: entry.state, outcome: entry.outcome };
}

/** How long a command may wait for its answer (or, while Redis is away, for a reconnect). */
const commandTimeoutMs = 1500;

/**
 * The store's operations, refused at once while Redis is known to be away: a page then answers
 * "briefly unavailable" within moments instead of waiting for each of its commands to time out
 * (issue 28, item 7). Known away: the connection is not ready and its last attempt failed.
 */
function failFastWhile<T extends object>(isAway: () => string | null, operations: T): T {
  const guarded = {} as T;
  for (const [name, operation] of Object.entries(operations) as [keyof T, unknown][]) {
    guarded[name] = (
      typeof operation === "function"
        ? (...args: unknown[]) => {
            const away = isAway();
            if (away) return Promise.reject(new Error(`Redis is unavailable: ${away}`));
            return (operation as (...args: unknown[]) => unknown).apply(operations, args);
          }
        : operation
    ) as T[keyof T];
  }
  return guarded;
}

export function createRedisStore(url: string, options: SharedStoreOptions): SharedStore {
  const client = new Redis(url, {
    keyPrefix: redisKeyPrefix,
    // A request waits for a reconnect a little, then fails instead of hanging.
    maxRetriesPerRequest: 3,
    commandTimeout: commandTimeoutMs,
  });
  let lastError = "";
  client.on("error", (error: Error) => {
    // ioredis reconnects on its own; say so once per kind of failure, not on every retry.
    if (error.message === lastError) return;
    lastError = error.message;
    console.error(`Redis (shared state): ${error.message}`);
  });
  client.on("ready", () => (lastError = ""));
  const away = () => (client.status !== "ready" && lastError !== "" ? lastError : null);

  const run = (script: string, key: string, ...args: (string | number)[]) =>
    client.eval(script, 1, key, ...args) as Promise<unknown>;
  const sessionKey = (id: string) => `session:${id}`;
  const counterKey = (key: string, window: number) => `counter:${key}:${window}`;
  const submissionKey = (id: string) => `submission:${id}`;
  const lockKey = (name: string) => `lock:${name}`;
  const selectionKey = (id: string) => `selection:${id}`;
  const documentKey = (key: string) => `document:${key}`;

  const store: SharedStore = {
    kind: "redis",
    sessions: sealedSessions(
      {
        get: (id) => client.get(sessionKey(id)),
        async put(id, text, expiresAt) {
          if (expiresAt.getTime() <= Date.now()) await client.del(sessionKey(id));
          else await client.set(sessionKey(id), text, "PXAT", expiresAt.getTime());
        },
        async swap(id, expected, text) {
          return (await run(replaceIfScript, sessionKey(id), expected, text, "")) === 1;
        },
        async delete(id) {
          await client.del(sessionKey(id));
        },
      },
      options.secrets,
    ),
    locks: {
      async acquire(name, leaseMs) {
        const token = randomBytes(16).toString("base64url");
        return (await client.set(lockKey(name), token, "PX", leaseMs, "NX")) === "OK" ? token : null;
      },
      async renew(name, token, leaseMs) {
        return (await run(renewIfScript, lockKey(name), token, leaseMs)) === 1;
      },
      async release(name, token) {
        await run(deleteIfScript, lockKey(name), token);
      },
    },
    counters: {
      async add(key, window, keepMs) {
        const replies = await client
          .multi()
          .incr(counterKey(key, window))
          .pexpire(counterKey(key, window), keepMs)
          .get(counterKey(key, window - 1))
          .exec();
        if (!replies) throw new Error("Redis dropped the counter transaction");
        for (const [error] of replies) if (error) throw error;
        return { current: Number(replies[0]![1]), previous: Number(replies[2]![1] ?? 0) };
      },
      async takeBack(key, window) {
        await run(takeBackScript, counterKey(key, window));
      },
    },
    submissions: {
      async claim(id, owner, leaseMs) {
        return entryOf((await run(claimScript, submissionKey(id), pendingEntry(owner), leaseMs)) as string | null);
      },
      async read(id) {
        return entryOf(await client.get(submissionKey(id)));
      },
      async settle(id, owner, entry, keepMs) {
        const settled = JSON.stringify({ state: entry.state, outcome: entry.outcome ?? null });
        await run(replaceIfScript, submissionKey(id), pendingEntry(owner), settled, keepMs);
      },
      async release(id, owner) {
        await run(deleteIfScript, submissionKey(id), pendingEntry(owner));
      },
    },
    selections: {
      members: (id) => client.smembers(selectionKey(id)),
      async change(id, { clear = false, add = [], remove = [] }, keepMs) {
        const key = selectionKey(id);
        const transaction = client.multi();
        if (clear) transaction.del(key);
        if (remove.length > 0) transaction.srem(key, ...remove);
        if (add.length > 0) transaction.sadd(key, ...add);
        const replies = await transaction.pexpire(key, keepMs).scard(key).exec();
        if (!replies) throw new Error("Redis dropped the selection transaction");
        for (const [error] of replies) if (error) throw error;
        return Number(replies.at(-1)![1]);
      },
    },
    documents: sealedDocuments(
      {
        async get(key) {
          const bytes = await client.getBuffer(documentKey(key));
          return bytes === null ? null : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        },
        async put(key, parts, expiresAt) {
          if (expiresAt.getTime() <= Date.now()) await client.del(documentKey(key));
          else await client.set(documentKey(key), Buffer.concat(parts), "PXAT", expiresAt.getTime());
        },
        async delete(key) {
          await client.del(documentKey(key));
        },
      },
      options.secrets,
    ),
    async ping() {
      // While Redis is away commands wait for a reconnect; readiness wants an answer now.
      const timeout = new Promise<string>((resolve) => setTimeout(resolve, pingTimeoutMs, "timeout").unref());
      return (await Promise.race([client.ping().catch(() => "failed"), timeout])) === "PONG";
    },
    async close() {
      await client.quit().catch(() => client.disconnect());
    },
  };
  return {
    ...store,
    sessions: failFastWhile(away, store.sessions),
    locks: failFastWhile(away, store.locks),
    counters: failFastWhile(away, store.counters),
    submissions: failFastWhile(away, store.submissions),
    selections: failFastWhile(away, store.selections),
    documents: failFastWhile(away, store.documents),
  };
}
