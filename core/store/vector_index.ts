/**
 * An in-process nearest-neighbour index over the strand's vectors.
 *
 * sqlite-vec's `vec0` table is the durable store of the float vectors, but its brute-force
 * KNN over 10^5 × 384-d vectors with metadata filters took 40–60 ms on the reference machine
 * (measured), and each of its point lookups ~25 µs, both well over the 15 ms search budget.
 * This index keeps, per memory, an int8-quantized copy of its vector (384 bytes at 384-d,
 * from `vector_state.q8`), the sign bits derived from it (48 bytes) and the fields visibility
 * needs. A search scans the sign bits by Hamming distance, rescores the best
 * max(8k, 256) against the int8 vectors (dot products within about 1 % of the float ones),
 * and returns the top k. When fewer vectors are visible than the rescoring pool, every one
 * is rescored.
 *
 * Only vectors computed from a memory's current content count (their content hash must
 * match), so an edited memory drops out of the vector channel until it is re-embedded.
 *
 * The index follows the tables through the `rev` counter every memory change bumps, so it
 * sees writes from this process and from other processes alike, and reloads fully when a
 * rebuild bumps the generation counter.
 *
 * @module
 */
import { MEMORY_TYPES, STATUSES } from "../model/types.ts";
import type { Store } from "./store.ts";
import { bitWords, setSignBits } from "./vector_math.ts";
import type { Visibility } from "./visibility.ts";

/** One nearest neighbour. */
export interface VectorHit {
  /** Row id of the memory. */
  readonly rid: number;
  /** Cosine similarity to the query (vectors are unit length), from the int8 copy. */
  readonly similarity: number;
}

/** Options for {@linkcode VectorIndex.search}. */
export interface VectorSearchOptions {
  /** Neighbours wanted. */
  k: number;
  /** Candidates rescored after the Hamming pass. @default {max(8k, 256)} */
  rescore?: number;
}

const STATUS_CODE = new Map<string, number>(STATUSES.map((s, i) => [s, i]));
const TYPE_CODE = new Map<string, number>(MEMORY_TYPES.map((t, i) => [t, i]));

/** Rows read per step of a load. */
const BATCH = 5_000;

interface Row {
  rid: number;
  rev: number;
  scope: string;
  status: string;
  type: string;
  validFrom: number;
  validTo: number | null;
  q8: Uint8Array | null;
}

/** In-memory quantized index over a strand's vectors, refreshed from the tables on demand. */
export class VectorIndex {
  readonly #store: Store;
  readonly #dimension: number;
  readonly #words: number;
  #size = 0;
  #capacity = 0;
  #rids = new Int32Array(0);
  #bits = new Uint32Array(0);
  #q8 = new Int8Array(0);
  #scale = new Float32Array(0);
  #scope = new Uint32Array(0);
  #status = new Uint8Array(0);
  #type = new Uint8Array(0);
  #validFrom = new Float64Array(0);
  #validTo = new Float64Array(0);
  #distance = new Int32Array(0);
  #visible = new Uint8Array(0);
  #slotOf = new Map<number, number>();
  #scopeIds = new Map<string, number>();
  #scopeNames: string[] = [];
  #rev = -1;
  #rid = -1;
  /** True when the last batch may have stopped inside a rev. */
  #partial = false;
  #generation = -1;
  readonly #batch: number;

  /**
   * Creates an empty index; the first {@linkcode refresh} loads it. `batch` is the rows read
   * per step of a load (tests make it small to exercise loads that stop inside a rev).
   */
  constructor(store: Store, { batch = BATCH }: { batch?: number } = {}) {
    this.#store = store;
    this.#batch = batch;
    this.#dimension = store.dimension;
    this.#words = bitWords(store.dimension);
  }

  /** Number of indexed vectors. */
  get size(): number {
    return this.#size;
  }

  /** Brings the index up to date with the tables (cheap when nothing changed). */
  refresh(): void {
    this.#checkGeneration();
    while (this.#loadBatch(this.#batch) === this.#batch) { /* until caught up */ }
  }

  /**
   * Loads the index in batches, yielding to the event loop between them, so a server can
   * warm it in the background while it keeps answering (a search meanwhile finishes the
   * load itself).
   */
  async warm(): Promise<void> {
    this.#checkGeneration();
    while (this.#loadBatch(this.#batch) === this.#batch) {
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  }

  #checkGeneration(): void {
    const store = this.#store;
    const generation =
      (store.prepare("SELECT value FROM counters WHERE name = 'generation'").get() as {
        value: number;
      }).value;
    if (generation === this.#generation) return;
    this.#size = 0;
    this.#slotOf.clear();
    this.#rev = -1;
    this.#rid = -1;
    this.#partial = false;
    this.#generation = generation;
    // Size the arrays once for a full load instead of doubling through it.
    const { n } = store.prepare("SELECT count(*) AS n FROM vector_state").get() as { n: number };
    this.#grow(n);
  }

  /**
   * Applies up to `limit` changed rows after the cursor and returns how many. The cursor is the
   * last (rev, rid) applied; only a batch that stopped inside one rev (a bulk transaction
   * shares a rev) resumes within it — otherwise the query is a strict `rev > ?`, which costs
   * nothing when the strand has not changed (a `(rev, rid) > (?, ?)` row comparison was
   * planned as `rev >= ?` and re-read the whole last transaction on every search).
   */
  #loadBatch(limit: number): number {
    let count = 0;
    if (this.#partial) {
      count = this.#apply(
        this.#rows("m.rev = ? AND m.rid > ? ORDER BY m.rid", [this.#rev, this.#rid], limit),
      );
      if (count === limit) return count;
      this.#partial = false;
    }
    const room = limit - count;
    const newer = this.#apply(this.#rows("m.rev > ? ORDER BY m.rev, m.rid", [this.#rev], room));
    this.#partial = newer === room;
    return count + newer;
  }

  #rows(where: string, params: number[], limit: number): IterableIterator<Row> {
    // Streamed: materializing 10^5 rows with their blobs at once cost ~300 MB of RSS.
    return this.#store.prepare(
      `SELECT m.rid AS rid, m.rev AS rev, m.scope AS scope, m.status AS status, m.type AS type,
              m.valid_from AS validFrom, m.valid_to AS validTo, v.q8 AS q8
       FROM memories m LEFT JOIN vector_state v ON v.rid = m.rid AND v.content_hash = m.content_hash
       WHERE ${where} LIMIT ?`,
    ).iterate(...params, limit) as IterableIterator<Row>;
  }

  #apply(rows: IterableIterator<Row>): number {
    let count = 0;
    for (const row of rows) {
      if (row.q8 && row.q8.byteLength === 4 + this.#dimension) this.#upsert(row, row.q8);
      else this.#remove(row.rid);
      this.#rev = row.rev;
      this.#rid = row.rid;
      count += 1;
    }
    return count;
  }

  /**
   * The `k` visible memories nearest to `query` (unit length), best first; ties by row id.
   * Call {@linkcode refresh} first.
   */
  search(query: Float32Array, visibility: Visibility, options: VectorSearchOptions): VectorHit[] {
    const { k } = options;
    const pool = Math.max(options.rescore ?? Math.max(8 * k, 256), k);
    const words = this.#words;
    const q = new Uint32Array(words);
    setSignBits(query, q, 0);

    const visible = this.#visibleSlots(visibility);
    const maxDistance = words * 32;
    const distance = this.#distance;
    const histogram = new Uint32Array(maxDistance + 2);
    const bits = this.#bits;
    const size = this.#size;
    let visibleCount = 0;
    for (let slot = 0; slot < size; slot++) {
      if (visible[slot] === 0) {
        distance[slot] = -1;
        continue;
      }
      const offset = slot * words;
      let d = 0;
      for (let w = 0; w < words; w++) {
        let x = bits[offset + w]! ^ q[w]!;
        x = x - ((x >>> 1) & 0x55555555);
        x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
        d += Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
      }
      distance[slot] = d;
      histogram[d]! += 1;
      visibleCount += 1;
    }
    if (visibleCount === 0) return [];

    // Smallest Hamming radius that holds `pool` candidates; ties at the radius by slot order.
    let threshold = 0;
    for (let total = 0; threshold <= maxDistance; threshold++) {
      total += histogram[threshold]!;
      if (total >= pool) break;
    }
    const slots: number[] = [];
    let atThreshold = 0;
    const budgetAtThreshold = pool - (visibleCount >= pool ? countBelow(histogram, threshold) : 0);
    for (let slot = 0; slot < this.#size; slot++) {
      const d = distance[slot]!;
      if (d < 0 || d > threshold) continue;
      if (d === threshold) {
        if (atThreshold >= budgetAtThreshold) continue;
        atThreshold += 1;
      }
      slots.push(slot);
    }

    const hits: VectorHit[] = slots.map((slot) => ({
      rid: this.#rids[slot]!,
      similarity: this.#dot(query, slot),
    }));
    hits.sort((a, b) => b.similarity - a.similarity || a.rid - b.rid);
    // A neighbour with no positive similarity shares nothing with the query: not a candidate.
    return hits.filter((hit) => hit.similarity > 0).slice(0, k);
  }

  /** Cosine similarity of two indexed memories (from their int8 copies), or null if either has no vector. */
  similarity(a: number, b: number): number | null {
    const sa = this.#slotOf.get(a);
    const sb = this.#slotOf.get(b);
    if (sa === undefined || sb === undefined) return null;
    const d = this.#dimension;
    const q = this.#q8;
    const x = sa * d;
    const y = sb * d;
    let sum = 0;
    for (let i = 0; i < d; i++) sum += q[x + i]! * q[y + i]!;
    return sum * this.#scale[sa]! * this.#scale[sb]!;
  }

  #dot(query: Float32Array, slot: number): number {
    const d = this.#dimension;
    const q = this.#q8;
    const offset = slot * d;
    let sum = 0;
    for (let i = 0; i < d; i++) sum += query[i]! * q[offset + i]!;
    return sum * this.#scale[slot]!;
  }

  /** 1 for each slot the visibility rule admits (same rule as `visibilitySql`). */
  #visibleSlots(v: Visibility): Uint8Array {
    const scopeOk = new Uint8Array(this.#scopeNames.length);
    for (let i = 0; i < this.#scopeNames.length; i++) {
      scopeOk[i] = v.scopes === "all" || v.scopes.includes(this.#scopeNames[i]!) ? 1 : 0;
    }
    const statusOk = new Uint8Array(STATUSES.length);
    for (const status of v.statuses) statusOk[STATUS_CODE.get(status)!] = 1;
    const typeOk = new Uint8Array(MEMORY_TYPES.length).fill(v.types?.length ? 0 : 1);
    for (const type of v.types ?? []) typeOk[TYPE_CODE.get(type)!] = 1;
    const { at, asOf } = v;
    const showEnded = v.includeEnded === true;
    const supersededCode = STATUS_CODE.get("superseded")!;
    const out = this.#visible.fill(0, 0, this.#size);
    for (let slot = 0; slot < this.#size; slot++) {
      const status = this.#status[slot]!;
      if (
        scopeOk[this.#scope[slot]!] !== 1 || statusOk[status] !== 1 ||
        typeOk[this.#type[slot]!] !== 1
      ) {
        continue;
      }
      const validTo = this.#validTo[slot]!; // NaN (no end) compares false
      const ok = asOf
        ? this.#validFrom[slot]! <= at && !(validTo <= at)
        : showEnded || !(validTo <= at) || status === supersededCode;
      if (ok) out[slot] = 1;
    }
    return out;
  }

  #upsert(row: Row, packed: Uint8Array): void {
    let slot = this.#slotOf.get(row.rid);
    if (slot === undefined) {
      if (this.#size === this.#capacity) this.#grow();
      slot = this.#size++;
      this.#slotOf.set(row.rid, slot);
      this.#rids[slot] = row.rid;
    }
    let scopeId = this.#scopeIds.get(row.scope);
    if (scopeId === undefined) {
      scopeId = this.#scopeNames.length;
      this.#scopeIds.set(row.scope, scopeId);
      this.#scopeNames.push(row.scope);
    }
    this.#scope[slot] = scopeId;
    this.#status[slot] = STATUS_CODE.get(row.status) ?? 0;
    this.#type[slot] = TYPE_CODE.get(row.type) ?? 0;
    this.#validFrom[slot] = row.validFrom;
    this.#validTo[slot] = row.validTo ?? NaN;
    const d = this.#dimension;
    this.#scale[slot] = new DataView(packed.buffer, packed.byteOffset, 4).getFloat32(0, true);
    const q = new Int8Array(packed.buffer, packed.byteOffset + 4, d);
    this.#q8.set(q, slot * d);
    const base = slot * this.#words;
    this.#bits.fill(0, base, base + this.#words);
    setSignBits(q, this.#bits, base);
  }

  #remove(rid: number): void {
    const slot = this.#slotOf.get(rid);
    if (slot === undefined) return;
    const last = this.#size - 1;
    if (slot !== last) {
      const movedRid = this.#rids[last]!;
      this.#rids[slot] = movedRid;
      this.#scope[slot] = this.#scope[last]!;
      this.#status[slot] = this.#status[last]!;
      this.#type[slot] = this.#type[last]!;
      this.#validFrom[slot] = this.#validFrom[last]!;
      this.#validTo[slot] = this.#validTo[last]!;
      this.#scale[slot] = this.#scale[last]!;
      this.#bits.copyWithin(slot * this.#words, last * this.#words, (last + 1) * this.#words);
      const d = this.#dimension;
      this.#q8.copyWithin(slot * d, last * d, (last + 1) * d);
      this.#slotOf.set(movedRid, slot);
    }
    this.#slotOf.delete(rid);
    this.#size = last;
  }

  /** Grows the arrays to hold at least `needed` slots (doubling when called without one). */
  #grow(needed = 0): void {
    if (needed > 0 && needed <= this.#capacity) return;
    const capacity = Math.max(1024, needed, this.#capacity * 2);
    const grow = <
      T extends Int32Array | Uint32Array | Uint8Array | Int8Array | Float32Array | Float64Array,
    >(
      old: T,
      make: (n: number) => T,
      per = 1,
    ): T => {
      const next = make(capacity * per);
      next.set(old as never);
      return next;
    };
    this.#rids = grow(this.#rids, (n) => new Int32Array(n));
    this.#bits = grow(this.#bits, (n) => new Uint32Array(n), this.#words);
    this.#q8 = grow(this.#q8, (n) => new Int8Array(n), this.#dimension);
    this.#scale = grow(this.#scale, (n) => new Float32Array(n));
    this.#scope = grow(this.#scope, (n) => new Uint32Array(n));
    this.#status = grow(this.#status, (n) => new Uint8Array(n));
    this.#type = grow(this.#type, (n) => new Uint8Array(n));
    this.#validFrom = grow(this.#validFrom, (n) => new Float64Array(n));
    this.#validTo = grow(this.#validTo, (n) => new Float64Array(n));
    // Scratch for searches, reused so a search allocates nothing in proportion to the strand.
    this.#distance = new Int32Array(capacity);
    this.#visible = new Uint8Array(capacity);
    this.#capacity = capacity;
  }
}

function countBelow(histogram: Uint32Array, threshold: number): number {
  let total = 0;
  for (let d = 0; d < threshold; d++) total += histogram[d]!;
  return total;
}
