import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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
  },
});
