// One process's spool of durable records: append-only files of at most `segmentBytes` each, every
// line fsynced before `append` resolves; the replay reads them back oldest first (`peek`, then
// `shift` once stored) and removes a file when all its records are stored. The files of a process
// that ended are taken over (renamed to this process's names, under the ended owner's lock) and
// replayed like its own. Over `maxBytes` the oldest files go, newest kept, and are counted
// (docs/decisions/066-records-spool.md).
import { open, readFile, readdir, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { privateDirectory, privateFileMode } from "../../../lib/private-files";
import type { SpoolState, SpooledRecord } from "../../../app/records/durable-writes";
import { holdOwnerLock, tryOwnerLock, type OwnerLock } from "./owner-lock";
import {
  lockName,
  newOwnerId,
  parseLockName,
  parseSegmentName,
  parseSpoolText,
  segmentName,
  spoolLine,
} from "./spool-files";

export type SpoolDropReason = "bound" | "unreadable" | "refused";

export interface RecordsSpoolOptions {
  directory: string;
  /** The record kinds this version can replay; a line of another kind is unreadable. */
  kinds: ReadonlySet<string>;
  /** The most the files this process holds may take; beyond it the oldest files are dropped. */
  maxBytes: number;
  /** Size at which a file is closed and a new one begun (default: a sixteenth of the bound, 4 KB–1 MB). */
  segmentBytes?: number;
  /** Records given up: `detail` names the file or the lines. */
  onDropped?(count: number, reason: SpoolDropReason, detail: Record<string, unknown>): void;
  /** This process's name in the spool (default: host, pid and a random part). */
  ownerId?: string;
}

export interface RecordsSpool {
  readonly directory: string;
  readonly ownerId: string;
  /** Appends the record; resolves once it is on disk (fsynced). */
  append(record: SpooledRecord): Promise<void>;
  /** The oldest record not yet stored, or null when none waits. */
  peek(): Promise<SpooledRecord | null>;
  /** The record `peek` gave is stored: the next one comes (and a file whose records are all stored goes). */
  shift(record: SpooledRecord): Promise<void>;
  /** Gives up the record `peek` gave (the database refuses it): counted and logged by `onDropped`. */
  drop(record: SpooledRecord, detail: Record<string, unknown>): Promise<void>;
  /** Takes over the files of processes that ended; returns how many records came with them. */
  adoptOrphans(): Promise<number>;
  state(): SpoolState;
  /** Closes the open file and ends the lock; the files stay for the next process to take over. */
  close(): Promise<void>;
}

interface Segment {
  path: string;
  bytes: number;
  /** Records in it: lines written, or read when it was taken over or reached by the replay. */
  count: number;
  /** How many of them are stored: the replay's position. */
  done: number;
  /** When the oldest record not yet stored was written (ms since 1970), null when none is left. */
  oldestAtMs: number | null;
  /** Open for appending: only the newest file of this process. */
  handle: FileHandle | null;
  /** Its records, read once the replay reaches it. */
  records: SpooledRecord[] | null;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

export const defaultSegmentBytes = (maxBytes: number) =>
  Math.min(1024 * 1024, Math.max(4096, Math.floor(maxBytes / 16)));

export function openRecordsSpool(options: RecordsSpoolOptions): RecordsSpool {
  const { directory, kinds, maxBytes } = options;
  const segmentBytes = options.segmentBytes ?? defaultSegmentBytes(maxBytes);
  const ownerId = options.ownerId ?? newOwnerId();
  const onDropped = options.onDropped ?? (() => {});
  privateDirectory(directory);
  const lock: OwnerLock = holdOwnerLock(join(directory, lockName(ownerId)));

  const segments: Segment[] = [];
  let current: Segment | null = null;
  let nextNumber = 1;
  let closed = false;

  // One change at a time: appends keep their order and the replay never reads a half-changed list.
  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  }

  async function syncDirectory() {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function newSegment(): Promise<Segment> {
    const path = join(directory, segmentName(ownerId, nextNumber++));
    const handle = await open(path, "ax", privateFileMode);
    // The file's name is on disk before the first record in it counts as kept.
    await syncDirectory();
    const segment: Segment = { path, bytes: 0, count: 0, done: 0, oldestAtMs: null, handle, records: null };
    segments.push(segment);
    return segment;
  }

  async function seal(segment: Segment) {
    const handle = segment.handle;
    segment.handle = null;
    if (current === segment) current = null;
    await handle?.close();
  }

  async function remove(segment: Segment) {
    const index = segments.indexOf(segment);
    if (index !== -1) segments.splice(index, 1);
    await seal(segment);
    await unlink(segment.path).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  /** Reads a file's records; lines that are none are reported and left out. */
  async function readRecords(segment: Segment): Promise<SpooledRecord[]> {
    let text: string;
    try {
      text = await readFile(segment.path, "utf8");
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const { records, unreadable } = parseSpoolText(text, kinds);
    if (unreadable.length > 0) onDropped(unreadable.length, "unreadable", { file: segment.path, lines: unreadable });
    segment.count = records.length;
    segment.oldestAtMs = records[segment.done] ? Date.parse(records[segment.done]!.at) : null;
    return records;
  }

  /** Drops the oldest files (never the open one) until the files fit the bound again. */
  async function keepWithinBound() {
    let total = segments.reduce((sum, segment) => sum + segment.bytes, 0);
    let dropped = 0;
    const files: string[] = [];
    while (total > maxBytes) {
      const oldest = segments[0];
      if (!oldest || oldest === current) break;
      total -= oldest.bytes;
      dropped += oldest.count - oldest.done;
      files.push(oldest.path);
      await remove(oldest);
    }
    if (files.length > 0) onDropped(dropped, "bound", { files, maxBytes });
  }

  /** Moves to the next record of the first file, removing the file once all of it is stored. */
  async function advance(record: SpooledRecord): Promise<boolean> {
    const segment = segments[0];
    // Dropped meanwhile (the bound): nothing to move on from.
    if (!segment?.records || segment.records[segment.done]?.key !== record.key) return false;
    segment.done += 1;
    const next = segment.records[segment.done];
    segment.oldestAtMs = next ? Date.parse(next.at) : null;
    if (!next) await remove(segment);
    return true;
  }

  /** Where a taken-over file goes: before the first file with younger records, behind one being replayed. */
  function insertAdopted(segment: Segment) {
    const start = segments[0]?.records ? 1 : 0;
    let index = segments.findIndex(
      (other, position) =>
        position >= start && (other === current || (other.oldestAtMs ?? Infinity) > (segment.oldestAtMs ?? 0)),
    );
    if (index === -1) index = segments.length;
    segments.splice(index, 0, segment);
  }

  async function adoptOwner(owner: string, numbers: number[]): Promise<number> {
    const ownerLock = tryOwnerLock(join(directory, lockName(owner)));
    if (!ownerLock) return 0;
    let adopted = 0;
    try {
      for (const number of numbers.sort((a, b) => a - b)) {
        const path = join(directory, segmentName(ownerId, nextNumber++));
        try {
          await rename(join(directory, segmentName(owner, number)), path);
        } catch (error) {
          if (isMissing(error)) continue;
          throw error;
        }
        const segment: Segment = {
          path,
          bytes: (await stat(path)).size,
          count: 0,
          done: 0,
          oldestAtMs: null,
          handle: null,
          records: null,
        };
        segment.records = await readRecords(segment);
        if (segment.records.length === 0) {
          await unlink(path);
          continue;
        }
        insertAdopted(segment);
        adopted += segment.count;
      }
      await unlink(join(directory, lockName(owner))).catch(() => undefined);
    } finally {
      ownerLock.release();
    }
    return adopted;
  }

  return {
    directory,
    ownerId,

    append(record) {
      return exclusive(async () => {
        if (closed) throw new Error("The records spool is closed");
        const line = spoolLine(record);
        const size = Buffer.byteLength(line);
        if (current && current.count > 0 && current.bytes + size > segmentBytes) await seal(current);
        current ??= await newSegment();
        const segment = current;
        try {
          await segment.handle!.appendFile(line);
          await segment.handle!.datasync();
        } catch (error) {
          // Its last line may be torn: nothing more goes into it (a reader leaves a torn line out).
          await seal(segment);
          if (segment.count === 0) await remove(segment);
          else
            segment.bytes = await stat(segment.path).then(
              (stats) => stats.size,
              () => segment.bytes,
            );
          throw error;
        }
        segment.bytes += size;
        segment.count += 1;
        segment.oldestAtMs ??= Date.parse(record.at);
        await keepWithinBound();
      });
    },

    peek() {
      return exclusive(async () => {
        for (;;) {
          const segment = segments[0];
          if (!segment) return null;
          if (segment === current) {
            if (segment.count === 0) return null;
            // The replay reached the open file: later records go into a new one.
            await seal(segment);
          }
          segment.records ??= await readRecords(segment);
          const record = segment.records[segment.done];
          if (record) return record;
          await remove(segment);
        }
      });
    },

    shift(record) {
      return exclusive(async () => void (await advance(record)));
    },

    drop(record, detail) {
      return exclusive(async () => {
        if (await advance(record)) onDropped(1, "refused", { ...detail, key: record.key });
      });
    },

    adoptOrphans() {
      return exclusive(async () => {
        if (closed) return 0;
        const owners = new Map<string, number[]>();
        for (const name of await readdir(directory)) {
          // A lock a process never moved into place (it ended while starting).
          if (name.endsWith(".lock-new") && !name.startsWith(`${ownerId}.`)) {
            const stale = tryOwnerLock(join(directory, name));
            if (stale) {
              await unlink(join(directory, name)).catch(() => undefined);
              stale.release();
            }
            continue;
          }
          const segment = parseSegmentName(name);
          const owner = segment?.owner ?? parseLockName(name);
          if (!owner || owner === ownerId) continue;
          const numbers = owners.get(owner) ?? [];
          if (segment) numbers.push(segment.number);
          owners.set(owner, numbers);
        }
        let adopted = 0;
        for (const [owner, numbers] of owners) adopted += await adoptOwner(owner, numbers);
        await keepWithinBound();
        return adopted;
      });
    },

    state() {
      let length = 0;
      let bytes = 0;
      let oldest = Infinity;
      for (const segment of segments) {
        length += segment.count - segment.done;
        bytes += segment.bytes;
        if (segment.oldestAtMs !== null && segment.count > segment.done) oldest = Math.min(oldest, segment.oldestAtMs);
      }
      return { length, bytes, oldestAt: Number.isFinite(oldest) ? new Date(oldest).toISOString() : null };
    },

    close() {
      return exclusive(async () => {
        if (closed) return;
        closed = true;
        if (current) {
          const open = current;
          await seal(open);
          if (open.count === 0) await remove(open);
        }
        // Released first, then gone: whoever looks next finds no owner and takes the files over.
        lock.release();
        await unlink(join(directory, lockName(ownerId))).catch(() => undefined);
      });
    },
  };
}
