/**
 * Vector rows: a memory's float vector in the `vec0` table `memory_vectors` and its int8 copy
 * and content hash in `vector_state` (what the in-process index loads).
 *
 * @module
 */
import type { Prepare } from "./prepare.ts";
import { quantizeInt8 } from "./vector_math.ts";

/** Access to the vector tables. */
export interface VectorRows {
  /** Stores a memory's vector; `fresh` skips the replace for a row created in this transaction. */
  setVector(
    rid: number,
    vector: Float32Array,
    contentHash: string,
    rev: number,
    fresh?: boolean,
  ): void;
  vectorsByRid(rids: readonly number[]): Map<number, Float32Array>;
}

/** {@linkcode VectorRows} over `prepare`, for vectors of `dimension` floats. */
export function vectorRows(prepare: Prepare, dimension: number): VectorRows {
  return {
    setVector(rid, vector, contentHash, rev, fresh = false) {
      if (vector.length !== dimension) {
        throw new RangeError(
          `Cannot store vector: length ${vector.length} is not the strand's ${dimension}`,
        );
      }
      const key = BigInt(rid);
      if (!fresh) prepare("DELETE FROM memory_vectors WHERE rowid = ?").run(key);
      prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)").run(key, vector);
      prepare("INSERT OR REPLACE INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)")
        .run(rid, contentHash, quantizeInt8(vector));
      // A row created in this transaction already carries this rev.
      if (!fresh) prepare("UPDATE memories SET rev = ? WHERE rid = ?").run(rev, rid);
    },

    vectorsByRid(rids) {
      const out = new Map<number, Float32Array>();
      const statement = prepare("SELECT embedding FROM memory_vectors WHERE rowid = ?");
      for (const rid of rids) {
        const row = statement.get(BigInt(rid)) as { embedding: Uint8Array } | undefined;
        if (row) out.set(rid, bytesToFloats(row.embedding));
      }
      return out;
    },
  };
}

/** Views a vec0 float32 blob as floats (copying, so the result is aligned and owned). */
export function bytesToFloats(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
