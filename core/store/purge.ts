/**
 * Deleting memories for good: every row that holds their content or names them, the
 * full-text index merged so no older segment keeps a copy, and the write-ahead log truncated
 * so deleted content leaves the `-wal` file too.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { edgeIdsTouching } from "./edge_rows.ts";
import { IN_LIST, type Prepare } from "./prepare.ts";

/** Hard deletion. */
export interface PurgeRows {
  /**
   * Deletes memories for good: their rows, exact tokens, vectors (float and int8), and
   * provenance, plus every edge touching them and the edges' provenance. Then merges the
   * FTS5 index into one segment so no copy of the deleted text stays in an older segment
   * (the connection's `secure_delete` zeroes the freed pages), and bumps the generation so
   * in-process caches reload. Returns how many memories and edges went.
   */
  purgeMemories(ids: readonly string[]): { memories: number; edges: number };
  /**
   * Copies the write-ahead log into the database file and truncates it, so deleted content
   * leaves the `-wal` file too. False when a reader in another process kept it from finishing
   * (it completes at a later checkpoint).
   */
  truncateWal(): boolean;
}

/** {@linkcode PurgeRows} over `db`, with its statements cached by `prepare`. */
export function purgeRows(db: DatabaseSync, prepare: Prepare): PurgeRows {
  return {
    purgeMemories(ids) {
      const list = JSON.stringify(ids);
      const edges = edgeIdsTouching(prepare, ids);
      const rids = (prepare(`SELECT rid FROM memories WHERE id IN ${IN_LIST}`).all(list) as {
        rid: number;
      }[]).map((r) => r.rid);
      const ridList = JSON.stringify(rids);
      prepare(`DELETE FROM provenance WHERE subject IN ${IN_LIST}`)
        .run(JSON.stringify([...ids, ...edges]));
      prepare(`DELETE FROM edges WHERE id IN ${IN_LIST}`).run(JSON.stringify(edges));
      const deleteVector = prepare("DELETE FROM memory_vectors WHERE rowid = ?");
      for (const rid of rids) deleteVector.run(BigInt(rid));
      prepare(`DELETE FROM vector_state WHERE rid IN ${IN_LIST}`).run(ridList);
      prepare(`DELETE FROM memory_tokens WHERE rid IN ${IN_LIST}`).run(ridList);
      prepare(`DELETE FROM memories WHERE rid IN ${IN_LIST}`).run(ridList); // FTS: by trigger
      prepare(`DELETE FROM memory_heads WHERE memory IN ${IN_LIST}`).run(list);
      prepare(
        `DELETE FROM conflicts WHERE memory IN ${IN_LIST} OR (kind = 'fact' AND field IN ${IN_LIST})`,
      ).run(list, list);
      db.exec("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')");
      prepare("UPDATE counters SET value = value + 1 WHERE name = 'generation'").run();
      return { memories: rids.length, edges: edges.length };
    },

    truncateWal() {
      try {
        const row = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as
          | { busy: number }
          | undefined;
        return (row?.busy ?? 0) === 0;
      } catch {
        return false; // a lock held past the busy timeout: a later checkpoint finishes the job
      }
    },
  };
}
