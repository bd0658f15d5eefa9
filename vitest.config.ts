import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { MissingProgramsReporter } from "./tests/support/missing-programs-reporter";

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "#mantine/core": fileURLToPath(new URL("./node_modules/@mantine/core/esm", import.meta.url)),
      "#mantine/notifications": fileURLToPath(new URL("./node_modules/@mantine/notifications/esm", import.meta.url)),
    },
  },
  test: {
    include: ["tests/**/*.test.ts", "app/**/*.test.ts", "simulator/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // The last line names the tests skipped for a missing system program and what to install.
    reporters: ["default", new MissingProgramsReporter()],
  },
});
