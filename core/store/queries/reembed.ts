/**
 * Named queries of a re-embedding (see `lifecycle/reembed.ts`): the target model recorded in
 * `meta`, the vectors staged in `reembed_vectors`, and the switch that rebuilds
 * `memory_vectors` from them and moves the pin. Vectors are a cache, so none of this is an op.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Store } from "../store.ts";
import { quantizeInt8 } from "../vector_math.ts";
import { vectorTableSql } from "../vector_schema.ts";
import { beginWrite } from "../write_lock.ts";

/** The model a strand is being re-embedded with. */
export interface ReembedTargetRow {
  readonly model: string;
  readonly dimension: number;
}

/** A memory whose new vector is not staged yet. */
export interface UnstagedRow {
  readonly rid: number;
  readonly content: string;
  readonly hash: string;
}

/** FROM/WHERE of the memories (not forgotten) without a current staged vector. */
const UNSTAGED = `FROM memories m LEFT JOIN reembed_vectors r ON r.rid = m.rid
  WHERE m.status != 'forgotten' AND (r.rid IS NULL OR r.content_hash != m.content_hash)`;

/** The re-embedding target recorded in `meta`, if any. */
export function readReembedTarget(db: DatabaseSync): ReembedTargetRow | null {
  const row = (key: string) =>
    (db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)
      ?.value;
  const model = row("reembed_model");
  const dimension = Number(row("reembed_dimension"));
  return model !== undefined && Number.isInteger(dimension) && dimension > 0
    ? { model, dimension }
    : null;
}

/** Records `target` (or none), dropping staged vectors, in its own write transaction. */
export function writeReembedTarget(db: DatabaseSync, target: ReembedTargetRow | null): void {
  beginWrite(db, "record the re-embedding target");
  try {
    db.exec(`DELETE FROM reembed_vectors;
      DELETE FROM meta WHERE key IN ('reembed_model', 'reembed_dimension');`);
    if (target) {
      const set = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
      set.run("reembed_model", target.model);
      set.run("reembed_dimension", String(target.dimension));
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** How many memories are not forgotten. */
export function countLiveMemories(store: Store): number {
  return (store.prepare("SELECT count(*) AS n FROM memories WHERE status != 'forgotten'").get() as {
    n: number;
  }).n;
}

/** How many memories (not forgotten) lack a current staged vector. */
export function countUnstaged(store: Store): number {
  return (store.prepare(`SELECT count(*) AS n ${UNSTAGED}`).get() as { n: number }).n;
}

/** Up to `limit` memories lacking a current staged vector, in row order. */
export function unstagedBatch(store: Store, limit: number): UnstagedRow[] {
  return store.prepare(
    `SELECT m.rid AS rid, m.content AS content, m.content_hash AS hash ${UNSTAGED}
     ORDER BY m.rid LIMIT ?`,
  ).all(limit) as unknown as UnstagedRow[];
}

/** Stages `vector` for memory `rid`, unless its content no longer has hash `hash`. */
export function stageVector(store: Store, rid: number, hash: string, vector: Float32Array): void {
  store.prepare(
    `INSERT OR REPLACE INTO reembed_vectors (rid, content_hash, embedding)
     SELECT rid, content_hash, ? FROM memories WHERE rid = ? AND content_hash = ?`,
  ).run(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength), rid, hash);
}

/**
 * Replaces `memory_vectors` (recreated at `target`'s dimension) and `vector_state` with the
 * staged vectors of current content, moves the pin to `target`, clears the staging and bumps
 * the generation so caches reload. Call inside a write transaction.
 */
export function switchToStagedVectors(store: Store, target: ReembedTargetRow): void {
  const { db } = store;
  db.exec(`DROP TABLE memory_vectors;
    ${vectorTableSql(target.dimension)};
    DELETE FROM vector_state;`);
  const insertVector = db.prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)");
  const insertState = db.prepare(
    "INSERT INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)",
  );
  const staged = db.prepare(
    `SELECT r.rid AS rid, r.content_hash AS hash, r.embedding AS embedding
     FROM reembed_vectors r JOIN memories m ON m.rid = r.rid AND m.content_hash = r.content_hash`,
  );
  for (
    const row of staged.iterate() as Iterable<{ rid: number; hash: string; embedding: Uint8Array }>
  ) {
    const vector = new Float32Array(row.embedding.slice().buffer);
    insertVector.run(BigInt(row.rid), vector);
    insertState.run(row.rid, row.hash, quantizeInt8(vector));
  }
  const set = db.prepare("UPDATE meta SET value = ? WHERE key = ?");
  set.run(target.model, "embedding_model");
  set.run(String(target.dimension), "embedding_dimension");
  db.exec(`DELETE FROM meta WHERE key IN ('reembed_model', 'reembed_dimension');
    DELETE FROM reembed_vectors;
    UPDATE counters SET value = value + 1 WHERE name = 'generation';`);
}
