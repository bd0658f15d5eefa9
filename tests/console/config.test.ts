import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "~/config.server";

function problemsOf(env: Record<string, string>) {
  try {
    parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("configuration", () => {
  it("runs the demo with nothing set: simulator and development sign-in", () => {
    const config = parseConfig({});
    expect(config.managerUrl).toBeNull();
    expect(config.identity.kind).toBe("development");
    expect(config.port).toBe(3000);
    expect(config.sessionSecrets).toBeNull();
  });

  it("reads PORT, PUBLIC_URL (without a trailing slash) and rotating session secrets", () => {
    const secret = "s".repeat(32);
    const older = "o".repeat(40);
    const config = parseConfig({
      PORT: "8080",
      PUBLIC_URL: "https://console.example/",
      SESSION_SECRET: `${secret}, ${older}`,
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe("https://console.example");
    expect(config.sessionSecrets).toEqual([secret, older]);
  });

  it("reads how a rolling restart stops: SHUTDOWN_DELAY_MS (none) and SHUTDOWN_TIMEOUT_MS (10 s)", () => {
    expect(parseConfig({}).shutdown).toEqual({ delayMs: 0, timeoutMs: 10_000 });
    expect(parseConfig({ SHUTDOWN_DELAY_MS: "5000", SHUTDOWN_TIMEOUT_MS: "30000" }).shutdown).toEqual({
      delayMs: 5000,
      timeoutMs: 30_000,
    });
    expect(problemsOf({ SHUTDOWN_TIMEOUT_MS: "soon", SHUTDOWN_DELAY_MS: "-1" })).toHaveLength(2);
  });

  it("reads WEB_CONCURRENCY, by default one worker per CPU", () => {
    expect(parseConfig({}).webConcurrency).toBe(availableParallelism());
    expect(parseConfig({ WEB_CONCURRENCY: "2" }).webConcurrency).toBe(2);
    expect(problemsOf({ WEB_CONCURRENCY: "0" })).toEqual(["WEB_CONCURRENCY must be at least 1"]);
    expect(problemsOf({ WEB_CONCURRENCY: "many" })).toEqual(["WEB_CONCURRENCY must be a number of worker processes"]);
  });

  it("names every malformed variable at once", () => {
    const problems = problemsOf({
      PORT: "eighty",
      MANAGER_URL: "ftp://x",
      TRUST_PROXY: "maybe",
      SESSION_SECRET: "short",
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^PORT must be a port number/),
        expect.stringMatching(/^MANAGER_URL must be an absolute http\(s\) URL/),
        expect.stringMatching(/^TRUST_PROXY must be a number of proxy hops/),
        expect.stringMatching(/^SESSION_SECRET must be one or more comma-separated secrets/),
      ]),
    );
  });

  it("keeps shared state on Redis only when REDIS_URL names a redis:// or rediss:// server", () => {
    expect(parseConfig({}).redisUrl).toBeNull();
    expect(parseConfig({ REDIS_URL: "redis://:secret@cache.internal:6379/2" }).redisUrl).toBe(
      "redis://:secret@cache.internal:6379/2",
    );
    expect(parseConfig({ REDIS_URL: "rediss://cache.example:6380" }).redisUrl).toBe("rediss://cache.example:6380");
    for (const malformed of ["cache.internal:6379", "http://cache.internal", "redis"]) {
      expect(problemsOf({ REDIS_URL: malformed }), malformed).toEqual([
        expect.stringMatching(/^REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/),
      ]);
    }
  });

  it("keeps durable records in PostgreSQL only when DATABASE_URL names a postgres:// server", () => {
    expect(parseConfig({}).databaseUrl).toBeNull();
    for (const url of [
      "postgres://console:secret@db.internal:5432/console",
      "postgresql://db.internal/console?sslmode=require",
      "postgresql:///console?host=/var/run/postgresql",
    ]) {
      expect(parseConfig({ DATABASE_URL: url }).databaseUrl).toBe(url);
    }
    for (const malformed of ["db.internal:5432", "mysql://db.internal/console", "postgres:///console", "postgres"]) {
      expect(problemsOf({ DATABASE_URL: malformed }), malformed).toEqual([
        expect.stringMatching(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL, e\.g\. postgres:\/\//),
      ]);
    }
  });

  it("reads AUDIT_RETENTION_DAYS, a year by default", () => {
    expect(parseConfig({}).auditRetentionDays).toBe(365);
    expect(parseConfig({ AUDIT_RETENTION_DAYS: "90" }).auditRetentionDays).toBe(90);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: "0" })).toEqual(["AUDIT_RETENTION_DAYS must be at least 1 (days)"]);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: "a year" })).toEqual([
      "AUDIT_RETENTION_DAYS must be a whole number of days",
    ]);
    expect(problemsOf({ AUDIT_RETENTION_DAYS: "1.5" })).toEqual([
      "AUDIT_RETENTION_DAYS must be a whole number of days",
    ]);
  });

  it("reads the listener history's sampling interval (30 s) and retention (400 days), each within bounds", () => {
    expect(parseConfig({}).listening).toEqual({ sampleSeconds: 30, retentionDays: 400 });
    expect(parseConfig({ LISTENING_SAMPLE_SECONDS: "10", LISTENING_RETENTION_DAYS: "90" }).listening).toEqual({
      sampleSeconds: 10,
      retentionDays: 90,
    });
    expect(problemsOf({ LISTENING_SAMPLE_SECONDS: "1", LISTENING_RETENTION_DAYS: "0" })).toEqual([
      "LISTENING_SAMPLE_SECONDS must be at least 5 (seconds)",
      "LISTENING_RETENTION_DAYS must be at least 1 (days)",
    ]);
    expect(problemsOf({ LISTENING_SAMPLE_SECONDS: "half a minute" })).toEqual([
      "LISTENING_SAMPLE_SECONDS must be a whole number of seconds",
    ]);
    expect(problemsOf({ LISTENING_RETENTION_DAYS: "forever" })).toEqual([
      "LISTENING_RETENTION_DAYS must be a whole number of days",
    ]);
  });

  it("reads alert e-mail's settings: off without SMTP_URL, grouped by the minute unless set", () => {
    expect(
      parseConfig({
        SMTP_URL: "smtps://alerts:secret@mail.example.org:465",
        SMTP_FROM: "Venue <alerts@venue.example>",
        ALERT_EMAIL_GROUP_SECONDS: "2",
      }).alerts,
    ).toMatchObject({
      smtpUrl: "smtps://alerts:secret@mail.example.org:465",
      emailFrom: "Venue <alerts@venue.example>",
      emailGroupMs: 2000,
    });
    expect(problemsOf({ SMTP_URL: "mail.example.org", ALERT_EMAIL_GROUP_SECONDS: "0" })).toEqual([
      "SMTP_URL must be an smtp:// or smtps:// URL",
      "ALERT_EMAIL_GROUP_SECONDS must be at least 1 (seconds)",
    ]);
  });

  it("reads the alert webhooks' settings: private addresses refused and a 10 s first retry unless set", () => {
    expect(parseConfig({}).alerts).toEqual({
      allowPrivateWebhooks: false,
      retryBaseMs: 10_000,
      smtpUrl: null,
      emailFrom: "Station Console <station-console@localhost>",
      emailGroupMs: 60_000,
    });
    expect(parseConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: "true", ALERT_WEBHOOK_RETRY_SECONDS: "1" }).alerts).toMatchObject(
      {
        allowPrivateWebhooks: true,
        retryBaseMs: 1000,
      },
    );
    expect(parseConfig({ ALERT_WEBHOOK_ALLOW_PRIVATE: "no" }).alerts.allowPrivateWebhooks).toBe(false);
    expect(problemsOf({ ALERT_WEBHOOK_ALLOW_PRIVATE: "sometimes", ALERT_WEBHOOK_RETRY_SECONDS: "0" })).toEqual([
      "ALERT_WEBHOOK_ALLOW_PRIVATE must be true or false",
      "ALERT_WEBHOOK_RETRY_SECONDS must be at least 1 (seconds)",
    ]);
    expect(problemsOf({ ALERT_WEBHOOK_RETRY_SECONDS: "2.5" })).toEqual([
      "ALERT_WEBHOOK_RETRY_SECONDS must be a whole number of seconds",
    ]);
    expect(problemsOf({ ALERT_WEBHOOK_RETRY_SECONDS: "3600" })).toEqual([
      "ALERT_WEBHOOK_RETRY_SECONDS must be at most 600 (seconds): deliveries are retried for an hour",
    ]);
  });

  it("reads RECORDS_SPOOL_MAX_MB as whole megabytes, 64 by default", () => {
    expect(parseConfig({}).recordsSpoolMaxBytes).toBe(64 * 1024 * 1024);
    expect(parseConfig({ RECORDS_SPOOL_MAX_MB: "8" }).recordsSpoolMaxBytes).toBe(8 * 1024 * 1024);
    expect(problemsOf({ RECORDS_SPOOL_MAX_MB: "0" })).toEqual(["RECORDS_SPOOL_MAX_MB must be at least 1 (megabytes)"]);
    expect(problemsOf({ RECORDS_SPOOL_MAX_MB: "1.5" })).toEqual([
      "RECORDS_SPOOL_MAX_MB must be a whole number of megabytes",
    ]);
    expect(problemsOf({ RECORDS_SPOOL_MAX_MB: "lots" })).toEqual([
      "RECORDS_SPOOL_MAX_MB must be a whole number of megabytes",
    ]);
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, never as trusting every hop", () => {
    expect(parseConfig({}).trustProxy).toBe(0);
    expect(parseConfig({ TRUST_PROXY: "false" }).trustProxy).toBe(0);
    // true is the usual single reverse proxy: the address it saw is the client's.
    expect(parseConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(
      parseConfig({ TRUST_PROXY: "10.0.0.5, 10.1.0.0/16, fd00::/8, 192.168.0.0/255.255.0.0, loopback" }).trustProxy,
    ).toEqual(["10.0.0.5", "10.1.0.0/16", "fd00::/8", "192.168.0.0/255.255.0.0", "loopback"]);
    for (const malformed of [
      "-1",
      "1.5",
      "proxy.example",
      "10.0.0.0/33",
      "::1/129",
      "10.0.0.1/2/3",
      "fd00::/ffff::",
      ",",
    ]) {
      expect(problemsOf({ TRUST_PROXY: malformed }), malformed).toEqual([
        expect.stringMatching(/^TRUST_PROXY must be a number of proxy hops/),
      ]);
    }
  });

  it("requires a real identity provider and a session secret with a real Manager", () => {
    const problems = problemsOf({ MANAGER_URL: "https://manager.example" });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^IDENTITY_PROVIDER is required/),
        expect.stringMatching(/^SESSION_SECRET is required/),
      ]),
    );
  });

  it("chooses the identity provider from the settings given and requires its client", () => {
    expect(
      problemsOf({ AZURE_B2C_METADATA_URL: "https://tenant.b2clogin.com/x/v2.0/.well-known/openid-configuration" }),
    ).toEqual([
      "AUTH_CLIENT_ID is required for IDENTITY_PROVIDER=azure-b2c",
      "AUTH_CLIENT_SECRET is required for IDENTITY_PROVIDER=azure-b2c",
      expect.stringMatching(/^PUBLIC_URL is required for IDENTITY_PROVIDER=azure-b2c: /),
    ]);
    const config = parseConfig({
      PUBLIC_URL: "https://console.example",
      ENTRA_TENANT_ID: "contoso",
      AUTH_CLIENT_ID: "id",
      AUTH_CLIENT_SECRET: "secret",
      AUTH_SCOPES: "openid api://manager/.default",
    });
    expect(config.identity).toMatchObject({
      kind: "entra-id",
      tenantId: "contoso",
      scopes: ["openid", "api://manager/.default"],
    });
  });

  it.each(["oidc", "azure-b2c", "entra-id"])(
    "requires PUBLIC_URL with a real identity provider (%s): sign-in addresses never come from a Host header",
    (kind) => {
      const providers: Record<string, Record<string, string>> = {
        oidc: { OIDC_ISSUER: "https://login.example" },
        "azure-b2c": { AZURE_B2C_METADATA_URL: "https://tenant.b2clogin.com/x/v2.0/.well-known/openid-configuration" },
        "entra-id": { ENTRA_TENANT_ID: "contoso" },
      };
      const provider = providers[kind]!;
      const client = { AUTH_CLIENT_ID: "id", AUTH_CLIENT_SECRET: "secret" };
      expect(problemsOf({ ...provider, ...client })).toEqual([
        `PUBLIC_URL is required for IDENTITY_PROVIDER=${kind}: the address browsers use, the only base of the sign-in and sign-out addresses sent to the provider`,
      ]);
      expect(problemsOf({ ...provider, ...client, PUBLIC_URL: "https://console.example" })).toEqual([]);
    },
  );
});
