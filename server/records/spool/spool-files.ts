// The spool's files in `<DATA_DIRECTORY>/console/spool/`: each process owns the files named after
// it (`<host>-<pid>-<random>.<number>.jsonl`, appended to in order, one record a line) and holds
// its owner lock (`<owner>.lock`) while it runs. A line is a JSON object whose first member is the
// record's kind, so a reader can count one kind without parsing (docs/decisions/066-records-spool.md).
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { join } from "node:path";
import type { DurableRecordKind, SpooledRecord } from "../../../app/records/durable-writes";

export function spoolDirectory(dataDirectory: string) {
  return join(dataDirectory, "console", "spool");
}

/** This process's name in the spool: its host, its pid and a random part (a pid is reused). */
export function newOwnerId() {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9]+/g, "_")
      .slice(0, 40) || "host";
  return `${host}-${process.pid}-${randomBytes(4).toString("hex")}`;
}

const segmentPattern = /^([A-Za-z0-9_]+-\d+-[0-9a-f]{8})\.(\d{6,})\.jsonl$/;
const lockPattern = /^([A-Za-z0-9_]+-\d+-[0-9a-f]{8})\.lock$/;

export const segmentName = (owner: string, number: number) => `${owner}.${String(number).padStart(6, "0")}.jsonl`;
export const lockName = (owner: string) => `${owner}.lock`;

/** A spool file's owner and number, or null for any other name. */
export function parseSegmentName(name: string): { owner: string; number: number } | null {
  const match = segmentPattern.exec(name);
  return match ? { owner: match[1]!, number: Number(match[2]) } : null;
}

/** The owner of a lock file, or null for any other name. */
export function parseLockName(name: string): string | null {
  return lockPattern.exec(name)?.[1] ?? null;
}

/** One line of a spool file, the kind first. */
export function spoolLine(record: SpooledRecord): string {
  const { kind, key, at, ...rest } = record;
  return `${JSON.stringify({ kind, key, at, ...rest })}\n`;
}

/** What a line of the kind starts with. */
export const linePrefix = (kind: DurableRecordKind) => `{"kind":${JSON.stringify(kind)},`;

export interface SpoolLines {
  records: SpooledRecord[];
  /** Lines that are no record: a last line cut off by a crash, or text that is not one. */
  unreadable: string[];
}

function isSpooledRecord(value: unknown, kinds: ReadonlySet<string>): value is SpooledRecord {
  if (typeof value !== "object" || value === null) return false;
  const { kind, key, at, record } = value as Record<string, unknown>;
  return (
    typeof kind === "string" &&
    kinds.has(kind) &&
    typeof key === "string" &&
    key !== "" &&
    typeof at === "string" &&
    !Number.isNaN(Date.parse(at)) &&
    typeof record === "object" &&
    record !== null
  );
}

/**
 * The records of a spool file's text, in order. Only whole lines count: what follows the last
 * newline is a write a crash cut off. A line that is not a record of a known kind is unreadable.
 */
export function parseSpoolText(text: string, kinds: ReadonlySet<string>): SpoolLines {
  const lines = text.split("\n");
  const torn = lines.pop() ?? "";
  const records: SpooledRecord[] = [];
  const unreadable = torn === "" ? [] : [torn];
  for (const line of lines) {
    if (line === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadable.push(line);
      continue;
    }
    if (isSpooledRecord(value, kinds)) records.push(value);
    else unreadable.push(line);
  }
  return { records, unreadable };
}
