/**
 * Re-embedding (DESIGN §8): a strand is pinned to one embedding model, because vectors of two
 * models cannot be compared. Changing the model is a tracked, resumable migration:
 *
 * 1. Opening the strand with another model and `reembed: true` (`helix reembed`) records the
 *    target in `meta` (`reembed_model`, `reembed_dimension`). Until it completes, the strand
 *    opens with the target model in re-embedding mode: writes store no vectors and recall
 *    runs on BM25, exact tokens and the graph (the old vectors cannot answer the new model's
 *    queries). Opening with the old model again cancels it.
 * 2. {@linkcode reembedStrand} embeds every memory into `reembed_vectors` in small
 *    transactions (`helix reembed` with progress, or the worker's `embed` job in the
 *    background), so it survives a kill and resumes where it stopped.
 * 3. When every memory has its new vector, one transaction switches: `memory_vectors` is
 *    recreated at the new dimension from the staged vectors and the pin moves to the new
 *    model. A process that opens the strand afterwards uses the new vectors (the one that
 *    switched keeps running without vectors until it reopens).
 *
 * Vectors are a cache derived from content, so none of this is an op.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { Embedder } from "../ports.ts";
import { HelixError } from "../errors.ts";
import type { Runtime } from "../runtime.ts";
import { quantizeInt8 } from "../store/vector_math.ts";

/** The model a strand is being re-embedded with, and how far it got. */
export interface ReembedStatus {
  readonly model: string;
  readonly dimension: number;
  /** Memories with their new vector. */
  readonly done: number;
  /** Memories to embed in all (forgotten ones aside). */
  readonly total: number;
}

/** What {@linkcode reembedStrand} did. */
export interface ReembedReport {
  readonly embedded: number;
  /** Whether the strand switched to the new model. */
  readonly switched: boolean;
  readonly status: ReembedStatus;
}

/** The re-embedding target recorded in `meta`, if any. */
export function reembedTarget(db: DatabaseSync): { model: string; dimension: number } | null {
  const row = (key: string) =>
    (db.prepare("SELECT value FROM meta WHERE key = ?").get(key) as { value: string } | undefined)
      ?.value;
  const model = row("reembed_model");
  const dimension = Number(row("reembed_dimension"));
  return model !== undefined && Number.isInteger(dimension) && dimension > 0
    ? { model, dimension }
    : null;
}

/**
 * Records `embedder` as the target (or, with null, forgets an unfinished re-embedding because
 * the strand is opened with its pinned model again), dropping vectors staged for another one.
 */
export function setReembedTarget(db: DatabaseSync, embedder: Embedder | null): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec(`DELETE FROM reembed_vectors;
      DELETE FROM meta WHERE key IN ('reembed_model', 'reembed_dimension');`);
    if (embedder) {
      const set = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
      set.run("reembed_model", embedder.model);
      set.run("reembed_dimension", String(embedder.dimension));
    }
    db.exec("COMMIT");
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** FROM/WHERE of the memories (not forgotten) without a current staged vector. */
const UNSTAGED = `FROM memories m LEFT JOIN reembed_vectors r ON r.rid = m.rid
  WHERE m.status != 'forgotten' AND (r.rid IS NULL OR r.content_hash != m.content_hash)`;

/** How far the re-embedding got, or null when none is under way. */
export function reembedStatus(rt: Runtime): ReembedStatus | null {
  const target = reembedTarget(rt.store.db);
  if (!target) return null;
  const count = (sql: string) => (rt.store.prepare(sql).get() as { n: number }).n;
  const total = count("SELECT count(*) AS n FROM memories WHERE status != 'forgotten'");
  return { ...target, total, done: total - count(`SELECT count(*) AS n ${UNSTAGED}`) };
}

/**
 * Embeds every memory with the target model (batches of `batchSize`, each stored in its own
 * transaction), then switches the strand to it. Throws `embedder_unavailable` when the model
 * cannot load, and `invalid_input` when no re-embedding is under way.
 */
export async function reembedStrand(
  rt: Runtime,
  options: {
    batchSize?: number;
    pause?: () => Promise<void>;
    onProgress?: (status: ReembedStatus) => void;
  } = {},
): Promise<ReembedReport> {
  const embedder = rt.reembedder;
  const target = reembedTarget(rt.store.db);
  if (!embedder || !target) {
    throw new HelixError("invalid_input", "Cannot re-embed: no re-embedding is under way");
  }
  const ready = await embedder.warmup();
  if (ready.state !== "ready") {
    throw new HelixError(
      "embedder_unavailable",
      `Cannot re-embed with ${embedder.model}: ${ready.error ?? `the model is ${ready.state}`}`,
    );
  }
  const batchSize = Math.max(1, Math.min(512, options.batchSize ?? 64));
  const unstaged = rt.store.prepare(
    `SELECT m.rid AS rid, m.content AS content, m.content_hash AS hash ${UNSTAGED}
     ORDER BY m.rid LIMIT ?`,
  );
  const stage = rt.store.prepare(
    `INSERT OR REPLACE INTO reembed_vectors (rid, content_hash, embedding)
     SELECT rid, content_hash, ? FROM memories WHERE rid = ? AND content_hash = ?`,
  );
  let embedded = 0;
  while (true) {
    const batch = unstaged.all(batchSize) as { rid: number; content: string; hash: string }[];
    if (batch.length === 0) break;
    const vectors = await embedder.embed(batch.map((b) => b.content), "document");
    rt.log.transact("stage re-embedded vectors", () => {
      batch.forEach((item, i) => {
        const vector = vectors[i]!;
        if (vector.length !== target.dimension) {
          throw new HelixError(
            "embedding_mismatch",
            `Cannot re-embed: ${embedder.model} returned ${vector.length}-d vectors, not ${target.dimension}-d`,
          );
        }
        // A memory edited meanwhile has another hash: it stays unstaged for the next batch.
        stage.run(
          new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength),
          item.rid,
          item.hash,
        );
      });
    });
    embedded += batch.length;
    options.onProgress?.(reembedStatus(rt)!);
    await options.pause?.();
  }
  switchVectors(rt, target);
  return { embedded, switched: true, status: { ...target, done: 0, total: 0 } };
}

/** Replaces the vectors with the staged ones and moves the pin, in one transaction. */
function switchVectors(rt: Runtime, target: { model: string; dimension: number }): void {
  const { db } = rt.store;
  rt.log.transact("switch to the re-embedded vectors", () => {
    db.exec(`DROP TABLE memory_vectors;
      CREATE VIRTUAL TABLE memory_vectors USING vec0(
        embedding float[${target.dimension}] distance_metric=cosine
      );
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
      const row of staged.iterate() as Iterable<
        { rid: number; hash: string; embedding: Uint8Array }
      >
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
  });
}
