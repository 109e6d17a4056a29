/**
 * Table access for one open strand: prepared statements over `memories`, `edges`,
 * `provenance`, `memory_tokens` and the vector tables (each in its own file), the op log's
 * connection, and the change counter. The op fold writes through these; queries read
 * through these and through the named queries of `store/queries/`. Nothing above `ops/`
 * calls the write methods.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type EdgeRows, edgeRows } from "./edge_rows.ts";
import { type MemoryRows, memoryRows } from "./memory_rows.ts";
import { cachedPrepare } from "./prepare.ts";
import { type ProvenanceRows, provenanceRows } from "./provenance_rows.ts";
import { type PurgeRows, purgeRows } from "./purge.ts";
import { type VectorRows, vectorRows } from "./vector_rows.ts";

/** Table access for one strand. */
export interface Store extends MemoryRows, EdgeRows, ProvenanceRows, VectorRows, PurgeRows {
  /** The underlying connection (for transactions and read queries). */
  readonly db: DatabaseSync;
  /** Vector dimension pinned for the strand. */
  readonly dimension: number;
  /**
   * The connection whose `ops` and `op_refs` hold the log these tables are folded from: `db`
   * itself, or the live strand's for a scratch strand folded from it. The fold reads a
   * memory's earlier ops there to merge a concurrent edit (`ops/view.ts`).
   */
  readonly log: DatabaseSync;
  /**
   * A prepared statement for `sql`, cached for the connection's life (preparing costs ~10 µs
   * a call). For SQL with a fixed number of shapes only: lists go through {@linkcode IN_LIST}.
   */
  prepare(sql: string): StatementSync;
  /** {@linkcode Store.prepare} on {@linkcode Store.log}. */
  prepareLog(sql: string): StatementSync;
  /** Bumps and returns the change counter used by caches to find changed rows. */
  nextRev(): number;
  /**
   * Asks the log to refold every table before the transaction commits: the fold of an op
   * made state that an incremental fold cannot take back (a purge of ops that derived it).
   */
  requestRefold(): void;
  /** Whether a refold was asked for since the last call (and clears the request). */
  takeRefold(): boolean;
}

/** Options of {@linkcode createStore}. */
export interface StoreOptions {
  /**
   * Keep `memory_tokens` (the exact-token channel) up to date. Off only for a scratch strand
   * that is folded to compute a state hash. @default {true}
   */
  readonly exactTokens?: boolean;
  /** Where the log folded into these tables lives. @default {db} */
  readonly log?: DatabaseSync;
}

/** Creates table access over an open, migrated strand database. */
export function createStore(
  db: DatabaseSync,
  dimension: number,
  options: StoreOptions = {},
): Store {
  const log = options.log ?? db;
  const prepare = cachedPrepare(db);
  const prepareLog = log === db ? prepare : cachedPrepare(log);
  let refold = false;
  return {
    db,
    dimension,
    log,
    prepare,
    prepareLog,
    ...memoryRows(prepare, options.exactTokens ?? true),
    ...edgeRows(prepare),
    ...provenanceRows(prepare),
    ...vectorRows(prepare, dimension),
    ...purgeRows(db, prepare),

    nextRev() {
      const row = prepare(
        "UPDATE counters SET value = value + 1 WHERE name = 'rev' RETURNING value",
      ).get() as { value: number };
      return row.value;
    },

    requestRefold() {
      refold = true;
    },

    takeRefold() {
      const asked = refold;
      refold = false;
      return asked;
    },
  };
}
