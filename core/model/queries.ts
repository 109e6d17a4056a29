/**
 * What callers hand the engine to read memory: searches, context packs, listings, history
 * and export selections, written out field by field. Checked at the engine boundary
 * (`input.ts`) like every input.
 *
 * @module
 */
import type { Instant } from "./inputs.ts";
import type { MemoryType, Status } from "./types.ts";

/**
 * Which scopes a read covers: one scope, several, or `"all"`. Reads without it cover the
 * reader's project and session; global memories are always included.
 */
export type ScopeSelector = "all" | string | readonly string[];

/** Input of `engine.search`. */
export interface SearchInput {
  /** What to look for, in words (1–2,000 characters, not blank). */
  query: string;
  /** Most results, 1–100. @default {10} */
  limit?: number | undefined;
  /** Where to look. Default: the reader's project and session, plus global. */
  scope?: ScopeSelector | undefined;
  /** Only these types. */
  types?: readonly MemoryType[] | undefined;
  /** Also archived memories (faded, still kept). */
  includeArchived?: boolean | undefined;
  /** Also memories a newer one replaced. */
  includeSuperseded?: boolean | undefined;
  /** Also soft-forgotten memories. */
  includeForgotten?: boolean | undefined;
  /** Also memories quarantined by the poisoning guard (for people reviewing them). */
  includeQuarantined?: boolean | undefined;
  /** Also memories whose validity or event has ended. */
  includeExpired?: boolean | undefined;
  /** Search memory as it was at this time (bi-temporal: what was true and known then). */
  asOf?: Instant | undefined;
  /** Pack the results under this many tokens (1–200,000). */
  budgetTokens?: number | undefined;
  /** Turn recall channels off (all on by default). */
  channels?: {
    /** Nearest vectors (needs the embedding model). */
    vector?: boolean | undefined;
    /** BM25 over the words. */
    readonly bm25?: boolean | undefined;
    /** Exact identifiers, paths and commands. */
    exact?: boolean | undefined;
    /** Expansion over links from the best hits. */
    graph?: boolean | undefined;
    /** Parts and prefixes of identifiers (`mongo` finds `MongoDB`). Default: as `exact`. */
    partial?: boolean | undefined;
    /** Coding-lexicon expansion of the query's words (`linter` → eslint, ruff…). Default: as `bm25`. */
    expansion?: boolean | undefined;
    /**
     * Pseudo-relevance feedback: the best hits' distinctive words searched again at a lower
     * weight. Default: off (it raised R@10 but lowered MRR on the tune questions).
     */
    feedback?: boolean | undefined;
    /**
     * Words the user's own memories associate with the query's (counted by the worker's
     * `associate` job, run on demand), searched like the lexicon's. Default: off.
     */
    learned?: boolean | undefined;
  } | undefined;
}

/** Input of `engine.context`: the block an agent loads at the start of a task. */
export interface ContextInput {
  /** Token budget of the block, 16–200,000. */
  budgetTokens: number;
  /** What the task is about; without it, the block holds the profile, conventions and salient memories. */
  query?: string | undefined;
  /** Where to look. Default: the reader's project and session, plus global. */
  scope?: ScopeSelector | undefined;
  /** The context as it was at this time. */
  asOf?: Instant | undefined;
}

/** Input of `engine.list`: memories by filter, newest first. */
export interface ListInput {
  /** Which scopes. Default: the reader's project and session, plus global. */
  scope?: ScopeSelector | undefined;
  /** Only these types. */
  types?: readonly MemoryType[] | undefined;
  /** Only these statuses. @default {["active"]} */
  statuses?: readonly Status[] | undefined;
  /** Only memories with this tag. */
  tag?: string | undefined;
  /**
   * The strand as it was at this time: only memories valid then (as `search`'s `asOf`),
   * listed with the statuses they hold now.
   */
  asOf?: Instant | undefined;
  /** Page size, 1–1,000. @default {50} */
  limit?: number | undefined;
  /** The `nextCursor` of the previous page. */
  cursor?: string | undefined;
}

/** Input of `engine.history`: ops, newest first. */
export interface HistoryInput {
  /** Only ops that touched this memory or edge (or a purged memory's `purged:` ref). */
  id?: string | undefined;
  /** Only these op kinds (`memory.put`, `memory.patch`, …). */
  kinds?: readonly string[] | undefined;
  /** Ops at or after this time. */
  since?: Instant | undefined;
  /** Ops at or before this time. */
  until?: Instant | undefined;
  /** Most entries, 1–10,000. @default {100} */
  limit?: number | undefined;
}

/** Options of `engine.exportRecords`. */
export interface ExportOptions {
  /** Which scopes; a named scope means exactly it, without global. @default {"all"} */
  scope?: ScopeSelector | undefined;
  /** Which statuses. Default: every status but `forgotten`. */
  statuses?: readonly Status[] | undefined;
}
