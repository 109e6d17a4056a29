/**
 * Compaction in the Deno KV relay backend (R28). The marker in force is `["gcMarker", strand]`,
 * set first (by an atomic check, so it never goes back to an earlier position); then each
 * covered delta's entry `["delta", strand, seq]` and its chunks are deleted and the head's
 * `bytesUsed` goes down by what was freed, a batch at a time. Its id stays under
 * `["deltaId", strand, id]` (what `findDelta` reads), so a re-upload is still a duplicate. A
 * drop cut short is finished by the next `compact` with the same marker.
 *
 * @module
 */
import type { HeadValue, ItemValue } from "./kv.ts";
import type { CompactionStorage, CompactResult, GcRecord } from "./types.ts";

/** Entries deleted per atomic commit (each with its check: Deno Deploy allows few per commit). */
const BATCH = 10;

/** The compaction half of the KV storage over `kv`. */
export function kvCompaction(kv: Deno.Kv): CompactionStorage {
  async function release(strand: string, freed: number): Promise<void> {
    for (;;) {
      const head = await kv.get<HeadValue>(["head", strand]);
      if (head.value === null) return;
      const next = { ...head.value, bytesUsed: Math.max(0, head.value.bytesUsed - freed) };
      if ((await kv.atomic().check(head).set(["head", strand], next).commit()).ok) return;
    }
  }

  async function dropBatch(
    strand: string,
    entries: Deno.KvEntry<ItemValue>[],
  ): Promise<{ dropped: number; freed: number }> {
    const op = kv.atomic();
    let freed = 0;
    for (const entry of entries) {
      op.check(entry).delete(entry.key);
      freed += entry.value.size;
    }
    if (!(await op.commit()).ok) return { dropped: 0, freed: 0 }; // raced: the next run redoes it
    await release(strand, freed);
    for (const entry of entries) {
      if (entry.value.inline !== null) continue;
      for await (const chunk of kv.list({ prefix: ["blob", strand, entry.value.hash] })) {
        await kv.delete(chunk.key);
      }
    }
    return { dropped: entries.length, freed };
  }

  return {
    async compact(strand: string, record: GcRecord): Promise<CompactResult> {
      for (;;) {
        const [head, current] = await kv.getMany<[unknown, GcRecord]>([
          ["head", strand],
          ["gcMarker", strand],
        ]);
        if (head.value === null) return { kind: "no_strand" };
        if (current.value !== null && current.value.position > record.position) {
          return { kind: "behind", position: current.value.position };
        }
        if (current.value !== null && current.value.position === record.position) break;
        const value = { position: record.position, marker: record.marker.slice() };
        if ((await kv.atomic().check(current).set(["gcMarker", strand], value).commit()).ok) break;
      }
      let dropped = 0;
      let freed = 0;
      let batch: Deno.KvEntry<ItemValue>[] = [];
      const entries = kv.list<ItemValue>({
        start: ["delta", strand, 1],
        end: ["delta", strand, record.position + 1],
      });
      for await (const entry of entries) {
        batch.push(entry);
        if (batch.length < BATCH) continue;
        const done = await dropBatch(strand, batch);
        dropped += done.dropped;
        freed += done.freed;
        batch = [];
      }
      if (batch.length > 0) {
        const done = await dropBatch(strand, batch);
        dropped += done.dropped;
        freed += done.freed;
      }
      return { kind: "compacted", position: record.position, dropped, freed };
    },
    async gcMarker(strand: string): Promise<GcRecord | null> {
      return (await kv.get<GcRecord>(["gcMarker", strand])).value;
    },
  };
}
