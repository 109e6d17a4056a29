/**
 * The shape of an inspection (`helix doctor`): the checklist and every figure it judged.
 *
 * @module
 */
import type { TransferRun } from "../store/queries/transfer_runs.ts";

/** One line of the doctor's checklist. */
export interface InspectionCheck {
  /** What was checked. */
  readonly name: "schema" | "sqlite" | "fts" | "log" | "refold" | "vectors" | "transfers";
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
  /** The strand file's path as opened, or `":memory:"`. */
  readonly path: string;
  /** The strand's id, from its `meta` pins. */
  readonly strandId: string;
  /** The schema version the tables are migrated to. */
  readonly schemaVersion: number;
  /** The embedding model and dimension the strand is pinned to. */
  readonly embedding: { readonly model: string; readonly dimension: number };
  /** Size of the strand file in bytes, plus its write-ahead log; null for `":memory:"`. */
  readonly fileBytes: number | null;
  /** Memories of any status. */
  readonly memories: number;
  /** Ops in the log, tombstones included. */
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
  /** Imports and merges that were interrupted (or run in another process right now). */
  readonly unfinished: readonly TransferRun[];
  /** The live state hash against the hash of the log folded into a fresh strand. */
  readonly refold: {
    readonly live: string;
    /** Null when the log did not fold (see `error`). */
    readonly refolded: string | null;
    readonly identical: boolean;
    readonly error: string | null;
  };
}
