/**
 * The maintenance slice of the engine: what `helix doctor` inspects, counts and pins, the
 * rebuild from the log, log verification, the state hash, and the open flags.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { parseHlc } from "../model/hlc.ts";
import { type ReaderScopes, readScopes } from "../model/scope.ts";
import type { Embedder } from "../ports.ts";
import type { OpLog } from "../ops/log.ts";
import { rebuildState } from "../ops/rebuild.ts";
import { stateHash } from "../ops/state_hash.ts";
import { guard } from "../store/guard.ts";
import type { StrandMeta } from "../store/meta.ts";
import { memoryCounts } from "../store/queries/memories.ts";
import { type TransferRun, transferRuns } from "../store/queries/transfer_runs.ts";
import { iso } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import { type Flag, MAX_FLAGS, openFlags } from "./flags.ts";
import { inspectStrand } from "./inspect.ts";
import type { Inspection } from "./inspect_types.ts";

/** Counts and pins of a strand. */
export interface StrandStats {
  /** Where the strand lives. */
  readonly path: string;
  /** The strand's id. */
  readonly strandId: string;
  /** This device's id. */
  readonly deviceId: string;
  /** The strand's schema version. */
  readonly schemaVersion: number;
  /** The pinned embedding model, and what the engine does with it now. */
  readonly embedding: {
    /** The model vectors are pinned to. */
    readonly model: string;
    /** Their dimension. */
    readonly dimension: number;
    /** The embedder's state, `re-embedding with <model>`, or `none`. */
    readonly state: string;
  };
  /** Memories, whatever their status. */
  readonly memories: number;
  /** Memories by type. */
  readonly byType: Readonly<Record<string, number>>;
  /** Memories by status. */
  readonly byStatus: Readonly<Record<string, number>>;
  /** Active edges. */
  readonly edges: number;
  /** Ops in the log. */
  readonly ops: number;
  /** Stored vectors. */
  readonly vectors: number;
  /** Memories (not forgotten) whose vector is missing or stale. */
  readonly missingVectors: number;
  /** Wall time of the newest op, or null for an empty log. */
  readonly lastOpAt: string | null;
  /**
   * `full`: a write is on disk (fsynced) before it is acknowledged, so it survives power loss;
   * `normal`: it survives a killed process but not always power loss.
   */
  readonly durability: "full" | "normal";
  /**
   * Imports and merges that were interrupted (or are running in another process right now):
   * running the same import or merge again finishes one.
   */
  readonly unfinished: readonly TransferRun[];
}

/** What a rebuild found. */
export interface RebuildResult {
  /** Ops folded. */
  readonly ops: number;
  /** State hash before the rebuild. */
  readonly before: string;
  /** State hash after it. */
  readonly after: string;
  /** True when refolding reproduced the state exactly. */
  readonly identical: boolean;
  /** Vectors kept because their memory's content did not change. */
  readonly vectorsKept: number;
  /** Vectors dropped (content changed or memory gone); backfill recomputes them. */
  readonly vectorsDropped: number;
}

/** Checking, counting and repairing a strand. */
export interface MaintenanceApi {
  /**
   * What `helix doctor` reports: a checklist (schema, SQLite `quick_check`, FTS5 integrity,
   * log verification, refold into a fresh strand compared by state hash, vectors) and the
   * facts behind it. Changes nothing in the strand.
   *
   * @example A checklist
   * ```ts
   * import { openEngine } from "../engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * await engine.write({ content: "Deploys need two approvals." });
   * const report = await engine.inspect();
   * equal(report.ok, true);
   * equal(report.checks.find((c) => c.name === "refold")?.ok, true);
   * engine.close();
   * ```
   */
  inspect(): Promise<Inspection>;
  /** Counts and pins. */
  stats(): StrandStats;
  /** Refolds every table from the op log and checks the state hash is reproduced. */
  rebuild(): RebuildResult;
  /** Change ids whose stored bytes no longer match their hash (empty = log intact). */
  verifyLog(): string[];
  /** SHA-256 of the logical state. */
  stateHash(): string;
  /**
   * Open contradictions (see {@linkcode Flag}) in the caller's scopes (or `scope`), newest
   * first.
   */
  flags(input?: { scope?: "all" | string | string[]; limit?: number }): Flag[];
}

/** What the maintenance API needs. */
export type MaintenanceDeps =
  & ReaderScopes
  & Parameters<typeof inspectStrand>[0]
  & {
    readonly store: Store;
    readonly log: OpLog;
    readonly meta: StrandMeta;
    readonly path: string;
    readonly embedder: Embedder | null;
    readonly reembedder: Embedder | null;
    /** Memories (not forgotten) whose vector is missing or stale (lifecycle's backfill knows). */
    readonly missingVectors: () => number;
  };

/** The maintenance API over `deps`. */
export function createMaintenanceApi(deps: MaintenanceDeps): MaintenanceApi {
  const { store, log } = deps;
  return {
    inspect: () => Promise.resolve(guard("inspect strand", () => inspectStrand(deps))),
    stats: () => guard("read stats", () => strandStats(deps)),
    rebuild() {
      return guard("rebuild strand", () => {
        const before = stateHash(store.db);
        const report = rebuildState(store, log);
        const after = stateHash(store.db);
        return { ...report, before, after, identical: before === after };
      });
    },
    verifyLog: () => guard("verify log", () => log.verify()),
    stateHash: () => guard("hash state", () => stateHash(store.db)),
    flags(input = {}) {
      const limit = input.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FLAGS) {
        throw new HelixError(
          "invalid_input",
          `Cannot list flags: limit must be an integer 1–${MAX_FLAGS}, got ${limit}`,
        );
      }
      const scopes = readScopes(deps, input.scope);
      return guard("list flags", () => openFlags(store, scopes, limit));
    },
  };
}

function strandStats(deps: MaintenanceDeps): StrandStats {
  const { meta, embedder, reembedder } = deps;
  const counts = memoryCounts(deps.store);
  return {
    path: deps.path,
    strandId: meta.strandId,
    deviceId: meta.deviceId,
    schemaVersion: meta.schemaVersion,
    embedding: {
      model: meta.embeddingModel,
      dimension: meta.embeddingDimension,
      state: reembedder
        ? `re-embedding with ${reembedder.model}`
        : embedder
        ? embedder.status().state
        : "none",
    },
    memories: counts.memories,
    byType: counts.byType,
    byStatus: counts.byStatus,
    edges: counts.edges,
    ops: counts.ops,
    vectors: counts.vectors,
    missingVectors: deps.missingVectors(),
    lastOpAt: counts.lastHlc ? iso(parseHlc(counts.lastHlc).wall) : null,
    durability: counts.durability,
    unfinished: transferRuns(deps.store),
  };
}
