// A console runtime for tests that call loaders and guards directly: the SQLite shared store in
// the configuration's data directory, as server.ts opens it without REDIS_URL.
import type { ConsoleRuntime } from "~/runtime.server";
import { openSharedStore } from "../../server/store/open-store";

export function withStore(runtime: Omit<ConsoleRuntime, "store">): ConsoleRuntime {
  return { ...runtime, store: openSharedStore(runtime.config, runtime.sessionSecrets) };
}
