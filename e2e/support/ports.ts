/** Ports of the console and its embedded simulator during end-to-end tests. */
export const e2ePorts = {
  console: Number(process.env.E2E_CONSOLE_PORT ?? 3190),
  simulator: Number(process.env.E2E_SIMULATOR_PORT ?? 5190),
};
export const consoleUrl = `http://127.0.0.1:${e2ePorts.console}`;
export const simulatorUrl = `http://127.0.0.1:${e2ePorts.simulator}`;
/** The e2e console's DATA_DIRECTORY (playwright.config.ts passes it on to the workers). */
export const e2eDataDirectory = process.env.E2E_DATA_DIRECTORY ?? "";
/** The e2e console's METRICS_TOKEN (GET /metrics answers only with it). */
export const e2eMetricsToken = "e2e-metrics-token-0123456789";
