// BENCH_NODE_FLAGS: other V8 flags for the console than production's (scripts/server-command.mjs),
// space-separated, to weigh a change of them with the same bench (empty: none at all).
import { serverHeapFlags } from "../scripts/server-command.mjs";

const given = process.env.BENCH_NODE_FLAGS;

export const benchNodeFlags: readonly string[] =
  given === undefined ? serverHeapFlags : given.split(/\s+/).filter((flag) => flag !== "");
