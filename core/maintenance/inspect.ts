/**
 * Inspection: what `helix doctor` reports about a strand, without changing it. SQLite's
 * `quick_check`, the FTS5 integrity check (run in a transaction that is rolled back), the op
 * log's hashes and tombstones, vectors missing or stale, and a refold of the whole log into a
 * fresh in-memory strand compared by state hash with the live one.
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import { refoldFresh } from "../ops/rebuild.ts";
import { stateHash } from "../ops/state_hash.ts";
import type { Runtime } from "../runtime.ts";
import { SCHEMA_VERSION } from "../store/migrations.ts";
import { iso } from "../store/records.ts";
import { fileBytes } from "../store/sqlite.ts";

/** One line of the doctor's checklist. */
export interface InspectionCheck {
  /** What was checked. */
  readonly name: "schema" | "sqlite" | "fts" | "log" | "refold" | "vectors";
  /** Whether it passed. */
  readonly ok: boolean;
  /**
   * `error`: the strand is damaged or does not match its log. `warning`: sound, but worth
   * fixing (vectors are a cache: search falls back to keywords until a backfill).
   */
  readonly severity: "error" | "warning";
  /** One line for humans: what was found. */
  readonly detail: string;
}

/** What {@linkcode inspectStrand} found. */
export interface Inspection {
  /** True when every `error`-severity check passed. */
  readonly ok: boolean;
  /** The checklist, in the order the checks ran. */
  readonly checks: readonly InspectionCheck[];
  readonly path: string;
  readonly strandId: string;
  readonly schemaVersion: number;
  /** The embedding model and dimension the strand is pinned to. */
  readonly embedding: { readonly model: string; readonly dimension: number };
  /** Size of the strand file in bytes, plus its write-ahead log; null for `":memory:"`. */
  readonly fileBytes: number | null;
  /** Memories of any status. */
  readonly memories: number;
  readonly ops: number;
  /** Wall time of the newest op; null for an empty log. */
  readonly lastOpAt: string | null;
  /** `PRAGMA quick_check` output: `["ok"]` or SQLite's messages. */
  readonly quickCheck: readonly string[];
  /** Null when the FTS5 index matches the memories, else SQLite's message. */
  readonly ftsProblem: string | null;
  /** Change ids `verifyLog()` rejects. */
  readonly badOps: readonly string[];
  /** Memories (not forgotten) without a vector, or whose vector is of older content. */
  readonly vectors: { readonly missing: number; readonly stale: number };
  /** The live state hash against the hash of the log folded into a fresh strand. */
  readonly refold: {
    readonly live: string;
    /** Null when the log did not fold (see `error`). */
    readonly refolded: string | null;
    readonly identical: boolean;
    readonly error: string | null;
  };
}

/**
 * Inspects a strand. Reads run in one read transaction (a consistent snapshot while other
 * processes write); the FTS5 integrity check needs SQLite's write lock, so it waits for
 * other writers (up to the busy timeout) and is rolled back.
 */
export function inspectStrand(rt: Runtime): Inspection {
  const { store, log, meta } = rt;
  const { db } = store;
  const one = (sql: string) => (db.prepare(sql).get() as { n: number }).n;

  const quickCheck = (db.prepare("PRAGMA quick_check").all() as { quick_check: string }[])
    .map((r) => r.quick_check);
  const ftsProblem = ftsIntegrity(rt);

  db.exec("BEGIN");
  try {
    const memories = one("SELECT count(*) AS n FROM memories");
    const ops = one("SELECT count(*) AS n FROM ops");
    const last = db.prepare("SELECT hlc FROM ops ORDER BY hlc DESC LIMIT 1").get() as
      | { hlc: string }
      | undefined;
    const vectors = {
      missing: one(`SELECT count(*) AS n FROM memories m LEFT JOIN vector_state v ON v.rid = m.rid
        WHERE m.status != 'forgotten' AND v.rid IS NULL`),
      stale: one(`SELECT count(*) AS n FROM memories m JOIN vector_state v ON v.rid = m.rid
        WHERE m.status != 'forgotten' AND v.content_hash != m.content_hash`),
    };
    const badOps = log.verify();
    const live = stateHash(db);
    const fresh = refoldFresh(log.canonical(), meta.embeddingDimension, db);
    const refold = {
      live,
      refolded: fresh.stateHash,
      identical: fresh.stateHash === live,
      error: fresh.error,
    };
    const checks: InspectionCheck[] = [
      {
        name: "schema",
        ok: meta.schemaVersion === SCHEMA_VERSION,
        severity: "error",
        detail: `schema version ${meta.schemaVersion} (this Helix writes ${SCHEMA_VERSION})`,
      },
      {
        name: "sqlite",
        ok: quickCheck.length === 1 && quickCheck[0] === "ok",
        severity: "error",
        detail: quickCheck.length === 1 && quickCheck[0] === "ok"
          ? "quick_check: ok"
          : `quick_check: ${quickCheck.slice(0, 3).join("; ")}`,
      },
      {
        name: "fts",
        ok: ftsProblem === null,
        severity: "error",
        detail: ftsProblem === null
          ? "full-text index matches the memories"
          : `full-text index: ${ftsProblem} (rebuild the strand)`,
      },
      {
        name: "log",
        ok: badOps.length === 0,
        severity: "error",
        detail: badOps.length === 0
          ? `${ops} ops, every change id verified`
          : `${badOps.length} of ${ops} ops fail verification: ${badOps.slice(0, 3).join(", ")}` +
            (badOps.length > 3 ? "…" : ""),
      },
      {
        name: "refold",
        ok: refold.identical,
        severity: "error",
        detail: refold.identical
          ? `refolding ${fresh.ops} ops reproduces state ${live.slice(0, 12)}`
          : refold.error !== null
          ? `the log does not refold: ${refold.error}`
          : `tables differ from their log: live state ${live.slice(0, 12)}, refolded ${
            refold.refolded!.slice(0, 12)
          } (run rebuild)`,
      },
      {
        name: "vectors",
        ok: vectors.missing + vectors.stale === 0,
        severity: "warning",
        detail: vectors.missing + vectors.stale === 0
          ? `every memory has a current vector (${meta.embeddingModel})`
          : `${vectors.missing} memories without a vector, ${vectors.stale} with a stale one (run backfill)`,
      },
    ];
    return {
      ok: checks.every((c) => c.ok || c.severity !== "error"),
      checks,
      path: rt.path,
      strandId: meta.strandId,
      schemaVersion: meta.schemaVersion,
      embedding: { model: meta.embeddingModel, dimension: meta.embeddingDimension },
      fileBytes: rt.path === ":memory:" ? null : fileBytes(rt.path),
      memories,
      ops,
      lastOpAt: last ? iso(parseHlc(last.hlc).wall) : null,
      quickCheck,
      ftsProblem,
      badOps,
      vectors,
      refold,
    };
  } finally {
    if (db.isTransaction) db.exec("ROLLBACK");
  }
}

/**
 * The FTS5 integrity check (including the comparison with the `memories` rows). It is an
 * `INSERT` into the index's command column, so SQLite takes the write lock for it; it writes
 * nothing, and runs in a transaction that is rolled back so nothing could be kept.
 */
function ftsIntegrity(rt: Runtime): string | null {
  const { db } = rt.store;
  db.exec("BEGIN");
  try {
    db.exec("INSERT INTO memories_fts (memories_fts, rank) VALUES ('integrity-check', 1)");
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (/locked|busy/i.test(message)) throw error;
    return message;
  } finally {
    if (db.isTransaction) db.exec("ROLLBACK");
  }
}
