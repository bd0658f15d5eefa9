// The console's log: pino, one JSON object per line on stdout (LOG_LEVEL, default info), made
// readable with pino-pretty when NODE_ENV is development (npm run dev). Fields are chosen where
// a line is written, never whole requests or headers; the redaction below is a second net for
// anything that slips into an object passed along (an error's extra properties, say).
import pino, { type Logger } from "pino";
import type { LogLevel } from "../../app/config.server";

export type { Logger };

/** Keys whose values never reach a log line, at the top level or one object down. */
const secretKeys = [
  "authorization",
  "cookie",
  "set-cookie",
  "accessToken",
  "refreshToken",
  "idToken",
  "access_token",
  "refresh_token",
  "id_token",
  "token",
  "password",
  "pin",
  "secret",
  "clientSecret",
];

export const redactedPaths = [
  ...secretKeys.map((key) => `["${key}"]`),
  ...secretKeys.map((key) => `*["${key}"]`),
  "headers",
  "*.headers",
];

export interface LoggerOptions {
  level: LogLevel;
  /** Human-readable lines (pino-pretty, a development dependency) instead of JSON. */
  pretty?: boolean;
  /** Where JSON lines go; stdout unless given (tests). */
  destination?: pino.DestinationStream;
}

export async function createLogger(options: LoggerOptions): Promise<Logger> {
  const settings: pino.LoggerOptions = {
    level: options.level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactedPaths, censor: "[redacted]" },
  };
  if (options.pretty) {
    const { default: pretty } = await import("pino-pretty");
    return pino(settings, pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid" }));
  }
  // Synchronous writes to stdout (pino's default): no line is lost when the process exits.
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
