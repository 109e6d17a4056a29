/**
 * Snapshot parts and heads in the Deno KV relay backend (R28). A part (up to 1 MiB) is written
 * as chunks of at most {@linkcode SNAPSHOT_CHUNK} bytes under
 * `["snapChunk", strand, upload, part, i]`, then made visible by its index entry
 * `["snapPart", strand, upload, part]` (chunk count and size); the head is
 * `["snapHead", strand]`, moved by an atomic check so it never goes back to an earlier
 * position.
 *
 * @module
 */
import type { SnapshotHead, SnapshotStorage } from "./types.ts";

/** Bytes per chunk (Deno KV values are at most 64 KiB). */
export const SNAPSHOT_CHUNK = 60_000;
const CHUNKS_PER_WRITE = 10;

interface PartValue {
  readonly size: number;
  readonly chunks: number;
}

/** The snapshot half of the KV storage over `kv`. */
export function kvSnapshots(kv: Deno.Kv): SnapshotStorage {
  const known = async (strand: string) => (await kv.get(["head", strand])).value !== null;

  async function dropUpload(strand: string, upload: string): Promise<void> {
    for await (const entry of kv.list({ prefix: ["snapPart", strand, upload] })) {
      await kv.delete(entry.key);
    }
    for await (const entry of kv.list({ prefix: ["snapChunk", strand, upload] })) {
      await kv.delete(entry.key);
    }
  }

  return {
    async putSnapshotPart(strand, upload, part, bytes) {
      if (!(await known(strand))) return false;
      const chunks = Math.max(1, Math.ceil(bytes.length / SNAPSHOT_CHUNK));
      for (let first = 0; first < chunks; first += CHUNKS_PER_WRITE) {
        const op = kv.atomic();
        for (let i = first; i < Math.min(chunks, first + CHUNKS_PER_WRITE); i++) {
          op.set(
            ["snapChunk", strand, upload, part, i],
            bytes.slice(i * SNAPSHOT_CHUNK, (i + 1) * SNAPSHOT_CHUNK),
          );
        }
        if (!(await op.commit()).ok) throw new Error("Cannot store a snapshot part");
      }
      const value: PartValue = { size: bytes.length, chunks };
      await kv.set(["snapPart", strand, upload, part], value);
      return true;
    },
    async countSnapshotParts(strand, upload) {
      let n = 0;
      for await (const _ of kv.list({ prefix: ["snapPart", strand, upload] })) n++;
      return n;
    },
    async snapshotPart(strand, upload, part) {
      const index = await kv.get<PartValue>(["snapPart", strand, upload, part]);
      if (index.value === null) return null;
      const out = new Uint8Array(index.value.size);
      let offset = 0;
      for await (
        const entry of kv.list<Uint8Array>({ prefix: ["snapChunk", strand, upload, part] })
      ) {
        out.set(entry.value, offset);
        offset += entry.value.length;
      }
      return offset === out.length ? out : null;
    },
    async setSnapshotHead(strand, head) {
      for (;;) {
        const current = await kv.get<SnapshotHead>(["snapHead", strand]);
        if (current.value !== null && current.value.position > head.position) break;
        const result = await kv.atomic().check(current).set(["snapHead", strand], { ...head })
          .commit();
        if (result.ok) break;
      }
      const now = (await kv.get<SnapshotHead>(["snapHead", strand])).value ?? head;
      const uploads = new Set<string>();
      for await (const entry of kv.list({ prefix: ["snapPart", strand] })) {
        uploads.add(entry.key[2] as string);
      }
      for (const upload of uploads) if (upload !== now.upload) await dropUpload(strand, upload);
      return now;
    },
    async dropSnapshotUploads(strand, keep) {
      const uploads = new Set<string>();
      for await (const entry of kv.list({ prefix: ["snapPart", strand] })) {
        uploads.add(entry.key[2] as string);
      }
      for (const upload of uploads) if (!keep.includes(upload)) await dropUpload(strand, upload);
    },
    async snapshotHead(strand) {
      return (await kv.get<SnapshotHead>(["snapHead", strand])).value;
    },
  };
}
