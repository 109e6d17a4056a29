/**
 * Named queries of a re-embedding (see `lifecycle/reembed.ts`): the target model recorded in
 * `meta`, the vectors staged in `reembed_vectors`, and the steps of the switch that rebuilds
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
    const switching = db.prepare("SELECT 1 FROM meta WHERE key = 'reembed_switch_rid'").get();
    if (switching) {
      // Cancelled half-way through the switch: the table holds some vectors of the target
      // model; it goes back to the pinned dimension, empty, for backfill to fill again.
      const pinned = db.prepare("SELECT value FROM meta WHERE key = 'embedding_dimension'")
        .get() as { value: string };
      db.exec(`DROP TABLE memory_vectors; ${vectorTableSql(Number(pinned.value))};
        DELETE FROM vector_state;
        UPDATE counters SET value = value + 1 WHERE name = 'generation';`);
    }
    db.exec(`DELETE FROM reembed_vectors;
      DELETE FROM meta WHERE key IN ('reembed_model', 'reembed_dimension', 'reembed_switch_rid');`);
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
 * The switch to the staged vectors, in steps that each fit a short transaction (see
 * `lifecycle/reembed.ts`): where it got, as `meta`'s `reembed_switch_rid` says — absent while
 * the old vectors are being dropped, else the table is at the new dimension and holds the
 * staged vectors of memories up to that row id.
 */
export function switchCursor(store: Pick<Store, "prepare">): number | null {
  const row = store.prepare("SELECT value FROM meta WHERE key = 'reembed_switch_rid'").get() as
    | { value: string }
    | undefined;
  return row === undefined ? null : Number(row.value);
}

/** How many rows of the old vectors' state (`vector_state`) are left to drop. */
export function countOldVectorRows(store: Pick<Store, "prepare">): number {
  return (store.prepare("SELECT count(*) AS n FROM vector_state").get() as { n: number }).n;
}

/** Drops up to `limit` rows of the old vectors' state (their int8 copies and content hashes). */
export function dropOldVectors(store: Pick<Store, "prepare">, limit: number): number {
  return Number(
    store.prepare("DELETE FROM vector_state WHERE rid IN (SELECT rid FROM vector_state LIMIT ?)")
      .run(limit).changes,
  );
}

/**
 * Recreates `memory_vectors` at `target`'s dimension and starts the cursor of the staged
 * vectors moved into it. The old table is dropped with `secure_delete` off: zeroing its pages
 * takes ~0.8 s at 10^5 vectors, dropping them ~40 ms, and they are vectors of memories the
 * strand still holds (a purged memory's vector was deleted, zeroed, when it was purged).
 */
export function recreateVectorTable(store: Store, target: ReembedTargetRow): void {
  store.db.exec("PRAGMA secure_delete = OFF");
  try {
    store.db.exec("DROP TABLE memory_vectors");
  } finally {
    store.db.exec("PRAGMA secure_delete = ON");
  }
  store.db.exec(`${vectorTableSql(target.dimension)};
    DELETE FROM vector_state;
    INSERT OR REPLACE INTO meta (key, value) VALUES ('reembed_switch_rid', '0');`);
}

/** How many staged vectors of current content are left to move into the new table. */
export function countStagedToMove(store: Pick<Store, "prepare">, after: number): number {
  return (store.prepare(
    `SELECT count(*) AS n FROM reembed_vectors r
     JOIN memories m ON m.rid = r.rid AND m.content_hash = r.content_hash WHERE r.rid > ?`,
  ).get(after) as { n: number }).n;
}

/**
 * Moves up to `limit` staged vectors of current content (row ids after the cursor, in order)
 * into `memory_vectors` and `vector_state`, and advances the cursor. Returns how many.
 */
export function moveStagedVectors(store: Store, limit: number): number {
  const after = switchCursor(store) ?? 0;
  const rows = store.prepare(
    `SELECT r.rid AS rid, r.content_hash AS hash, r.embedding AS embedding
     FROM reembed_vectors r JOIN memories m ON m.rid = r.rid AND m.content_hash = r.content_hash
     WHERE r.rid > ? ORDER BY r.rid LIMIT ?`,
  ).all(after, limit) as { rid: number; hash: string; embedding: Uint8Array }[];
  // Not the cached statements: the table was recreated at another dimension.
  const insertVector = store.db.prepare(
    "INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)",
  );
  const insertState = store.prepare(
    "INSERT OR REPLACE INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)",
  );
  for (const row of rows) {
    const vector = new Float32Array(row.embedding.slice().buffer);
    insertVector.run(BigInt(row.rid), vector);
    insertState.run(row.rid, row.hash, quantizeInt8(vector));
  }
  if (rows.length > 0) {
    store.prepare("UPDATE meta SET value = ? WHERE key = 'reembed_switch_rid'")
      .run(String(rows.at(-1)!.rid));
  }
  return rows.length;
}

/**
 * Moves the pin to `target` once its vectors are in place: the strand's model and dimension,
 * no target or cursor left, and the generation bumped so caches reload.
 */
export function moveEmbeddingPin(store: Pick<Store, "prepare">, target: ReembedTargetRow): void {
  const set = store.prepare("UPDATE meta SET value = ? WHERE key = ?");
  set.run(target.model, "embedding_model");
  set.run(String(target.dimension), "embedding_dimension");
  store.prepare(
    "DELETE FROM meta WHERE key IN ('reembed_model', 'reembed_dimension', 'reembed_switch_rid')",
  ).run();
  store.prepare("UPDATE counters SET value = value + 1 WHERE name = 'generation'").run();
}

/** How many staged vectors are left once the switch is done (dropped afterwards, in steps). */
export function countStaged(store: Pick<Store, "prepare">): number {
  return (store.prepare("SELECT count(*) AS n FROM reembed_vectors").get() as { n: number }).n;
}

/** Drops up to `limit` staged vectors. */
export function dropStagedVectors(store: Pick<Store, "prepare">, limit: number): number {
  return Number(
    store.prepare(
      "DELETE FROM reembed_vectors WHERE rid IN (SELECT rid FROM reembed_vectors LIMIT ?)",
    ).run(limit).changes,
  );
}
