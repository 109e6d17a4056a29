/**
 * The tables around a refold in place: the folded tables emptied before the whole log is
 * folded again, and the vectors carried across. Vectors are a cache derived from content, so
 * they survive wherever the memory's content hash is unchanged (moved to the memory's new row
 * id if needed) and are otherwise left for backfill.
 *
 * @module
 */
import type { Store } from "./store.ts";

/**
 * Saves the vectors' memory ids and content hashes aside and empties every table the fold
 * writes, inside the caller's write transaction. Returns how many vectors were saved.
 * Follow with the fold, then {@linkcode restoreVectors}.
 */
export function clearFoldedTables(store: Pick<Store, "db">): number {
  const { db } = store;
  db.exec("DROP TABLE IF EXISTS temp.saved_vectors");
  db.exec(`CREATE TEMP TABLE saved_vectors AS
    SELECT m.id AS id, v.rid AS rid, v.content_hash AS content_hash, v.q8 AS q8
    FROM vector_state v JOIN memories m ON m.rid = v.rid`);
  const saved = (db.prepare("SELECT count(*) AS n FROM saved_vectors").get() as { n: number }).n;
  db.exec(
    `DELETE FROM edges; DELETE FROM provenance; DELETE FROM memory_tokens; DELETE FROM sessions;
    DELETE FROM vector_state; DELETE FROM memories; DELETE FROM memory_heads;
    DELETE FROM conflicts;`,
  );
  return saved;
}

/**
 * After the fold: gives each refolded memory whose content hash is unchanged its saved
 * vector (moved to its new row id), drops the other vectors, and bumps the generation so
 * in-process caches reload. Returns how many vectors were kept.
 */
export function restoreVectors(store: Pick<Store, "db" | "vectorsByRid">): number {
  const { db } = store;
  const pairs = db.prepare(
    `SELECT s.rid AS oldRid, m.rid AS newRid, s.content_hash AS hash, s.q8 AS q8
    FROM saved_vectors s JOIN memories m ON m.id = s.id AND m.content_hash = s.content_hash`,
  ).all() as { oldRid: number; newRid: number; hash: string; q8: Uint8Array }[];
  const moved = pairs.filter((p) => p.oldRid !== p.newRid);
  const movedVectors = store.vectorsByRid(moved.map((p) => p.oldRid));
  const kept = new Set(pairs.filter((p) => p.oldRid === p.newRid).map((p) => p.newRid));
  const removeVector = db.prepare("DELETE FROM memory_vectors WHERE rowid = ?");
  const allVectorRids = db.prepare("SELECT rowid AS rid FROM memory_vectors").all() as {
    rid: number;
  }[];
  for (const { rid } of allVectorRids) {
    if (!kept.has(rid)) removeVector.run(BigInt(rid));
  }
  const insertState = db.prepare(
    "INSERT INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)",
  );
  const insertVector = db.prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)");
  let vectorsKept = 0;
  for (const pair of pairs) {
    if (pair.oldRid !== pair.newRid) {
      const vector = movedVectors.get(pair.oldRid);
      if (!vector) continue; // its float copy is gone: backfill re-embeds it
      insertVector.run(BigInt(pair.newRid), vector);
    }
    insertState.run(pair.newRid, pair.hash, pair.q8);
    vectorsKept += 1;
  }
  db.exec("DROP TABLE temp.saved_vectors");
  db.exec("UPDATE counters SET value = value + 1 WHERE name = 'generation'");
  return vectorsKept;
}
