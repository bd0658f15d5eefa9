// The audit records waiting in this host's spool files (every process's), read for the audit log
// screen: how many wait, and — while the database cannot be read — the records themselves as a
// read-only audit log, filtered and paged as the database would. One reading keeps only what a
// filter needs of each record and its place; a page's records are read again from their files,
// so a full spool never sits in memory (docs/decisions/066-records-spool.md).
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  distinctLimit,
  matchesAuditFilter,
  normalizeAuditRecord,
  type AuditLog,
  type AuditRecord,
  type AuditUser,
} from "../../../app/records/audit-log";
import type { SpooledRecord } from "../../../app/records/durable-writes";
import { totalOf } from "../audit-store";
import { linePrefix, parseSegmentName } from "./spool-files";

const auditPrefix = linePrefix("audit");

type Fields = Pick<AuditRecord, "time" | "user" | "action" | "target" | "outcome">;

interface Found {
  fields: Fields;
  /** Its place in the reading: the files in name order (each process's in the order written), the lines in order. */
  order: number;
  file: string;
  /** Where its line starts in the file's text. */
  start: number;
}

async function spoolFiles(directory: string): Promise<string[]> {
  const names = await readdir(directory).catch(() => [] as string[]);
  return names
    .filter((name) => parseSegmentName(name) !== null)
    .sort()
    .map((name) => join(directory, name));
}

/** A file's text; null when it went meanwhile (its records stored, or taken over by another process). */
const textOf = (file: string) => readFile(file, "utf8").catch(() => null);

/** The starts of the whole audit lines of a text (a line cut off by a crash has no newline). */
function* auditLineStarts(text: string): Generator<[start: number, end: number]> {
  let start = 0;
  for (let end = text.indexOf("\n"); end !== -1; start = end + 1, end = text.indexOf("\n", start)) {
    if (text.startsWith(auditPrefix, start)) yield [start, end];
  }
}

function auditRecordOf(line: string): AuditRecord | null {
  try {
    const spooled = JSON.parse(line) as SpooledRecord;
    return normalizeAuditRecord(spooled.record, spooled.key);
  } catch {
    return null;
  }
}

/** How many audit records wait in the spool files of `directory`. */
export async function countWaitingAuditRecords(directory: string): Promise<number> {
  let count = 0;
  for (const file of await spoolFiles(directory)) {
    const text = await textOf(file);
    if (text !== null) for (const _ of auditLineStarts(text)) count += 1;
  }
  return count;
}

async function readSpool(directory: string): Promise<Found[]> {
  const found: Found[] = [];
  for (const file of await spoolFiles(directory)) {
    const text = await textOf(file);
    if (text === null) continue;
    for (const [start, end] of auditLineStarts(text)) {
      const record = auditRecordOf(text.slice(start, end));
      if (!record) continue;
      const { time, user, action, target, outcome } = record;
      found.push({
        fields: { time, user, action, target: { kind: target.kind, serialNumber: target.serialNumber }, outcome },
        order: found.length,
        file,
        start,
      });
    }
  }
  return found;
}

const newestFirst = (a: Found, b: Found) => Date.parse(b.fields.time) - Date.parse(a.fields.time) || b.order - a.order;

async function recordsOf(page: Found[]): Promise<AuditRecord[]> {
  const texts = new Map<string, Promise<string | null>>();
  const rows: AuditRecord[] = [];
  for (const found of page) {
    if (!texts.has(found.file)) texts.set(found.file, textOf(found.file));
    const text = await texts.get(found.file)!;
    const end = text?.indexOf("\n", found.start) ?? -1;
    const record = text && end !== -1 ? auditRecordOf(text.slice(found.start, end)) : null;
    if (record) rows.push(record);
  }
  return rows;
}

/** The spool's audit records as a read-only audit log; the files are read once, at the first call. */
export function spooledAuditLog(directory: string): Pick<AuditLog, "query" | "distinctUsers" | "distinctActions"> {
  let reading: Promise<Found[]> | null = null;
  const found = () => (reading ??= readSpool(directory));
  return {
    async query(filter, page) {
      const matches = (await found()).filter((each) => matchesAuditFilter(each.fields, filter)).sort(newestFirst);
      const rows = await recordsOf(matches.slice(page.skip, page.skip + page.take));
      return { rows, ...totalOf(matches.length, page.countUpTo) };
    },

    async distinctUsers(limit = distinctLimit) {
      const latest = new Map<string, Found>();
      for (const each of await found()) {
        const id = each.fields.user?.id;
        if (id === undefined) continue;
        const known = latest.get(id);
        if (!known || newestFirst(each, known) < 0) latest.set(id, each);
      }
      const users: AuditUser[] = [...latest.values()].map((each) => each.fields.user!);
      return users.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1)).slice(0, limit);
    },

    async distinctActions(limit = distinctLimit) {
      const actions = new Set((await found()).map((each) => each.fields.action));
      return [...actions].sort().slice(0, limit);
    },
  };
}
