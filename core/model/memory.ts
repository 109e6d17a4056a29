/**
 * The shapes the engine returns: memories, edges, provenance. Times are ISO 8601 strings in
 * UTC; internally the store keeps milliseconds since the epoch.
 *
 * @module
 */
import type { CognitiveShape, MemoryType, Origin, Relation, Status } from "./types.ts";
import type { Scope } from "./scope.ts";

/** Where a memory or edge came from, and which op recorded that. */
export interface Provenance {
  /** `user-asserted` or `agent-ingested`. */
  readonly origin: Origin;
  /** The agent or tool that wrote it (e.g. `"claude-code"`, `"helix-cli"`). */
  readonly agent: string | null;
  /** A pointer to the source: session id, file path, URL, turn id. */
  readonly ref: string | null;
  /** What produced the content (`"verbatim"`, `"rules"`, `"llm"`…). */
  readonly extractor: string | null;
  /** The model involved, if any. */
  readonly model: string | null;
  /** `change_id` of the op that recorded this provenance. */
  readonly op: string;
  /** When it was recorded. */
  readonly at: string;
}

/** A memory as the engine returns it. Embeddings are never part of it. */
export interface Memory {
  /** Stable human-readable id, e.g. `mem_billing_postgres_ledger_k3f9`. */
  readonly id: string;
  /** Memory type. */
  readonly type: MemoryType;
  /** Cognitive shape derived from the type. */
  readonly cognitive: CognitiveShape;
  /** The content exactly as written. */
  readonly content: string;
  /** Where it is true. */
  readonly scope: Scope;
  /** Lifecycle state. */
  readonly status: Status;
  /** 1–10. */
  readonly importance: number;
  /** 0–1: how sure Helix is that it is true. */
  readonly confidence: number;
  /** Free-form labels. */
  readonly tags: readonly string[];
  /** Type-specific structure (procedure steps, triggers, alternatives…). */
  readonly attributes: Readonly<Record<string, unknown>>;
  /** Lifecycle time: when it became true. */
  readonly validFrom: string;
  /** Lifecycle time: when it stopped being true (null = still true). */
  readonly validTo: string | null;
  /** When Helix learned it. */
  readonly recordedAt: string;
  /** Event time: when the thing it describes happened or will happen. */
  readonly eventAt: string | null;
  /** Event time: end of the event, if it spans time. */
  readonly eventEnd: string | null;
  /** The original time phrase ("next April"), if any. */
  readonly eventPhrase: string | null;
  /** Last reinforcement (recall that was used), for decay. */
  readonly lastAccessAt: string;
  /** How often it was reinforced. */
  readonly accessCount: number;
  /** SM-2 easiness factor. */
  readonly ef: number;
  /** Effective decay half-life in days; null = does not decay. */
  readonly halfLifeDays: number | null;
  /** Time of the last op that changed it. */
  readonly updatedAt: string;
  /** Every source it was recorded from, oldest first. */
  readonly provenance: readonly Provenance[];
}

/** A typed, weighted link between two memories. */
export interface Edge {
  /** Deterministic id: one edge per (from, relation, to). */
  readonly id: string;
  /** Source memory id. */
  readonly from: string;
  /** Target memory id. */
  readonly to: string;
  /** Relation type. */
  readonly relation: Relation;
  /** 0–1. */
  readonly weight: number;
  /** When it was created. */
  readonly createdAt: string;
  /** Where it came from. */
  readonly provenance: Provenance;
}
