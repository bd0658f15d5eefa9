// npm run simulator — the Manager simulator on its own, with its identity provider beside it.
// Flags win over environment variables; `npm run simulator -- --help` lists both.
import path from "node:path";
import { parseArgs } from "node:util";
import * as z from "zod";
import { demoAccounts } from "./identity";
import { defaultIdentityPort, defaultManagerPort, reseedSimulator, startSimulator } from "./index";
import { maximumSeededStations } from "./seed/generated-fleet";

const usage = `Usage: npm run simulator -- [options]

  --host <host>              Manager and identity host (SIMULATOR_HOST, default 127.0.0.1)
  --manager-port <port>      Manager port (SIMULATOR_MANAGER_PORT, default ${defaultManagerPort})
  --identity-port <port>     identity provider port (SIMULATOR_IDENTITY_PORT, default ${defaultIdentityPort})
  --issuer <url>             the identity provider's issuer, when browsers and the console reach it
                             at another address than host and port (SIMULATOR_ISSUER)
  --console-url <url>        a console's address whose /login may receive sign-in codes; repeat or
                             comma-separate for several (SIMULATOR_CONSOLE_URLS; default: any loopback address)
  --data-dir <dir>           where the SQLite files live (SIMULATOR_DATA_DIRECTORY, default ./data/simulator)
  --test-controls            enable the test controls under /__simulator (SIMULATOR_TEST_CONTROLS=true)
  --speed <factor>           clock speed factor (SIMULATOR_SPEED, default 1)
  --firmware-duration <ms>   every firmware update takes this long in simulated ms
                             (SIMULATOR_FIRMWARE_DURATION_MS; default: realistic, about two minutes)
  --no-autonomous            no spontaneous listeners and events (SIMULATOR_AUTONOMOUS=false)
  --stations <n>             seed n stations (1-${maximumSeededStations}) instead of the default fleet (SIMULATOR_STATIONS)
  --access-token-ttl <s>     access token lifetime in seconds (SIMULATOR_ACCESS_TOKEN_TTL, default 900)
  --rotate-refresh-tokens    a refresh token works once, as in production (SIMULATOR_ROTATE_REFRESH_TOKENS=true)
  --reseed                   wipe the data and seed again before starting (SIMULATOR_RESEED=true)
  --reseed-only              wipe the data, seed again and exit (npm run simulator:reseed)
  --help                     this text
`;

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => ["true", "1", "yes"].includes(value));
const port = z.coerce.number().int().min(0).max(65535);

const SettingsSchema = z.object({
  host: z.string().min(1).default("127.0.0.1"),
  managerPort: port.default(defaultManagerPort),
  identityPort: port.default(defaultIdentityPort),
  issuer: z.url({ protocol: /^https?$/ }).optional(),
  consoleUrls: z.array(z.url({ protocol: /^https?$/ })).default([]),
  dataDirectory: z.string().min(1).default(path.join("data", "simulator")),
  testControls: booleanText.default(false),
  speed: z.coerce.number().positive().default(1),
  firmwareDurationMs: z.coerce.number().int().min(0).max(3_600_000).optional(),
  autonomous: booleanText.default(true),
  stations: z.coerce.number().int().min(1).max(maximumSeededStations).optional(),
  reseed: booleanText.default(false),
  accessTokenTtlSeconds: z.coerce.number().int().min(10).optional(),
  rotateRefreshTokens: booleanText.default(false),
});

function readSettings() {
  const { values } = parseArgs({
    options: {
      host: { type: "string" },
      "manager-port": { type: "string" },
      "identity-port": { type: "string" },
      issuer: { type: "string" },
      "console-url": { type: "string", multiple: true },
      "data-dir": { type: "string" },
      "test-controls": { type: "boolean" },
      speed: { type: "string" },
      "firmware-duration": { type: "string" },
      "no-autonomous": { type: "boolean" },
      stations: { type: "string" },
      reseed: { type: "boolean" },
      "access-token-ttl": { type: "string" },
      "rotate-refresh-tokens": { type: "boolean" },
      "reseed-only": { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  const env = process.env;
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  const settings = SettingsSchema.safeParse({
    host: values.host ?? env.SIMULATOR_HOST,
    managerPort: values["manager-port"] ?? env.SIMULATOR_MANAGER_PORT,
    identityPort: values["identity-port"] ?? env.SIMULATOR_IDENTITY_PORT,
    issuer: values.issuer ?? (env.SIMULATOR_ISSUER || undefined),
    consoleUrls: (values["console-url"] ?? (env.SIMULATOR_CONSOLE_URLS ? [env.SIMULATOR_CONSOLE_URLS] : []))
      .flatMap((value) => value.split(","))
      .map((value) => value.trim())
      .filter(Boolean),
    dataDirectory: values["data-dir"] ?? env.SIMULATOR_DATA_DIRECTORY,
    testControls: flag(values["test-controls"]) ?? env.SIMULATOR_TEST_CONTROLS,
    speed: values.speed ?? env.SIMULATOR_SPEED,
    firmwareDurationMs: values["firmware-duration"] ?? (env.SIMULATOR_FIRMWARE_DURATION_MS || undefined),
    autonomous: values["no-autonomous"] ? "false" : env.SIMULATOR_AUTONOMOUS,
    stations: values.stations ?? env.SIMULATOR_STATIONS,
    reseed: flag(values.reseed) ?? env.SIMULATOR_RESEED,
    accessTokenTtlSeconds: values["access-token-ttl"] ?? env.SIMULATOR_ACCESS_TOKEN_TTL,
    rotateRefreshTokens: flag(values["rotate-refresh-tokens"]) ?? env.SIMULATOR_ROTATE_REFRESH_TOKENS,
  });
  if (!settings.success) {
    const problems = settings.error.issues.map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`The simulator's settings are not valid:\n${problems}\n\n${usage}`);
  }
  return { ...settings.data, help: values.help ?? false, reseedOnly: values["reseed-only"] ?? false };
}

async function main() {
  const settings = readSettings();
  if (settings.help) {
    process.stdout.write(usage);
    return;
  }
  if (settings.reseedOnly) {
    const result = reseedSimulator({ dataDirectory: settings.dataDirectory, seedStations: settings.stations });
    console.log(`Reseeded ${settings.dataDirectory}: ${result.stations} stations (${result.seed}).`);
    return;
  }

  const simulator = await startSimulator({
    managerHost: settings.host,
    managerPort: settings.managerPort,
    identity: {
      mode: "standalone",
      host: settings.host,
      port: settings.identityPort,
      issuer: settings.issuer,
      consoleUrls: settings.consoleUrls,
    },
    dataDirectory: settings.dataDirectory,
    testControls: settings.testControls,
    speed: settings.speed,
    firmwareDurationMs: settings.firmwareDurationMs,
    autonomous: settings.autonomous,
    reseed: settings.reseed,
    seedStations: settings.stations,
    accessTokenTtlSeconds: settings.accessTokenTtlSeconds,
    rotateRefreshTokens: settings.rotateRefreshTokens,
  });

  const accounts = demoAccounts.map(
    (account) => `    ${account.username} / ${account.password}  (${account.roles.join(", ")})`,
  );
  console.log(
    [
      "Station Manager simulator running",
      `  Manager:            ${simulator.managerUrl}`,
      `  Identity provider:  ${simulator.identityUrl}`,
      `  Test controls:      ${simulator.controlsUrl ?? "off (--test-controls)"}`,
      `  Data:               ${path.resolve(settings.dataDirectory)}`,
      `  Clock speed:        ${settings.speed}×, fleet life ${settings.autonomous ? "on" : "off"}`,
      "  Demo accounts:",
      ...accounts,
      "Press Ctrl+C to stop.",
    ].join("\n"),
  );

  const stop = () => {
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
