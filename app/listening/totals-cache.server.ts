// The venue's totals per entity over settled stretches of the history, added up once per process
// and kept (issue 35, Measure; docs/decisions/070-listener-history.md). Every channel's sums over a
// week or 90 days are hundreds of thousands of stored periods; cut into blocks that keep their
// bounds as time moves on (app/domain/listening-blocks.ts), a view adds up kept blocks and reads
// only its two short ends — and a stretch made of kept blocks only is kept added up as well. A
// block lies wholly before its tier's progress mark, and the roll-ups never write a period again
// once it is behind its mark, so what is kept stays true; a new history (another `historyFrom`)
// starts afresh.
import { totalsBlocks, type BlockSizes } from "~/domain/listening-blocks";
import type { ListeningPeriod } from "~/domain/listening-series";
import type { ListeningStore, TimeRange } from "~/records/listening";

export interface EntityTotal {
  entityId: number;
  peak: number | null;
  listenerMs: number;
  arrivals: number;
}

/** Totals packed: 24 bytes an entity. A peak of -1 is none known. */
interface PackedTotals {
  entityIds: Int32Array;
  peaks: Int32Array;
  listenerMs: Float64Array;
  arrivals: Float64Array;
}

/**
 * Totals added up by entity id (small integers, given by the store) in arrays, not an object per
 * entity and addition: the venue's 10,000 channels times a dozen blocks per view.
 */
export class TotalsAccumulator {
  private peaks = new Int32Array(1024).fill(-2);
  private listenerMs = new Float64Array(1024);
  private arrivals = new Float64Array(1024);

  private room(entityId: number) {
    if (entityId < this.peaks.length) return;
    let size = this.peaks.length;
    while (size <= entityId) size *= 2;
    const peaks = new Int32Array(size).fill(-2);
    peaks.set(this.peaks);
    const listenerMs = new Float64Array(size);
    listenerMs.set(this.listenerMs);
    const arrivals = new Float64Array(size);
    arrivals.set(this.arrivals);
    Object.assign(this, { peaks, listenerMs, arrivals });
  }

  /** -2: no period of the entity; -1: periods, none with a count known. */
  add(entityId: number, peak: number | null, listenerMs: number, arrivals: number) {
    this.room(entityId);
    this.peaks[entityId] = Math.max(this.peaks[entityId]!, peak ?? -1);
    this.listenerMs[entityId]! += listenerMs;
    this.arrivals[entityId]! += arrivals;
  }

  addPacked(packed: PackedTotals) {
    const { entityIds, peaks, listenerMs, arrivals } = packed;
    for (let index = 0; index < entityIds.length; index += 1) {
      const entityId = entityIds[index]!;
      this.room(entityId);
      this.peaks[entityId] = Math.max(this.peaks[entityId]!, peaks[index]!);
      this.listenerMs[entityId]! += listenerMs[index]!;
      this.arrivals[entityId]! += arrivals[index]!;
    }
  }

  /** The entity's highest count: undefined without a period, null with none known. */
  peakOf(entityId: number): number | null | undefined {
    const peak = entityId < this.peaks.length ? this.peaks[entityId]! : -2;
    return peak === -2 ? undefined : peak === -1 ? null : peak;
  }

  listenerMsOf(entityId: number): number {
    return entityId < this.listenerMs.length ? this.listenerMs[entityId]! : 0;
  }

  private ids() {
    const ids: number[] = [];
    for (let entityId = 0; entityId < this.peaks.length; entityId += 1)
      if (this.peaks[entityId]! > -2) ids.push(entityId);
    return ids;
  }

  pack(): PackedTotals {
    const ids = this.ids();
    const packed: PackedTotals = {
      entityIds: Int32Array.from(ids),
      peaks: new Int32Array(ids.length),
      listenerMs: new Float64Array(ids.length),
      arrivals: new Float64Array(ids.length),
    };
    ids.forEach((entityId, index) => {
      packed.peaks[index] = this.peaks[entityId]!;
      packed.listenerMs[index] = this.listenerMs[entityId]!;
      packed.arrivals[index] = this.arrivals[entityId]!;
    });
    return packed;
  }

  /** Each entity with a period in what was added. */
  toMap(): Map<number, EntityTotal> {
    const totals = new Map<number, EntityTotal>();
    for (const entityId of this.ids()) {
      const peak = this.peaks[entityId]!;
      totals.set(entityId, {
        entityId,
        peak: peak < 0 ? null : peak,
        listenerMs: this.listenerMs[entityId]!,
        arrivals: this.arrivals[entityId]!,
      });
    }
    return totals;
  }
}

/** Per process; a block of a 5,000-station venue's 10,000 channels takes 240 kB. */
const keptBytesMost = 8 * 1024 * 1024;

/** Per resolution (seconds): up to 64 days, 16 hours of quarters, 4 hours of minutes. */
const blockSizes: Record<number, BlockSizes> = {
  86_400: { fewest: 1, most: 64 },
  900: { fewest: 1, most: 64 },
  60: { fewest: 1, most: 256 },
};

type StoredTotals = Awaited<ReturnType<ListeningStore["totals"]>>;

function packStored(totals: StoredTotals): PackedTotals {
  const accumulator = new TotalsAccumulator();
  for (const total of totals) accumulator.add(total.entityId, total.peak, total.listenerMs, total.arrivals);
  return accumulator.pack();
}

const bytesOf = (packed: PackedTotals) => packed.entityIds.length * 24;

/** Made once per key, the least recently used let go past the bound (as `sizeOf` counts). */
export class Kept<T> {
  private readonly kept = new Map<string, Promise<T>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;

  constructor(
    private readonly bytesMost: number,
    private readonly sizeOf: (value: T) => number,
  ) {}

  get(key: string, make: () => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept) {
      this.kept.delete(key);
      this.kept.set(key, kept);
      return kept;
    }
    const making = make();
    this.kept.set(key, making);
    making.then(
      (value) => {
        if (this.kept.get(key) !== making) return;
        this.sizes.set(key, this.sizeOf(value));
        this.bytes += this.sizeOf(value);
        this.trim();
      },
      () => {
        if (this.kept.get(key) === making) this.kept.delete(key);
      },
    );
    return making;
  }

  private trim() {
    for (const key of this.kept.keys()) {
      if (this.bytes <= this.bytesMost) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue;
      this.kept.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}

/** One of each per store: the stores of one process share nothing, and a closed one is let go. */
export function perStore<T>(kept: WeakMap<ListeningStore, T>, store: ListeningStore, make: () => T): T {
  let value = kept.get(store);
  if (value === undefined) kept.set(store, (value = make()));
  return value;
}

const keptTotals = new WeakMap<ListeningStore, Kept<PackedTotals>>();
const keptVenuePeriods = new WeakMap<ListeningStore, Kept<ListeningPeriod[]>>();

/** The venue's own periods: one row each, about 100 bytes in memory. */
const venuePeriodsBytesMost = 2 * 1024 * 1024;

/** The blocks of [from, to) at one resolution, and what a block is kept under. */
function blocksOf(resolution: number, range: TimeRange, historyFrom: number) {
  const sizes = blockSizes[resolution] ?? { fewest: Number.POSITIVE_INFINITY, most: 1 };
  return {
    blocks: totalsBlocks(range.from, range.to, resolution * 1000, sizes),
    keyOf: (part: TimeRange) => `${historyFrom}:${resolution}:${part.from}:${part.to}`,
  };
}

/**
 * Adds every entity's totals over the stored periods of one resolution in [from, to) (whole
 * periods, all before the tier's mark) to `into`. The blocks are read one after the other, so one
 * block's rows (an object per entity) are in memory at a time, whatever the venue's size.
 */
export async function addVenueTotals(
  store: ListeningStore,
  resolution: number,
  range: TimeRange,
  historyFrom: number,
  into: TotalsAccumulator,
) {
  const kept = perStore(keptTotals, store, () => new Kept(keptBytesMost, bytesOf));
  const { blocks, keyOf } = blocksOf(resolution, range, historyFrom);
  const keptBlock = (part: TimeRange) => kept.get(keyOf(part), () => store.totals(resolution, part).then(packStored));
  if (blocks.length > 1 && blocks.every((block) => block.kept)) {
    // The whole stretch kept too: a view a minute later of the same days adds one, not a dozen.
    into.addPacked(
      await kept.get(keyOf(range), async () => {
        const sum = new TotalsAccumulator();
        for (const block of blocks) sum.addPacked(await keptBlock(block));
        return sum.pack();
      }),
    );
    return;
  }
  for (const block of blocks) {
    if (block.kept) {
      into.addPacked(await keptBlock(block));
      continue;
    }
    for (const total of await store.totals(resolution, { from: block.from, to: block.to }))
      into.add(total.entityId, total.peak, total.listenerMs, total.arrivals);
  }
}

/**
 * The venue's own stored periods of one resolution in [from, to) (whole periods, all before the
 * tier's mark), the settled blocks kept: a 90-day chart of the venue is 8,640 quarter hours.
 */
export async function venuePeriods(
  store: ListeningStore,
  resolution: number,
  range: TimeRange,
  historyFrom: number,
): Promise<ListeningPeriod[]> {
  const kept = perStore(
    keptVenuePeriods,
    store,
    () => new Kept<ListeningPeriod[]>(venuePeriodsBytesMost, (periods) => periods.length * 100),
  );
  const { blocks, keyOf } = blocksOf(resolution, range, historyFrom);
  const parts = await Promise.all(
    blocks.map((block) => {
      const part = { from: block.from, to: block.to };
      const read = () => store.periods(resolution, part, []);
      return block.kept ? kept.get(keyOf(part), read) : read();
    }),
  );
  return parts.flat();
}
