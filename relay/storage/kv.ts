/**
 * The Deno KV relay backend (Deno Deploy; locally `Deno.openKv(path)` with `--unstable-kv`).
 *
 * Deno KV values are at most 64 KiB and an atomic operation at most 800 KiB, so bytes over
 * {@linkcode CHUNK_BYTES} are written first as content-addressed chunks
 * (`["blob", strand, hash, i]`: two writers of the same bytes write the same chunks), and the
 * index entry that makes them visible is committed atomically afterwards. One key per strand,
 * `["head", strand]`, holds the roster head, the next delta sequence and the bytes used; every
 * append commits with an atomic `check` on it, which is the roster compare-and-swap (R7, R17).
 * The log tree's nodes (R16) sit at `["logNode", strand, level, index]`, written in the same
 * atomic commit as the delta they close; `logSize` in the head counts the leaves (a strand
 * from before the tree is built up to `deltaSeq` on first use).
 *
 * @module
 */
import { logAppendNodes, logAppendSiblings, logLeafHash } from "@helix/core/wire";
import type {
  AppendDeltaResult,
  AppendRosterResult,
  DeltaRecord,
  ListCaps,
  LogNodeKey,
  RelayStorage,
  RosterHead,
  RosterRecord,
  StoredItem,
} from "./types.ts";
import { kvCompaction } from "./kv_compaction.ts";
import { kvSnapshots } from "./kv_snapshots.ts";

/** Largest value part stored under one key (Deno KV's limit is 65,536 bytes per value). */
export const CHUNK_BYTES = 60_000;
/** Chunks written per atomic operation (10 × 60,000 bytes stays under the 800 KiB limit). */
const CHUNKS_PER_WRITE = 10;

/** A strand's head: its roster head, epoch and write key, delta count and bytes used. */
export interface HeadValue {
  headSeq: number;
  headHash: string;
  epoch: number;
  wpk: Uint8Array;
  deltaSeq: number;
  bytesUsed: number;
  /** Leaves in the log tree; absent on strands stored before the tree existed. */
  logSize?: number;
}

/** An index entry: the bytes inline when small, else the chunk count under its hash. */
export interface ItemValue {
  hash: string;
  epoch: number;
  day: number;
  size: number;
  inline: Uint8Array | null;
}

interface RendezvousValue {
  expiresAt: number;
  parts: number;
}

/** A relay storage over an open Deno KV database (which it closes on `close`). */
export function openKvStorage(kv: Deno.Kv): RelayStorage {
  const headKey = (strand: string) => ["head", strand];

  async function writeChunks(strand: string, hash: string, bytes: Uint8Array): Promise<void> {
    if (bytes.length <= CHUNK_BYTES) return;
    const count = Math.ceil(bytes.length / CHUNK_BYTES);
    for (let first = 0; first < count; first += CHUNKS_PER_WRITE) {
      const op = kv.atomic();
      for (let i = first; i < Math.min(count, first + CHUNKS_PER_WRITE); i++) {
        op.set(["blob", strand, hash, i], bytes.slice(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES));
      }
      const result = await op.commit();
      if (!result.ok) throw new Error("Cannot store chunks: the atomic write failed");
    }
  }

  async function dropChunks(strand: string, hash: string): Promise<void> {
    for await (const entry of kv.list({ prefix: ["blob", strand, hash] })) {
      await kv.delete(entry.key);
    }
  }

  async function bytesOf(strand: string, value: ItemValue): Promise<Uint8Array> {
    if (value.inline) return value.inline;
    const out = new Uint8Array(value.size);
    let offset = 0;
    for await (const entry of kv.list<Uint8Array>({ prefix: ["blob", strand, value.hash] })) {
      out.set(entry.value, offset);
      offset += entry.value.length;
    }
    if (offset !== value.size) {
      throw new Error(`Cannot read stored item: ${offset} of ${value.size} bytes are there`);
    }
    return out;
  }

  function itemOf(hash: string, epoch: number, bytes: Uint8Array, day: number): ItemValue {
    // A copy: V8 serializes a view's whole buffer (a request body may sit in a larger one).
    const inline = bytes.length <= CHUNK_BYTES ? bytes.slice() : null;
    return { hash, epoch, day, size: bytes.length, inline };
  }

  async function list(
    kind: "roster" | "delta",
    strand: string,
    after: number,
    caps: ListCaps,
  ): Promise<StoredItem[]> {
    const items: StoredItem[] = [];
    let total = 0;
    const entries = kv.list<ItemValue>(
      { prefix: [kind, strand], start: [kind, strand, after + 1] },
      { limit: caps.maxCount },
    );
    for await (const entry of entries) {
      if (items.length > 0 && total + entry.value.size > caps.maxBytes) break;
      total += entry.value.size;
      items.push({ seq: entry.key[2] as number, bytes: await bytesOf(strand, entry.value) });
    }
    return items;
  }

  const nodeKey = (strand: string, key: LogNodeKey) => ["logNode", strand, key.level, key.index];

  async function readNodes(
    strand: string,
    keys: readonly LogNodeKey[],
  ): Promise<(Uint8Array | null)[]> {
    const out: (Uint8Array | null)[] = [];
    for (let i = 0; i < keys.length; i += 10) { // getMany takes at most 10 keys
      const batch = keys.slice(i, i + 10).map((key) => nodeKey(strand, key));
      for (const entry of await kv.getMany<Uint8Array[]>(batch)) out.push(entry.value);
    }
    return out;
  }

  /** The nodes that leaf `index` with delta id `deltaId` adds to the tree. */
  async function newNodes(strand: string, index: number, deltaId: string) {
    const siblings = logAppendSiblings(index);
    const hashes = await readNodes(strand, siblings);
    const lookup = (level: number, at: number) => {
      const found = hashes[siblings.findIndex((k) => k.level === level && k.index === at)];
      if (!found) throw new Error(`The log tree lacks node ${level}/${at}`);
      return found;
    };
    return logAppendNodes(index, logLeafHash(deltaId), lookup);
  }

  /**
   * Builds the tree of a strand stored before it existed, up to its last delta; returns the
   * log's size (null for an unknown strand).
   */
  async function catchUpLog(strand: string): Promise<number | null> {
    for (;;) {
      const current = await kv.get<HeadValue>(headKey(strand));
      const head = current.value;
      if (!head) return null;
      if ((head.logSize ?? 0) >= head.deltaSeq) return head.deltaSeq;
      const index = head.logSize ?? 0;
      const item = await kv.get<ItemValue>(["delta", strand, index + 1]);
      if (!item.value) throw new Error(`Cannot build the log tree: delta ${index + 1} is missing`);
      const op = kv.atomic().check(current).set(headKey(strand), { ...head, logSize: index + 1 });
      for (const node of await newNodes(strand, index, item.value.hash)) {
        op.set(nodeKey(strand, node), node.hash);
      }
      await op.commit();
    }
  }

  const headOf = (value: HeadValue): RosterHead => ({
    seq: value.headSeq,
    hash: value.headHash,
    epoch: value.epoch,
    wpk: value.wpk,
  });

  return {
    ...kvSnapshots(kv),
    ...kvCompaction(kv),
    async createStrand(strand: string, genesis: RosterRecord): Promise<boolean> {
      await writeChunks(strand, genesis.hash, genesis.bytes);
      const head: HeadValue = {
        headSeq: genesis.seq,
        headHash: genesis.hash,
        epoch: genesis.epoch,
        wpk: genesis.wpk.slice(),
        deltaSeq: 0,
        bytesUsed: 0,
      };
      const result = await kv.atomic()
        .check({ key: headKey(strand), versionstamp: null })
        .set(headKey(strand), head)
        .set(
          ["roster", strand, genesis.seq],
          itemOf(genesis.hash, genesis.epoch, genesis.bytes, genesis.day),
        )
        .commit();
      return result.ok;
    },
    async rosterHead(strand: string): Promise<RosterHead | null> {
      const entry = await kv.get<HeadValue>(headKey(strand));
      return entry.value ? headOf(entry.value) : null;
    },
    async appendRoster(
      strand: string,
      prev: string,
      entry: RosterRecord,
    ): Promise<AppendRosterResult> {
      await writeChunks(strand, entry.hash, entry.bytes);
      for (;;) {
        const current = await kv.get<HeadValue>(headKey(strand));
        const head = current.value;
        if (!head) return { kind: "no_strand" };
        if (head.headSeq !== entry.seq - 1 || head.headHash !== prev) {
          return { kind: "conflict", head: headOf(head) };
        }
        const next: HeadValue = {
          ...head,
          headSeq: entry.seq,
          headHash: entry.hash,
          epoch: entry.epoch,
          wpk: entry.wpk.slice(),
        };
        const result = await kv.atomic()
          .check(current)
          .set(headKey(strand), next)
          .set(
            ["roster", strand, entry.seq],
            itemOf(entry.hash, entry.epoch, entry.bytes, entry.day),
          )
          .commit();
        if (result.ok) return { kind: "stored", seq: entry.seq };
      }
    },
    listRoster(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return list("roster", strand, after, caps);
    },
    async findDelta(strand: string, deltaId: string): Promise<number | null> {
      return (await kv.get<number>(["deltaId", strand, deltaId])).value;
    },
    async appendDelta(
      strand: string,
      delta: DeltaRecord,
      quota: number,
    ): Promise<AppendDeltaResult> {
      const idKey = ["deltaId", strand, delta.deltaId];
      const known = await kv.get<number>(idKey);
      if (known.value !== null) return { kind: "duplicate", seq: known.value };
      await writeChunks(strand, delta.deltaId, delta.bytes);
      for (;;) {
        const [current, existing] = await kv.getMany<[HeadValue, number]>([headKey(strand), idKey]);
        if (existing.value !== null) return { kind: "duplicate", seq: existing.value };
        const head = current.value;
        const refused: AppendDeltaResult | null = !head
          ? { kind: "no_strand" }
          : head.epoch !== delta.epoch
          ? { kind: "stale_epoch", epoch: head.epoch }
          : head.bytesUsed + delta.bytes.length > quota
          ? { kind: "quota", used: head.bytesUsed }
          : null;
        if (refused || !head) {
          await dropChunks(strand, delta.deltaId);
          return refused ?? { kind: "no_strand" };
        }
        const seq = head.deltaSeq + 1;
        if ((head.logSize ?? 0) !== head.deltaSeq) {
          await catchUpLog(strand);
          continue;
        }
        const op = kv.atomic()
          .check(current)
          .check(existing)
          .set(headKey(strand), {
            ...head,
            deltaSeq: seq,
            bytesUsed: head.bytesUsed + delta.bytes.length,
            logSize: seq,
          })
          .set(["delta", strand, seq], itemOf(delta.deltaId, delta.epoch, delta.bytes, delta.day))
          .set(idKey, seq);
        for (const node of await newNodes(strand, seq - 1, delta.deltaId)) {
          op.set(nodeKey(strand, node), node.hash);
        }
        const result = await op.commit();
        if (result.ok) return { kind: "stored", seq };
      }
    },
    listDeltas(strand: string, after: number, caps: ListCaps): Promise<StoredItem[]> {
      return list("delta", strand, after, caps);
    },
    logSize(strand: string): Promise<number | null> {
      return catchUpLog(strand);
    },
    logNodes(strand: string, keys: readonly LogNodeKey[]): Promise<(Uint8Array | null)[]> {
      return readNodes(strand, keys);
    },
    async bytesUsed(strand: string): Promise<number> {
      return (await kv.get<HeadValue>(headKey(strand))).value?.bytesUsed ?? 0;
    },
    async putRendezvous(
      id: string,
      slot: string,
      bytes: Uint8Array,
      expiresAt: number,
    ): Promise<void> {
      // A 64 KiB blob is over one value: it goes in parts, with the count beside the expiry.
      const parts = Math.max(1, Math.ceil(bytes.length / CHUNK_BYTES));
      const op = kv.atomic().set(["rendezvous", id, slot], { expiresAt, parts });
      for (let i = 0; i < parts; i++) {
        op.set(
          ["rendezvousPart", id, slot, i],
          bytes.slice(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES),
        );
      }
      const result = await op.commit();
      if (!result.ok) throw new Error("Cannot store rendezvous blob: the atomic write failed");
    },
    async getRendezvous(id: string, slot: string, now: number): Promise<Uint8Array | null> {
      const value = (await kv.get<RendezvousValue>(["rendezvous", id, slot])).value;
      if (!value || value.expiresAt <= now) return null;
      const keys = Array.from({ length: value.parts }, (_, i) => ["rendezvousPart", id, slot, i]);
      const parts = (await kv.getMany<Uint8Array[]>(keys)).map((entry) => entry.value);
      if (parts.some((part) => part === null)) return null;
      const out = new Uint8Array(parts.reduce((sum, part) => sum + part!.length, 0));
      let offset = 0;
      for (const part of parts) {
        out.set(part!, offset);
        offset += part!.length;
      }
      return out;
    },
    async expireRendezvous(now: number): Promise<number> {
      let removed = 0;
      for await (const entry of kv.list<RendezvousValue>({ prefix: ["rendezvous"] })) {
        if (entry.value.expiresAt > now) continue;
        const op = kv.atomic().check(entry).delete(entry.key);
        for (let i = 0; i < entry.value.parts; i++) {
          op.delete(["rendezvousPart", ...entry.key.slice(1), i]);
        }
        if ((await op.commit()).ok) removed++;
      }
      return removed;
    },
    close(): void {
      kv.close();
    },
  };
}
