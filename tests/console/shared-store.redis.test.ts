// The shared store's contract on Redis: a real redis-server, two ioredis clients as two console
// instances would have. Skipped, naming the package, only where redis-server is not installed.
import { Redis } from "ioredis";
import { describe } from "vitest";
import { createRedisStore, redisKeyPrefix } from "../../server/store/redis-store";
import { startRedisServer } from "../support/redis-server";
import { missingPrograms } from "../support/system-programs";
import { sharedStoreContract } from "./shared-store.contract";

const missing = missingPrograms("redis-server");

// vitest keeps no reason for a skipped describe: its name carries the message the reporter reads.
describe.skipIf(missing !== null)(
  missing ? `the shared store on Redis (skipped: ${missing})` : "the shared store on Redis",
  () => {
    sharedStoreContract(async () => {
      const server = await startRedisServer();
      const raw = new Redis(server.url);
      return {
        open: (secrets) => createRedisStore(server.url, { secrets }),
        rawSession: (id) => raw.get(`${redisKeyPrefix}session:${id}`),
        rawDocument: (key) => raw.getBuffer(`${redisKeyPrefix}document:${key}`),
        async stop() {
          raw.disconnect();
          await server.stop();
        },
      };
    });
  },
);
