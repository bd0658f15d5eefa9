// The compiled server's entry (build/server.js, `node <serverArguments>`): with MANAGER_URL set
// and WEB_CONCURRENCY above 1, a primary that runs that many worker processes serving one port;
// otherwise server.ts serves alone. The built-in simulator keeps its fleet and its identity
// provider in the console's process, so the demo is always one process
// (docs/decisions/045-workers.md).
import cluster from "node:cluster";
import { parseConfig, type ConsoleConfig } from "../app/config.server";

function configWithWorkers(): ConsoleConfig | null {
  try {
    const config = parseConfig(process.env);
    return config.managerUrl && config.webConcurrency > 1 ? config : null;
  } catch {
    // server.ts reports the configuration's problems.
    return null;
  }
}

const config = cluster.isPrimary ? configWithWorkers() : null;
if (config) {
  const { runPrimary } = await import("./workers/primary");
  await runPrimary(config);
} else {
  await import("../server");
}
