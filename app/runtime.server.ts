// What the server process resolved at start-up and hands to the Remix build: the validated
// configuration plus the addresses that only exist once the process runs (the embedded
// simulator's Manager URL, the development identity provider's internal issuer).
import type { ConsoleConfig } from "~/config.server";
import type { RecordsStore } from "~/records/durable-store";
import type { DurableWrites } from "~/records/durable-writes";
import type { SharedStore } from "~/store/shared-store.server";
import { unavailableAsErrorPage } from "~/store/unavailable.server";

export interface ConsoleRuntime {
  config: ConsoleConfig;
  managerUrl: string;
  sessionSecrets: string[];
  /** Sessions, locks, counters and submission ids, shared with the other instances. */
  store: SharedStore;
  /**
   * The audit log, the rollout history and the listening history (SQLite, or PostgreSQL with
   * DATABASE_URL); none in some unit tests.
   */
  records?: RecordsStore;
  /**
   * How records are kept: the database, or the spool while it does not answer (decision 066). Set
   * with `records`; none in some unit tests.
   */
  durableWrites?: DurableWrites;
  /** Set when the development identity provider is served under `/oidc` of the console. */
  embeddedIdentity: { internalIssuer: string; browserPath: string } | null;
  /** Called when a session is deleted (sign-out): the hub bridge closes its sockets at once. */
  onSessionEnded?: (sessionId: string) => void;
}

let current: ConsoleRuntime | null = null;

export function setRuntime(runtime: ConsoleRuntime) {
  current = { ...runtime, store: unavailableAsErrorPage(runtime.store) };
}

export function getRuntime(): ConsoleRuntime {
  if (!current) throw new Error("The console runtime was not set: server.ts calls setRuntime() before serving");
  return current;
}
