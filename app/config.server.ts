// The console's configuration: read once from the environment, validated with zod, one clear
// message per missing or malformed variable. `.env.example` documents every variable.
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import * as z from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const urlText = z.url({ error: "must be an absolute http(s) URL" }).refine((value) => /^https?:\/\//.test(value), {
  error: "must be an absolute http(s) URL",
});

/** redis:// or rediss:// (TLS) with a host, optionally with credentials and a database number. */
const redisUrlText = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "redis:" || url.protocol === "rediss:") && url.hostname !== "";
    } catch {
      return false;
    }
  },
  { error: "must be a redis:// or rediss:// URL" },
);

/**
 * postgres:// or postgresql:// naming a server: a host, or a socket directory in `?host=`
 * (libpq's form, e.g. postgresql:///console?host=/var/run/postgresql).
 */
const databaseUrlText = z.string().refine(
  (value) => {
    try {
      const url = new URL(value);
      const isPostgres = url.protocol === "postgres:" || url.protocol === "postgresql:";
      return isPostgres && (url.hostname !== "" || url.searchParams.has("host"));
    } catch {
      return false;
    }
  },
  { error: "must be a postgres:// or postgresql:// URL, e.g. postgres://console:password@db.internal:5432/console" },
);

const proxyNames = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a subnet (CIDR or address/netmask) or one of express's names for address ranges. */
function isProxyAddress(entry: string) {
  if (proxyNames.has(entry)) return true;
  const [address = "", range, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIP(range) === 4;
}

/**
 * Which proxies in front may name the client (X-Forwarded-For) and the origin (X-Forwarded-Proto
 * and -Host): a hop count, or the proxies' addresses. `true` is one hop, the usual single reverse
 * proxy; never "everything", which would let a client choose its own address (decision 007).
 */
const trustProxyText = z.string().transform((value, context) => {
  const text = value.trim().toLowerCase();
  if (["true", "yes"].includes(text)) return 1;
  if (["false", "no"].includes(text)) return 0;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length > 0 && entries.every(isProxyAddress)) return entries;
  context.addIssue({
    code: "custom",
    message:
      "must be a number of proxy hops (true is 1), or a comma-separated list of proxy addresses or subnets (or loopback, linklocal, uniquelocal)",
  });
  return z.NEVER;
});

export const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const EnvironmentSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  PORT: optional(z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535)),
  HOST: optional(z.string()),
  PUBLIC_URL: optional(urlText),
  TRUST_PROXY: optional(trustProxyText),
  DATA_DIRECTORY: optional(z.string()),
  SESSION_SECRET: optional(
    z.string().refine((value) => value.split(",").every((secret) => secret.trim().length >= 32), {
      error: "must be one or more comma-separated secrets of at least 32 characters (the first one signs)",
    }),
  ),
  SESSION_MAX_AGE_HOURS: optional(z.coerce.number({ error: "must be a number of hours" }).positive()),
  MANAGER_URL: optional(urlText),
  MANAGER_TIMEOUT_MS: optional(z.coerce.number({ error: "must be a number of milliseconds" }).int().min(100)),
  IDENTITY_PROVIDER: optional(
    z.enum(["development", "oidc", "azure-b2c", "entra-id"], {
      error: "must be one of development, oidc, azure-b2c, entra-id",
    }),
  ),
  AUTH_CLIENT_ID: optional(z.string().min(1)),
  AUTH_CLIENT_SECRET: optional(z.string().min(1)),
  AUTH_SCOPES: optional(z.string().min(1)),
  OIDC_ISSUER: optional(urlText),
  AZURE_B2C_METADATA_URL: optional(urlText),
  AZURE_B2C_PASSWORD_RESET_METADATA_URL: optional(urlText),
  ENTRA_TENANT_ID: optional(z.string().min(1)),
  SIMULATOR_PORT: optional(z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535)),
  SIMULATOR_TEST_CONTROLS: optional(booleanText),
  SIMULATOR_SPEED: optional(z.coerce.number({ error: "must be a number" }).positive()),
  SIMULATOR_AUTONOMOUS: optional(booleanText),
  SIMULATOR_FIRMWARE_DURATION_MS: optional(
    z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0).max(3_600_000),
  ),
  SIMULATOR_STATIONS: optional(z.coerce.number({ error: "must be a number of stations" }).int().min(1).max(5000)),
  SIMULATOR_RESEED: optional(booleanText),
  ACCOUNTS_URL: optional(urlText),
  SIGN_IN_RATE_LIMIT_PER_MINUTE: optional(z.coerce.number({ error: "must be a number" }).int().min(1)),
  REDIS_URL: optional(redisUrlText),
  DATABASE_URL: optional(databaseUrlText),
  AUDIT_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "must be a whole number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 (days)" }),
  ),
  LISTENING_SAMPLE_SECONDS: optional(
    z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(5, { error: "must be at least 5 (seconds)" })
      .max(3600, { error: "must be at most 3600 (seconds): a gap of an hour between readings says little" }),
  ),
  LISTENING_RETENTION_DAYS: optional(
    z.coerce
      .number({ error: "must be a whole number of days" })
      .int({ error: "must be a whole number of days" })
      .min(1, { error: "must be at least 1 (days)" })
      .max(3660, { error: "must be at most 3660 (days)" }),
  ),
  ALERT_WEBHOOK_ALLOW_PRIVATE: optional(booleanText),
  ALERT_WEBHOOK_RETRY_SECONDS: optional(
    z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1 (seconds)" })
      .max(600, { error: "must be at most 600 (seconds): deliveries are retried for an hour" }),
  ),
  // smtp://user:password@host:587 or smtps://…:465 (nodemailer's URL form); unset: no e-mail.
  SMTP_URL: optional(
    z.string().refine((value) => /^smtps?:\/\/[^/\s]+/.test(value), { error: "must be an smtp:// or smtps:// URL" }),
  ),
  SMTP_FROM: optional(z.string().min(3).max(200)),
  ALERT_EMAIL_GROUP_SECONDS: optional(
    z.coerce
      .number({ error: "must be a whole number of seconds" })
      .int({ error: "must be a whole number of seconds" })
      .min(1, { error: "must be at least 1 (seconds)" })
      .max(600, { error: "must be at most 600 (seconds)" }),
  ),
  RECORDS_SPOOL_MAX_MB: optional(
    z.coerce
      .number({ error: "must be a whole number of megabytes" })
      .int({ error: "must be a whole number of megabytes" })
      .min(1, { error: "must be at least 1 (megabytes)" })
      .max(102_400, { error: "must be at most 102400 (100 GB)" }),
  ),
  LOG_LEVEL: optional(z.enum(logLevels, { error: `must be one of ${logLevels.join(", ")}` })),
  METRICS_TOKEN: optional(z.string().trim().min(16, { error: "must be at least 16 characters (a long random value)" })),
  SHUTDOWN_DELAY_MS: optional(z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0)),
  SHUTDOWN_TIMEOUT_MS: optional(z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0)),
  WEB_CONCURRENCY: optional(
    z.coerce
      .number({ error: "must be a number of worker processes" })
      .int()
      .min(1, { error: "must be at least 1" })
      .max(64),
  ),
});

export type IdentityConfig =
  | { kind: "development"; clientId: string; clientSecret: string; scopes: string[] }
  | { kind: "oidc"; issuer: string; clientId: string; clientSecret: string; scopes: string[] }
  | {
      kind: "azure-b2c";
      metadataUrl: string;
      passwordResetMetadataUrl: string | null;
      clientId: string;
      clientSecret: string;
      scopes: string[];
    }
  | { kind: "entra-id"; tenantId: string; clientId: string; clientSecret: string; scopes: string[] };

export interface ConsoleConfig {
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string | null;
  /** Proxy hops in front (0: none), or the proxies' addresses; given as is to express's "trust proxy". */
  trustProxy: number | string[];
  dataDirectory: string;
  /** Null in the embedded demo: the server generates one and keeps it in the data directory. */
  sessionSecrets: string[] | null;
  sessionMaxAgeSeconds: number;
  /** Null: start the built-in simulator in-process. */
  managerUrl: string | null;
  managerTimeoutMs: number;
  identity: IdentityConfig;
  simulator: {
    port: number;
    testControls: boolean;
    speed: number;
    autonomous: boolean;
    /** Every firmware update's simulated duration; null: realistic. */
    firmwareDurationMs: number | null;
    stations: number | null;
    reseed: boolean;
  };
  signInRateLimitPerMinute: number;
  /** The account site, for pages shown before the Manager's settings can be read. */
  accountsUrl: string | null;
  /** Shared state on Redis (several instances); null: the SQLite file in the data directory. */
  redisUrl: string | null;
  /**
   * Durable records (audit log, rollout history) in PostgreSQL, shared by every instance; null:
   * the SQLite file in the data directory (docs/decisions/055-durable-records.md).
   */
  databaseUrl: string | null;
  /** Audit records older than this many days are removed, once a day. */
  auditRetentionDays: number;
  /**
   * Listener history (docs/decisions/070-listener-history.md): how often the sampler reads the
   * station list, and how many days of history are kept.
   */
  listening: { sampleSeconds: number; retentionDays: number };
  /**
   * Alert webhooks (issue 36): whether a webhook may point into the console's own networks or a
   * loopback or private address, and how long after a failed attempt the first retry comes (each
   * next one doubles, for up to an hour).
   */
  alerts: {
    allowPrivateWebhooks: boolean;
    retryBaseMs: number;
    /** Where alert e-mail is sent through (nodemailer's SMTP URL); null: e-mail is off. */
    smtpUrl: string | null;
    /** The From of alert e-mail. */
    emailFrom: string;
    /** How long an e-mail waits for more alerts to tell in the same message. */
    emailGroupMs: number;
  };
  /**
   * The most a process's spool of records the database could not take may hold, in bytes; beyond
   * it the oldest are dropped (docs/decisions/066-records-spool.md).
   */
  recordsSpoolMaxBytes: number;
  logLevel: LogLevel;
  /** Null: no GET /metrics at all. */
  metricsToken: string | null;
  /** On SIGTERM: how long to go on serving (not ready) before closing, then how long requests in flight may take. */
  shutdown: { delayMs: number; timeoutMs: number };
  /**
   * Worker processes serving the one port (1: the process serves alone). With the built-in
   * simulator the console always runs as one process (docs/decisions/045-workers.md).
   */
  webConcurrency: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`The console's configuration is not valid:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Counted sign-in requests per client address and minute (server/rate-limit.ts counts four per
 * sign-in): a room of 30 kiosks behind one address signing in at once uses half, a typo each
 * still fits.
 */
export const defaultSignInRateLimitPerMinute = 240;

export const developmentClient = { clientId: "station-console", clientSecret: "station-console-development-secret" };
export const managerApiScope = "manager.api";
const defaultScopes = ["openid", "profile", "offline_access", managerApiScope];

function splitScopes(value: string | undefined, fallback: string[]) {
  return value ? value.split(/[\s,]+/).filter(Boolean) : fallback;
}

/** Parses an environment; throws ConfigError listing every problem at once. */
export function parseConfig(env: Record<string, string | undefined>): ConsoleConfig {
  const parsed = EnvironmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const need = (name: keyof typeof e, why: string) => {
    if (e[name] === undefined) problems.push(`${name} is required ${why}`);
  };

  const identityKind =
    e.IDENTITY_PROVIDER ??
    (e.AZURE_B2C_METADATA_URL ? "azure-b2c" : e.ENTRA_TENANT_ID ? "entra-id" : e.OIDC_ISSUER ? "oidc" : "development");

  if (identityKind === "development" && e.MANAGER_URL) {
    problems.push(
      "IDENTITY_PROVIDER is required when MANAGER_URL is set: the development identity provider only runs with the built-in simulator (use oidc with OIDC_ISSUER for a standalone simulator)",
    );
  }
  if (identityKind !== "development") {
    need("AUTH_CLIENT_ID", `for IDENTITY_PROVIDER=${identityKind}`);
    need("AUTH_CLIENT_SECRET", `for IDENTITY_PROVIDER=${identityKind}`);
  }
  if (identityKind === "oidc") need("OIDC_ISSUER", "for IDENTITY_PROVIDER=oidc");
  if (identityKind === "azure-b2c") need("AZURE_B2C_METADATA_URL", "for IDENTITY_PROVIDER=azure-b2c");
  if (identityKind === "entra-id") need("ENTRA_TENANT_ID", "for IDENTITY_PROVIDER=entra-id");
  // A real provider sends sign-in codes to whatever redirect address the console names: it must
  // come from configuration, never from a client's Host header (docs/decisions/007-security.md).
  if (identityKind !== "development") {
    need(
      "PUBLIC_URL",
      `for IDENTITY_PROVIDER=${identityKind}: the address browsers use, the only base of the sign-in and sign-out addresses sent to the provider`,
    );
  }
  if (e.MANAGER_URL && !e.SESSION_SECRET) {
    problems.push("SESSION_SECRET is required when MANAGER_URL is set (comma-separated, newest first)");
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const scopes = splitScopes(e.AUTH_SCOPES, defaultScopes);
  const client = { clientId: e.AUTH_CLIENT_ID ?? "", clientSecret: e.AUTH_CLIENT_SECRET ?? "" };
  const identity: IdentityConfig =
    identityKind === "development"
      ? { kind: "development", ...developmentClient, scopes }
      : identityKind === "oidc"
        ? { kind: "oidc", issuer: e.OIDC_ISSUER!, ...client, scopes }
        : identityKind === "azure-b2c"
          ? {
              kind: "azure-b2c",
              metadataUrl: e.AZURE_B2C_METADATA_URL!,
              passwordResetMetadataUrl: e.AZURE_B2C_PASSWORD_RESET_METADATA_URL ?? null,
              ...client,
              scopes,
            }
          : { kind: "entra-id", tenantId: e.ENTRA_TENANT_ID!, ...client, scopes };

  return {
    isProduction: (e.NODE_ENV ?? "production") === "production",
    port: e.PORT ?? 3000,
    host: e.HOST ?? "0.0.0.0",
    publicUrl: e.PUBLIC_URL ? e.PUBLIC_URL.replace(/\/+$/, "") : null,
    trustProxy: e.TRUST_PROXY ?? 0,
    dataDirectory: e.DATA_DIRECTORY ?? "data",
    sessionSecrets: e.SESSION_SECRET ? e.SESSION_SECRET.split(",").map((secret) => secret.trim()) : null,
    sessionMaxAgeSeconds: Math.round((e.SESSION_MAX_AGE_HOURS ?? 12) * 3600),
    managerUrl: e.MANAGER_URL ? e.MANAGER_URL.replace(/\/+$/, "") : null,
    managerTimeoutMs: e.MANAGER_TIMEOUT_MS ?? 10_000,
    identity,
    simulator: {
      port: e.SIMULATOR_PORT ?? 0,
      testControls: e.SIMULATOR_TEST_CONTROLS ?? false,
      speed: e.SIMULATOR_SPEED ?? 1,
      autonomous: e.SIMULATOR_AUTONOMOUS ?? true,
      firmwareDurationMs: e.SIMULATOR_FIRMWARE_DURATION_MS ?? null,
      stations: e.SIMULATOR_STATIONS ?? null,
      reseed: e.SIMULATOR_RESEED ?? false,
    },
    signInRateLimitPerMinute: e.SIGN_IN_RATE_LIMIT_PER_MINUTE ?? defaultSignInRateLimitPerMinute,
    accountsUrl: e.ACCOUNTS_URL ?? null,
    redisUrl: e.REDIS_URL ?? null,
    databaseUrl: e.DATABASE_URL ?? null,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS ?? 365,
    listening: { sampleSeconds: e.LISTENING_SAMPLE_SECONDS ?? 30, retentionDays: e.LISTENING_RETENTION_DAYS ?? 400 },
    alerts: {
      allowPrivateWebhooks: e.ALERT_WEBHOOK_ALLOW_PRIVATE ?? false,
      retryBaseMs: (e.ALERT_WEBHOOK_RETRY_SECONDS ?? 10) * 1000,
      smtpUrl: e.SMTP_URL ?? null,
      emailFrom: e.SMTP_FROM ?? "Station Console <station-console@localhost>",
      emailGroupMs: (e.ALERT_EMAIL_GROUP_SECONDS ?? 60) * 1000,
    },
    recordsSpoolMaxBytes: (e.RECORDS_SPOOL_MAX_MB ?? 64) * 1024 * 1024,
    logLevel: e.LOG_LEVEL ?? "info",
    metricsToken: e.METRICS_TOKEN ?? null,
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS ?? 0, timeoutMs: e.SHUTDOWN_TIMEOUT_MS ?? 10_000 },
    webConcurrency: e.WEB_CONCURRENCY ?? availableParallelism(),
  };
}
