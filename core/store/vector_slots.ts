/**
 * The columns of the in-process vector index: one slot per memory with a current vector,
 * holding its row id, int8 vector and scale, sign bits, and the fields visibility needs, plus
 * each scope's list of slots, so a search from a project scans that project's vectors (and
 * global's) rather than the whole strand. Slots stay dense: removing one moves the last
 * slot into its place.
 *
 * The int8 vectors and sign bits live in the linear memory of the WebAssembly kernels
 * (`vector_kernels.ts`), each padded to a multiple of 16 bytes, followed by the scratch space a
 * search works in ({@linkcode Scratch}); the other columns are plain typed arrays.
 *
 * Memory per vector at 384-d: 384 (int8) + 48 (sign bits) + 33 (row id, scale, fields, scope
 * list entry) + 14 (search scratch) bytes, plus 4 bytes per row id up to the largest (the slot
 * of a row id).
 *
 * @module
 */
import { MEMORY_TYPES, STATUSES } from "../model/types.ts";
import { createKernels, type Kernels } from "./vector_kernels.ts";
import { bitWords, setSignBits } from "./vector_math.ts";

/** Status codes as stored in the slots. */
export const STATUS_CODE: ReadonlyMap<string, number> = new Map(STATUSES.map((s, i) => [s, i]));
/** Type codes as stored in the slots. */
export const TYPE_CODE: ReadonlyMap<string, number> = new Map(MEMORY_TYPES.map((t, i) => [t, i]));

/**
 * A slot's `meta` byte: status code (bits 0–2), type code (bits 3–6), and {@linkcode ENDS}
 * when its validity has an end. A search checks status and type with one table lookup and
 * reads the validity columns only for the few memories whose validity ends.
 */
export function metaByte(status: string, type: string, ends: boolean): number {
  return (STATUS_CODE.get(status) ?? 0) | (TYPE_CODE.get(type) ?? 0) << 3 | (ends ? ENDS : 0);
}

/** The `meta` bit of a memory whose validity has an end. */
export const ENDS = 0x80;

/** What a slot records about its memory. */
export interface SlotFields {
  readonly rid: number;
  readonly scope: string;
  readonly status: string;
  readonly type: string;
  readonly validFrom: number;
  readonly validTo: number | null;
}

/** Where a search's scratch arrays sit in the kernels' memory, and views of them. */
export interface Scratch {
  /** Visible slots (i32), then their Hamming distances (u16). */
  readonly found: Int32Array;
  readonly foundAt: number;
  readonly distance: Uint16Array;
  readonly distanceAt: number;
  /** Slots picked for rescoring (i32), then their dot products with the query (i32). */
  readonly picked: Int32Array;
  readonly pickedAt: number;
  readonly dots: Int32Array;
  readonly dotsAt: number;
  /** Count of found slots per Hamming distance (u32). */
  readonly histogram: Uint32Array;
  readonly histogramAt: number;
  /** The query's sign bits (one padded slot's worth) and its int16 components. */
  readonly queryBits: Uint32Array;
  readonly queryBitsAt: number;
  readonly queryInt16: Int16Array;
  readonly queryInt16At: number;
}

/** Columnar storage of the index's vectors (see the module doc). */
export class VectorSlots {
  readonly dimension: number;
  readonly words: number;
  /** Bytes per slot of int8 components and of sign bits, padded to 16. */
  readonly q8Stride: number;
  readonly bitStride: number;
  size = 0;
  #capacity = 0;
  rids: Int32Array = new Int32Array(0);
  /** Sign bits: slot s at word s × bitStride / 4. */
  bits: Uint32Array = new Uint32Array(0);
  /** Int8 components: slot s at s × q8Stride. */
  q8: Int8Array = new Int8Array(0);
  /** The bits start here in the kernels' memory (the int8 components at 0). */
  bitsAt = 0;
  kernels: Kernels | undefined;
  scratch: Scratch | undefined;
  scale: Float32Array = new Float32Array(0);
  scope: Uint32Array = new Uint32Array(0);
  /** Status, type and whether validity ends ({@linkcode metaByte}). */
  meta: Uint8Array = new Uint8Array(0);
  validFrom: Float64Array = new Float64Array(0);
  /** NaN when the memory's validity has no end. */
  validTo: Float64Array = new Float64Array(0);
  /** Per scope id, its slots (the first `scopeSize[id]` entries). */
  readonly scopeSlots: Int32Array[] = [];
  readonly scopeSize: number[] = [];
  readonly scopeNames: string[] = [];
  readonly #scopeIds = new Map<string, number>();
  /** Where each slot sits in its scope's list. */
  #scopeAt: Int32Array = new Int32Array(0);
  /** Slot + 1 of each row id (0: none). */
  #slotOfRid: Int32Array = new Int32Array(0);

  /** Empty slots for `dimension`-d vectors. */
  constructor(dimension: number) {
    this.dimension = dimension;
    this.words = bitWords(dimension);
    this.q8Stride = pad16(dimension);
    this.bitStride = pad16(this.words * 4);
  }

  /** Empties the slots, keeping the arrays; `expected` slots are allocated at once. */
  clear(expected: number): void {
    this.size = 0;
    this.#slotOfRid.fill(0);
    this.scopeSize.fill(0);
    this.grow(expected);
  }

  /** The slot of `rid`, or undefined. */
  slotOf(rid: number): number | undefined {
    const slot = this.#slotOfRid[rid];
    return slot ? slot - 1 : undefined;
  }

  /** The id of `scope`, or undefined when no vector has had it. */
  scopeId(scope: string): number | undefined {
    return this.#scopeIds.get(scope);
  }

  /** Stores (or replaces) a memory's fields and its packed int8 vector (scale, then components). */
  upsert(row: SlotFields, packed: Uint8Array): void {
    let slot = this.slotOf(row.rid);
    const scopeId = this.#internScope(row.scope);
    if (slot === undefined) {
      if (this.size === this.#capacity) this.grow();
      slot = this.size++;
      this.#setSlotOf(row.rid, slot);
      this.rids[slot] = row.rid;
      this.#addToScope(slot, scopeId);
    } else if (this.scope[slot] !== scopeId) {
      this.#removeFromScope(slot);
      this.#addToScope(slot, scopeId);
    }
    this.meta[slot] = metaByte(row.status, row.type, row.validTo !== null);
    this.validFrom[slot] = row.validFrom;
    this.validTo[slot] = row.validTo ?? NaN;
    this.scale[slot] = new DataView(packed.buffer, packed.byteOffset, 4).getFloat32(0, true);
    const q = new Int8Array(packed.buffer, packed.byteOffset + 4, this.dimension);
    this.q8.set(q, slot * this.q8Stride);
    const base = (slot * this.bitStride) >> 2;
    this.bits.fill(0, base, base + (this.bitStride >> 2));
    setSignBits(q, this.bits, base);
  }

  /** Drops `rid`'s slot, if any, moving the last slot into its place. */
  remove(rid: number): void {
    const slot = this.slotOf(rid);
    if (slot === undefined) return;
    this.#removeFromScope(slot);
    const last = this.size - 1;
    if (slot !== last) {
      const movedRid = this.rids[last]!;
      this.rids[slot] = movedRid;
      const scopeId = this.scope[last]!;
      this.scope[slot] = scopeId;
      this.scopeSlots[scopeId]![this.#scopeAt[last]!] = slot;
      this.#scopeAt[slot] = this.#scopeAt[last]!;
      this.meta[slot] = this.meta[last]!;
      this.validFrom[slot] = this.validFrom[last]!;
      this.validTo[slot] = this.validTo[last]!;
      this.scale[slot] = this.scale[last]!;
      const w = this.bitStride >> 2;
      this.bits.copyWithin(slot * w, last * w, (last + 1) * w);
      const d = this.q8Stride;
      this.q8.copyWithin(slot * d, last * d, (last + 1) * d);
      this.#setSlotOf(movedRid, slot);
    }
    this.#slotOfRid[rid] = 0;
    this.size = last;
  }

  /** Grows the columns to hold at least `needed` slots (doubling when called without one). */
  grow(needed = 0): void {
    if (needed > 0 && needed <= this.#capacity) return;
    // 1.5×: at 10^6 vectors a doubling would reserve ~450 MB more than needed.
    const capacity = Math.max(1024, needed, Math.ceil(this.#capacity * 1.5));
    const grow = <
      T extends Int32Array | Uint32Array | Uint8Array | Int8Array | Float32Array | Float64Array,
    >(
      old: T,
      make: (n: number) => T,
      per = 1,
    ): T => {
      const next = make(capacity * per);
      next.set(old.subarray(0, this.size * per) as never);
      return next;
    };
    this.rids = grow(this.rids, (n) => new Int32Array(n));
    this.#growKernelMemory(capacity);
    this.scale = grow(this.scale, (n) => new Float32Array(n));
    this.scope = grow(this.scope, (n) => new Uint32Array(n));
    this.#scopeAt = grow(this.#scopeAt, (n) => new Int32Array(n));
    this.meta = grow(this.meta, (n) => new Uint8Array(n));
    this.validFrom = grow(this.validFrom, (n) => new Float64Array(n));
    this.validTo = grow(this.validTo, (n) => new Float64Array(n));
    this.#capacity = capacity;
  }

  /**
   * Grows the kernels' memory in place for `capacity` slots: the bits move up past the larger
   * int8 region (memmove semantics), then the scratch space is laid out after them.
   */
  #growKernelMemory(capacity: number): void {
    const q8Bytes = capacity * this.q8Stride;
    const bitBytes = capacity * this.bitStride;
    const found = q8Bytes + bitBytes;
    const distance = found + capacity * 4;
    const picked = distance + pad16(capacity * 2);
    const dots = picked + capacity * 4;
    const histogram = dots + capacity * 4;
    const queryBits = histogram + pad16((this.bitStride * 8 + 1) * 4);
    const queryInt16 = queryBits + this.bitStride;
    const total = queryInt16 + this.q8Stride * 2;
    const oldBitsAt = this.bitsAt;
    const used = this.size * this.bitStride;
    if (!this.kernels) this.kernels = createKernels(total);
    const memory = this.kernels.memory;
    const missing = total - memory.buffer.byteLength;
    if (missing > 0) memory.grow(Math.ceil(missing / 65_536));
    const buffer = memory.buffer;
    new Uint8Array(buffer).copyWithin(q8Bytes, oldBitsAt, oldBitsAt + used);
    this.bitsAt = q8Bytes;
    this.q8 = new Int8Array(buffer, 0, q8Bytes);
    this.bits = new Uint32Array(buffer, q8Bytes, bitBytes >> 2);
    this.scratch = {
      found: new Int32Array(buffer, found, capacity),
      foundAt: found,
      distance: new Uint16Array(buffer, distance, capacity),
      distanceAt: distance,
      picked: new Int32Array(buffer, picked, capacity),
      pickedAt: picked,
      dots: new Int32Array(buffer, dots, capacity),
      dotsAt: dots,
      histogram: new Uint32Array(buffer, histogram, this.bitStride * 8 + 1),
      histogramAt: histogram,
      queryBits: new Uint32Array(buffer, queryBits, this.bitStride >> 2),
      queryBitsAt: queryBits,
      queryInt16: new Int16Array(buffer, queryInt16, this.q8Stride),
      queryInt16At: queryInt16,
    };
  }

  #setSlotOf(rid: number, slot: number): void {
    if (rid >= this.#slotOfRid.length) {
      const next = new Int32Array(Math.max(1024, rid + 1, this.#slotOfRid.length * 2));
      next.set(this.#slotOfRid);
      this.#slotOfRid = next;
    }
    this.#slotOfRid[rid] = slot + 1;
  }

  #internScope(scope: string): number {
    let id = this.#scopeIds.get(scope);
    if (id === undefined) {
      id = this.scopeNames.length;
      this.#scopeIds.set(scope, id);
      this.scopeNames.push(scope);
      this.scopeSlots.push(new Int32Array(64));
      this.scopeSize.push(0);
    }
    return id;
  }

  #addToScope(slot: number, scopeId: number): void {
    let list = this.scopeSlots[scopeId]!;
    const n = this.scopeSize[scopeId]!;
    if (n === list.length) {
      const next = new Int32Array(list.length * 2);
      next.set(list);
      this.scopeSlots[scopeId] = list = next;
    }
    list[n] = slot;
    this.#scopeAt[slot] = n;
    this.scopeSize[scopeId] = n + 1;
    this.scope[slot] = scopeId;
  }

  #removeFromScope(slot: number): void {
    const scopeId = this.scope[slot]!;
    const list = this.scopeSlots[scopeId]!;
    const n = this.scopeSize[scopeId]! - 1;
    const at = this.#scopeAt[slot]!;
    const moved = list[n]!;
    list[at] = moved;
    this.#scopeAt[moved] = at;
    this.scopeSize[scopeId] = n;
  }
}

/** `n` rounded up to a multiple of 16. */
function pad16(n: number): number {
  return Math.ceil(n / 16) * 16;
}
