/**
 * An in-process nearest-neighbour index over the strand's vectors.
 *
 * sqlite-vec's `vec0` table is the durable store of the float vectors, but its brute-force
 * KNN over 10^5 × 384-d vectors with metadata filters took 40–60 ms on the reference machine
 * (measured), and each of its point lookups ~25 µs, both well over the 15 ms search budget.
 * This index keeps, per memory, an int8-quantized copy of its vector (384 bytes at 384-d,
 * from `vector_state.q8`), the sign bits derived from it (48 bytes) and the fields visibility
 * needs (`vector_slots.ts`). A search visits only the slots of the visible scopes, ranks them
 * by the Hamming distance of their sign bits to the query's, rescores the closest
 * {@linkcode rescorePool} of them against the int8 vectors (dot products within about 1 % of
 * the float ones) and returns the top k. Both inner loops run in WebAssembly SIMD
 * (`vector_kernels.ts`): at 10^6 vectors a search from every scope takes ~20 ms.
 *
 * The rescoring pool grows with the visible vectors (one in {@linkcode RESCORE_SHARE}): sign
 * bits tell a query's neighbourhood from the rest of the strand, but not the order inside it,
 * and a fixed pool of a few hundred covered a shrinking part of that neighbourhood as the
 * strand grew (recall@10 against exact search fell to 0.29 at 10^6 synthetic memories, 0.88
 * from one project). Measured in bench/RESULTS-scale.md.
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
import type { Store } from "./store.ts";
import { setSignBits } from "./vector_math.ts";
import { ENDS, metaByte, STATUS_CODE, VectorSlots } from "./vector_slots.ts";
import type { Visibility } from "./visibility.ts";
import { MEMORY_TYPES } from "../model/types.ts";

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
  /** Candidates rescored after the Hamming pass. @default {rescorePool(k, visible)} */
  rescore?: number;
}

/** One visible vector in this many is rescored (at least {@linkcode rescorePool}'s floor). */
export const RESCORE_SHARE = 50;

/** Vectors rescored for `k` neighbours among `visible` vectors: max(8k, 256, visible / 50). */
export function rescorePool(k: number, visible: number): number {
  return Math.max(8 * k, 256, Math.ceil(visible / RESCORE_SHARE));
}

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
  readonly #slots: VectorSlots;
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
    this.#slots = new VectorSlots(store.dimension);
  }

  /** Number of indexed vectors. */
  get size(): number {
    return this.#slots.size;
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
    this.#rev = -1;
    this.#rid = -1;
    this.#partial = false;
    this.#generation = generation;
    // Size the columns once for a full load instead of doubling through it.
    const { n } = store.prepare("SELECT count(*) AS n FROM vector_state").get() as { n: number };
    this.#slots.clear(n);
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
    const slots = this.#slots;
    for (const row of rows) {
      if (row.q8 && row.q8.byteLength === 4 + slots.dimension) slots.upsert(row, row.q8);
      else slots.remove(row.rid);
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
    const slots = this.#slots;
    const kernels = slots.kernels;
    const scratch = slots.scratch;
    if (!kernels || !scratch) return [];
    let visible = 0;
    for (const [list, n] of this.#sources(visibility)) {
      visible = this.#visible(list, n, visibility, visible);
    }
    if (visible === 0) return [];

    // Hamming distances of the visible slots' sign bits to the query's, and their histogram.
    scratch.queryBits.fill(0);
    setSignBits(query, scratch.queryBits, 0);
    const histogram = scratch.histogram.fill(0);
    kernels.hamming(
      slots.bitsAt,
      slots.bitStride,
      scratch.queryBitsAt,
      scratch.foundAt,
      visible,
      scratch.distanceAt,
      scratch.histogramAt,
    );

    // Smallest Hamming radius that holds `pool` candidates; ties at the radius in visit order.
    const pool = Math.max(options.rescore ?? rescorePool(k, visible), k);
    let threshold = 0;
    let below = 0;
    for (; threshold < histogram.length - 1; threshold++) {
      if (below + histogram[threshold]! >= pool) break;
      below += histogram[threshold]!;
    }
    let atThreshold = pool - below;
    const { found, distance, picked } = scratch;
    let count = 0;
    for (let i = 0; i < visible; i++) {
      const d = distance[i]!;
      if (d > threshold) continue;
      if (d === threshold) {
        if (atThreshold === 0) continue;
        atThreshold -= 1;
      }
      picked[count++] = found[i]!;
    }

    // Rescore the picked slots: int8 components against the query in int16.
    const queryScale = quantizeQuery(query, scratch.queryInt16, slots.dimension);
    kernels.dots(0, slots.q8Stride, scratch.queryInt16At, scratch.pickedAt, count, scratch.dotsAt);
    const best = new TopK(k);
    const { dots } = scratch;
    for (let i = 0; i < count; i++) {
      const slot = picked[i]!;
      // A neighbour with no positive similarity shares nothing with the query: not a candidate.
      const similarity = dots[i]! * queryScale * slots.scale[slot]!;
      if (similarity > 0) best.offer(slots.rids[slot]!, similarity);
    }
    return best.hits();
  }

  /** The slot lists to visit: the visible scopes' lists, or every slot (`null`). */
  #sources(v: Visibility): Array<[Int32Array | null, number]> {
    const slots = this.#slots;
    if (v.scopes === "all") return [[null, slots.size]];
    const sources: Array<[Int32Array | null, number]> = [];
    for (const scope of new Set(v.scopes)) {
      const id = slots.scopeId(scope);
      if (id !== undefined) sources.push([slots.scopeSlots[id]!, slots.scopeSize[id]!]);
    }
    return sources;
  }

  /**
   * Appends the slots of `list` (its first `n` entries; every slot when null) that `v` admits
   * to the found slots from position `from`, and returns the new number of found slots.
   */
  #visible(list: Int32Array | null, n: number, v: Visibility, from: number): number {
    const s = this.#slots;
    const meta = s.meta;
    const found = s.scratch!.found;
    const accept = acceptedCodes(v);
    const { at, asOf } = v;
    const showEnded = v.includeEnded === true;
    const superseded = STATUS_CODE.get("superseded")!;
    let count = from;
    for (let i = 0; i < n; i++) {
      const slot = list === null ? i : list[i]!;
      const code = meta[slot]!;
      if (accept[code & ~ENDS] !== 1) continue;
      if (asOf) {
        if (!(s.validFrom[slot]! <= at) || ((code & ENDS) !== 0 && s.validTo[slot]! <= at)) {
          continue;
        }
      } else if (
        (code & ENDS) !== 0 && !showEnded && s.validTo[slot]! <= at && (code & 7) !== superseded
      ) {
        continue;
      }
      found[count++] = slot;
    }
    return count;
  }

  /** Cosine similarity of two indexed memories (from their int8 copies), or null if either has no vector. */
  similarity(a: number, b: number): number | null {
    const s = this.#slots;
    const sa = s.slotOf(a);
    const sb = s.slotOf(b);
    if (sa === undefined || sb === undefined) return null;
    const d = s.dimension;
    const q = s.q8;
    const x = sa * s.q8Stride;
    const y = sb * s.q8Stride;
    let sum = 0;
    for (let i = 0; i < d; i++) sum += q[x + i]! * q[y + i]!;
    return sum * s.scale[sa]! * s.scale[sb]!;
  }
}

/** The best `k` (row id, similarity) pairs offered, by similarity then row id. */
class TopK {
  readonly #k: number;
  readonly #hits: VectorHit[] = [];

  constructor(k: number) {
    this.#k = k;
  }

  offer(rid: number, similarity: number): void {
    const hits = this.#hits;
    if (hits.length === this.#k && !worse(hits[hits.length - 1]!, rid, similarity)) return;
    let at = hits.length;
    while (at > 0 && worse(hits[at - 1]!, rid, similarity)) at--;
    hits.splice(at, 0, { rid, similarity });
    if (hits.length > this.#k) hits.pop();
  }

  hits(): VectorHit[] {
    return this.#hits;
  }
}

/** True when `hit` ranks below (`rid`, `similarity`). */
function worse(hit: VectorHit, rid: number, similarity: number): boolean {
  return hit.similarity < similarity || (hit.similarity === similarity && hit.rid > rid);
}

/** 1 for each status-and-type code (the low bits of {@linkcode metaByte}) `v` admits. */
function acceptedCodes(v: Visibility): Uint8Array {
  const accept = new Uint8Array(ENDS);
  const types = v.types?.length ? v.types : MEMORY_TYPES;
  for (const status of v.statuses) {
    for (const type of types) accept[metaByte(status, type, false)] = 1;
  }
  return accept;
}

/**
 * Writes `query` as int16 components into `out` (its padding left zero) and returns the scale
 * back to floats. The largest component maps to the largest value that keeps any dot product
 * with int8 components within 32 bits (32,767 up to 516 dimensions).
 */
function quantizeQuery(query: Float32Array, out: Int16Array, dimension: number): number {
  let max = 0;
  for (let i = 0; i < dimension; i++) max = Math.max(max, Math.abs(query[i]!));
  if (max === 0) {
    out.fill(0);
    return 0;
  }
  const top = Math.min(32_767, Math.floor(2_147_483_647 / (127 * dimension)));
  const scale = max / top;
  for (let i = 0; i < dimension; i++) out[i] = Math.round(query[i]! / scale);
  out.fill(0, dimension);
  return scale;
}
