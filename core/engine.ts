/**
 * The engine: the composition root every Helix surface (MCP server, CLI, sync) calls. It
 * opens one strand file, wires the store, op log, vector index, embedder and clock together,
 * and exposes the operations as one object. All mutations go through the op log.
 *
 * @module
 */
import { systemClock } from "./clock.ts";
import type { Clock } from "./ports.ts";
import type { Embedder } from "./ports.ts";
import { HelixError } from "./errors.ts";
import { parseHlc } from "./model/hlc.ts";
import { type BulkWriteResult, writeMemories } from "./ingest/write.ts";
import { type BulkProgress, opProvenance, storeVector } from "./ops/write.ts";
import { writeMemory, type WriteResult } from "./ingest/pipeline.ts";
import { type NoteInput, noteMemories, type NoteResult } from "./ingest/note.ts";
import { createLlmExtractor, createSqliteLedger, type LlmOptions } from "./llm/extractor.ts";
import { createImportanceCache } from "./extract/importance.ts";
import { type Flag, MAX_FLAGS, openFlags } from "./maintenance/flags.ts";
import type { FileProbe } from "./ports.ts";
import type { StaleFinding } from "./lifecycle/staleness.ts";
import { planStaleness } from "./lifecycle/jobs/stale.ts";
import { type BackfillProgress, backfillVectors, missingVectors } from "./lifecycle/backfill.ts";
import {
  type ReembedReport,
  type ReembedStatus,
  reembedStatus,
  reembedStrand,
  reembedTarget,
  setReembedTarget,
} from "./lifecycle/reembed.ts";
import { type LifecycleState, lifecycleState } from "./lifecycle/trigger.ts";
import { runLifecycle, type RunOptions, type RunReport } from "./lifecycle/run.ts";
import { type UndoReport, undoRun } from "./lifecycle/undo.ts";
import { type Inspection, inspectStrand } from "./maintenance/inspect.ts";
import { DEFAULT_EXPORT_STATUSES, type ExportRecord, exportRecords } from "./transfer/export.ts";
import {
  type ImportOptions,
  type ImportRecord,
  importRecords,
  type ImportResult,
} from "./transfer/import.ts";
import { edgeId } from "./model/ids.ts";
import {
  type ContextInput,
  contextInputSchema,
  type ExportOptions,
  exportOptionsSchema,
  type HistoryInput,
  historyInputSchema,
  type ListInput,
  listInputSchema,
  type ParsedSearch,
  parseInput,
  parseMemoryId,
  type PatchInput,
  patchInputSchema,
  purgeInputSchema,
  type RelateInput,
  relateInputSchema,
  type SearchInput,
  searchInputSchema,
  type WriteInput,
} from "./model/input.ts";
import type { Edge, Memory } from "./model/memory.ts";
import { assertScope } from "./model/scope.ts";
import { type Status, STATUSES } from "./model/types.ts";
import { createOpLog } from "./ops/log.ts";
import {
  isPurged,
  type Op,
  type PatchFields,
  PURGED_REF_PREFIX,
  purgedRef,
  refsOf,
} from "./ops/op.ts";
import { rebuildState } from "./ops/rebuild.ts";
import { diffPoints, type HistoryDiff } from "./history/diff.ts";
import type { PointInput } from "./history/point.ts";
import { type RollbackOptions, type RollbackReport, rollbackTo } from "./history/rollback.ts";
import { stateHash } from "./ops/state_hash.ts";
import { buildContext, type ContextPack } from "./recall/context.ts";
import { tokenCounter } from "./text/tokens.ts";
import {
  DEFAULT_RANK_WEIGHTS,
  type RankWeights,
  runSearch,
  type SearchResult,
} from "./recall/search.ts";
import { embedDocuments, type EmbedPolicy, embedQuery } from "./embed/policy.ts";
import { readScopes } from "./model/scope.ts";
import type { Runtime } from "./runtime.ts";
import { openStrandFile, type StrandMeta } from "./store/meta.ts";
import { iso, publicEdge, publicMemory } from "./store/records.ts";
import { sqliteError } from "./store/sqlite.ts";
import { createStore } from "./store/store.ts";
import { KeywordIndex } from "./store/keyword.ts";
import { VectorIndex } from "./store/vector_index.ts";
import { type Visibility, visibilitySql } from "./store/visibility.ts";
import { type ConflictRecord, headsOf, listConflicts } from "./ops/concurrency.ts";
import { mergeOps, type MergeProgress, type MergeReport } from "./ops/merge.ts";
import {
  type DnaExportOptions,
  type DnaExportResult,
  type DnaImportOptions,
  type DnaImportReport,
  exportDna,
  importDna,
} from "./transfer/dna_strand.ts";

/** The model and dimension a strand is pinned to when it is created without an embedder. */
export const DEFAULT_EMBEDDING = { model: "Xenova/bge-small-en-v1.5", dimension: 384 } as const;

/** Options of {@linkcode openEngine}. */
export interface OpenEngineOptions {
  /** The strand file (created if missing unless `mustExist`), or `":memory:"`. */
  readonly path: string;
  /** The embedding model; null stores no vectors (recall runs on BM25, exact tokens and graph). */
  readonly embedder?: Embedder | null;
  /**
   * Start moving the strand to `embedder` when it is pinned to another model (see
   * `lifecycle/reembed.ts`); without it a mismatch is `embedding_mismatch`. An unfinished
   * re-embedding to `embedder` resumes either way.
   */
  readonly reembed?: boolean;
  /** When writes and searches wait for the model. @default {"wait"} */
  readonly embedPolicy?: EmbedPolicy;
  /** Source of time. @default {systemClock} */
  readonly clock?: Clock;
  /** Project of the caller, e.g. `"billing-svc"` or `"project:billing-svc"`: the default scope. */
  readonly project?: string | null;
  /** Session of the caller, e.g. an MCP session id: scope `session:<id>`. */
  readonly session?: string | null;
  /** Refuse to create a missing strand. */
  readonly mustExist?: boolean;
  /** How long a write waits for another process's lock. @default {5000} */
  readonly busyTimeoutMs?: number;
  /** `"full"` also survives power loss at an fsync per write. @default {"normal"} */
  readonly durability?: "normal" | "full";
  /** Weights of the ranking factors. @default {DEFAULT_RANK_WEIGHTS} */
  readonly rankWeights?: RankWeights;
  /**
   * An OpenAI-compatible chat model that upgrades extraction and adjudicates consolidation's
   * grey band (responses cached and spend counted in the strand). Null: deterministic only.
   */
  readonly llm?: Omit<LlmOptions, "ledger" | "now"> | null;
  /**
   * The project's files (a {@linkcode FileProbe} rooted at the checkout): writes that cite
   * files record their hashes, and `checkStale()` and the worker flag memories whose files
   * changed. Null: no anchors.
   */
  readonly files?: FileProbe | null;
}

/** A soft-forgotten memory. */
export interface ForgetResult {
  /** Memories forgotten by this call (already forgotten ones are not repeated). */
  readonly forgotten: readonly Memory[];
}

/** What a hard deletion removed. */
export interface PurgeResult {
  /** The memories removed, sorted. */
  readonly purged: readonly string[];
  /** Edges that touched them, removed with them (whatever their status). */
  readonly edgesRemoved: number;
  /** Earlier ops whose payload became a tombstone. */
  readonly opsScrubbed: number;
  /**
   * Whether the write-ahead log was emptied too. False when another process was reading the
   * strand: the removed content then leaves the `-wal` file at a later checkpoint.
   */
  readonly walCleared: boolean;
}

/** A page of memories. */
export interface ListResult {
  readonly items: readonly Memory[];
  /** Pass as `cursor` for the next page; null at the end. */
  readonly nextCursor: string | null;
}

/** One op as history shows it. */
export interface HistoryEntry {
  readonly changeId: string;
  readonly hlc: string;
  /** Wall time of the op. */
  readonly at: string;
  readonly deviceId: string;
  readonly seq: number;
  readonly kind: Op["kind"];
  /**
   * The memory or edge it changed; for a purge and the ops it tombstoned, the purged
   * memory's `purged:<change id of its memory.put>` ref.
   */
  readonly subject: string;
  /** One line for humans. */
  readonly summary: string;
  readonly payload: Op["payload"];
}

/** Counts and pins of a strand. */
export interface StrandStats {
  readonly path: string;
  readonly strandId: string;
  readonly deviceId: string;
  readonly schemaVersion: number;
  readonly embedding: {
    readonly model: string;
    readonly dimension: number;
    readonly state: string;
  };
  readonly memories: number;
  readonly byType: Readonly<Record<string, number>>;
  readonly byStatus: Readonly<Record<string, number>>;
  readonly edges: number;
  readonly ops: number;
  readonly vectors: number;
  /** Memories (not forgotten) whose vector is missing or stale. */
  readonly missingVectors: number;
  readonly lastOpAt: string | null;
}

/** One page of the memory graph. */
export interface GraphPage {
  /** Memories joined by the page's edges (content shortened to 160 characters). */
  readonly nodes: ReadonlyArray<
    { readonly id: string; readonly type: string; readonly scope: string; readonly content: string }
  >;
  /** Active edges whose ends are both visible, in id order. */
  readonly edges: readonly Edge[];
  /** Pass as `cursor` for the next page; null at the end. */
  readonly nextCursor: string | null;
}

/** What a rebuild found. */
export interface RebuildResult {
  readonly ops: number;
  readonly before: string;
  readonly after: string;
  /** True when refolding reproduced the state exactly. */
  readonly identical: boolean;
  readonly vectorsKept: number;
  readonly vectorsDropped: number;
}

/** What `checkStale()` found. */
export interface StaleReport {
  /** Memories whose cited files changed or vanished, with what changed. */
  readonly stale: readonly { readonly id: string; readonly findings: readonly StaleFinding[] }[];
  /** The run that recorded the marks (`undoRun` reverses it), or null for a dry run or no change. */
  readonly run: string | null;
}

/** The Helix engine over one strand. Obtain with {@linkcode openEngine}. */
export interface Engine {
  /** Where the strand lives. */
  readonly path: string;
  /** The strand's pinned metadata. */
  readonly meta: StrandMeta;
  /**
   * Writes one memory through the write path: secrets redacted, agent-ingested content
   * scanned for injected instructions (suspicious writes are stored `quarantined`), then
   * consolidated against the nearest memories of its scope: an equivalent one is reinforced
   * (`noop`), a refined one updated, a replaced one superseded, a contradicted one flagged.
   * The content is otherwise kept verbatim.
   */
  write(input: WriteInput): Promise<WriteResult>;
  /**
   * Turns text into memories: redacts it (and its context), runs the gate (skipped when
   * `explicit`), extracts typed, self-contained candidates using the previous assistant turn,
   * the recent window and the nearest active memories (the LLM extractor when configured,
   * else the deterministic one), and writes each through the write path.
   */
  note(input: NoteInput): Promise<NoteResult>;
  /** Whether the lifecycle worker is due (importance budget since its last run, or a session end). */
  lifecycle(): LifecycleState;
  /**
   * Runs the lifecycle worker now (`helix sleep`, or the server when idle): distils recurring
   * episodes into rules that cite them, archives memories below the salience floor. Each slice
   * is a short transaction recorded by a `job.run` op; it yields between slices.
   */
  sleep(options?: Partial<RunOptions>): Promise<RunReport>;
  /**
   * Compares the files the project's memories cite with the checkout (`options.files`): a
   * changed or vanished file marks the memory stale (`attributes.stale`) and lowers its
   * confidence once, as one recorded run; `dryRun` only reports.
   */
  checkStale(options?: { dryRun?: boolean }): Promise<StaleReport>;
  /** Reverses a worker run by appending inverse ops (see `RunReport.run`). */
  undoRun(run: string): UndoReport;
  /**
   * Open contradictions (see {@linkcode Flag}) in the caller's scopes (or `scope`), newest
   * first.
   */
  flags(input?: { scope?: "all" | string | string[]; limit?: number }): Flag[];
  /** Stores many memories in one transaction: all or none. */
  writeMany(
    inputs: readonly WriteInput[],
    onProgress?: (p: BulkProgress) => void,
  ): Promise<BulkWriteResult>;
  /** A memory by id, whatever its status. Throws `not_found`. */
  get(id: string): Memory;
  /** Memories by filter, newest first, paged. Defaults: the caller's scopes, active only. */
  list(input?: ListInput): ListResult;
  /** Changes fields of a memory (an op); unchanged fields are ignored. Throws `not_found`. */
  patch(id: string, changes: PatchInput): Promise<Memory>;
  /**
   * Hard-deletes memories (`helix forget --hard`): one `memory.purge` op removes them from
   * every table and index, removes every edge touching them, and turns the payload of every
   * earlier op that touched them into a tombstone. Not recoverable. Throws `not_found` for an
   * unknown (or already purged) id, changing nothing.
   *
   * The ids themselves leave the strand too (an id is a slug of the content's first words):
   * the op names each memory by the change id of its `memory.put`, and the log's refs name it
   * `purged:<that change id>`, so `history({ id })` of a purged id finds nothing.
   *
   * @example Forget for good
   * ```ts
   * import { openEngine } from "./engine.ts";
   * import { deepEqual, equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "The staging password is hunter2." });
   * const result = engine.purge([id]);
   * deepEqual(result.purged, [id]);
   * equal(result.opsScrubbed, 1); // the memory.put now reads {"purged": "<purge change id>"}
   * const [purge, put] = engine.history();
   * equal(purge?.summary, "purged 1 memory");
   * equal(put?.summary.startsWith("purged memory.put"), true);
   * deepEqual(engine.history({ id }), []);
   * deepEqual(engine.verifyLog(), []);
   * engine.close();
   * ```
   */
  purge(ids: readonly string[]): PurgeResult;
  /**
   * What `helix doctor` reports: a checklist (schema, SQLite `quick_check`, FTS5 integrity,
   * log verification, refold into a fresh strand compared by state hash, vectors) and the
   * facts behind it. Changes nothing in the strand.
   *
   * @example A checklist
   * ```ts
   * import { openEngine } from "./engine.ts";
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
  /**
   * Memories and then edges as plain records, streamed in a stable order (memories by
   * recorded time then id, edges by id). Defaults: every scope (a named scope means exactly
   * that scope, without global), every status but `forgotten`. Edges are exported when active
   * and both their ends are exported.
   *
   * @example Copy a strand
   * ```ts
   * import { openEngine } from "./engine.ts";
   * import { deepEqual } from "node:assert/strict";
   *
   * const from = openEngine({ path: ":memory:", project: "web" });
   * const a = await from.write({ content: "Use pnpm.", type: "convention" });
   * const b = await from.write({ content: "CI runs on GitHub Actions." });
   * from.relate({ from: a.id, to: b.id, relation: "related_to" });
   * const to = openEngine({ path: ":memory:" });
   * await to.importRecords([...from.exportRecords()]);
   * deepEqual([...to.exportRecords()], [...from.exportRecords()]);
   * from.close();
   * to.close();
   * ```
   */
  exportRecords(options?: ExportOptions): Iterable<ExportRecord>;
  /**
   * Writes memories and edges in one transaction, all or nothing. A memory's `id` is kept
   * (it must be free unless `onExisting: "skip"`); edges may join memories of the import or
   * of the strand. A bad record throws with its 0-based position in `details.index`.
   */
  importRecords(
    records: readonly ImportRecord[],
    onProgress?: (p: BulkProgress) => void,
    options?: ImportOptions,
  ): Promise<ImportResult>;
  /** Soft-forgets memories by id, or the best matches of a query (recoverable with `patch({status})`). */
  forget(
    target: { id: string } | { ids: readonly string[] } | { query: string; limit?: number },
  ): Promise<ForgetResult>;
  /** Links two memories. Relating the same pair again updates the weight. */
  relate(input: RelateInput): Edge;
  /** Removes an edge (kept in history). */
  unrelate(edgeId: string): void;
  /** Edges touching a memory. */
  edgesOf(id: string): Edge[];
  /** Hybrid recall with explanations. */
  search(input: SearchInput): Promise<SearchResult>;
  /** A token-budgeted context block: profile, conventions, then what is relevant. */
  context(input: ContextInput): Promise<ContextPack>;
  /**
   * Ops, newest first, optionally for one memory or edge (a purged memory only by its
   * `purged:` ref: its id is gone from the log).
   */
  history(input?: HistoryInput): HistoryEntry[];
  /**
   * How the memories and edges at point `from` differ from those at `to` (default `"now"`):
   * added, removed (purged: by their `purged:` ref, without content), changed field by field
   * with status transitions classified, and edges added, removed or reweighted. A point is a
   * change id or a unique prefix of one (≥ 6 hex characters), an ISO 8601 time or epoch ms,
   * an age before the engine clock's now (`2h`, `3d`, `1w`), or `now`; the state at it is the
   * fold of every op up to it. Throws `invalid_input` for a malformed or ambiguous point,
   * `not_found` for an unknown change id.
   *
   * @example What changed since an op
   * ```ts
   * import { openEngine } from "./engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "Deploys need one approval." });
   * const [put] = engine.history();
   * await engine.patch(id, { content: "Deploys need two approvals." });
   * const diff = engine.diff(put!.changeId);
   * equal(diff.memories.changed[0]?.changes[0]?.after, "Deploys need two approvals.");
   * equal(diff.counts.changed, 1);
   * engine.close();
   * ```
   */
  diff(from: PointInput, to?: PointInput): HistoryDiff;
  /**
   * Makes every memory and edge what it was at `point` (see {@linkcode Engine.diff}) by
   * appending ops in one transaction, closed by a `job.run` op (job `rollback`) that `helix
   * log` shows: memories created since are forgotten, changed fields and statuses patched
   * back, edges added since removed and edges removed since put back. History keeps both;
   * rolling back to the report's `undoPoint` reverses it. Purged memories cannot come back
   * (`unrecoverable`). `dryRun` appends nothing.
   *
   * @example Undo an edit
   * ```ts
   * import { openEngine } from "./engine.ts";
   * import { equal } from "node:assert/strict";
   *
   * const engine = openEngine({ path: ":memory:" });
   * const { id } = await engine.write({ content: "Deploys need one approval." });
   * const [put] = engine.history();
   * await engine.patch(id, { content: "Deploys need no approval." });
   * const report = await engine.rollback(put!.changeId);
   * equal(engine.get(id).content, "Deploys need one approval.");
   * equal(report.memories.patched.length, 1);
   * equal(engine.diff(put!.changeId).counts.changed, 0);
   * engine.close();
   * ```
   */
  rollback(point: PointInput, options?: RollbackOptions): Promise<RollbackReport>;
  /**
   * Merges another strand's ops (the union of the two histories, folded deterministically;
   * `ops/merge.ts`): concurrent edits are merged three-way and their conflicts recorded.
   * Ops already here are skipped, so merging the same ops twice changes nothing.
   */
  mergeOps(ops: readonly Op[], options?: { onProgress?: MergeProgress }): MergeReport;
  /** Every op of the strand in fold order (what {@linkcode mergeOps} takes). */
  ops(): Op[];
  /**
   * Conflicts concurrent edits left (see `ops/concurrency.ts`): open ones (a text conflict
   * block, two rival successors of one fact) unless `all`, which adds the ones settled
   * automatically.
   */
  conflicts(options?: { all?: boolean }): ConflictRecord[];
  /** The strand, or the memories of some scopes and types, as a sealed, signed `.dna` file. */
  exportDna(options: DnaExportOptions): Promise<DnaExportResult>;
  /**
   * Opens a `.dna` file (signature, key commitment and decryption checked first), checks its
   * body against its manifest and merges its ops; the strand is unchanged on any failure.
   */
  importDna(bytes: Uint8Array, options: DnaImportOptions): Promise<DnaImportReport>;
  /** SHA-256 of the logical state. */
  stateHash(): string;
  /** Refolds every table from the op log and checks the state hash is reproduced. */
  rebuild(): RebuildResult;
  /** Change ids whose stored bytes no longer match their hash (empty = log intact). */
  verifyLog(): string[];
  /** Embeds memories stored without vectors (or with stale ones). */
  backfillEmbeddings(
    options?: { batchSize?: number; onProgress?: (p: BackfillProgress) => void },
  ): Promise<{ embedded: number; remaining: number }>;
  /** How far an unfinished re-embedding got, or null when none is under way. */
  reembedStatus(): ReembedStatus | null;
  /**
   * Re-embeds every memory with the new model and switches the strand to it (resumable: a
   * second call continues). The switch takes effect for processes that open the strand
   * afterwards; this engine keeps recalling without vectors.
   */
  reembed(
    options?: { batchSize?: number; onProgress?: (status: ReembedStatus) => void },
  ): Promise<ReembedReport>;
  /** Counts and pins. */
  stats(): StrandStats;
  /**
   * Loads what the first search would otherwise load (the vector index, the tokenizer) in
   * small steps that yield to the event loop: for servers, right after they start answering.
   */
  warmup(): Promise<void>;
  /**
   * The same strand seen from another project and session: the default scopes of reads and
   * writes change, nothing else does. Views share the open file; closing a view does nothing.
   */
  withContext(context: { project?: string | null; session?: string | null }): Engine;
  /** The project and session scopes this engine reads and writes by default. */
  readonly scopes: { readonly project: string | null; readonly session: string | null };
  /** Records whether a recalled memory helped (SM-2 quality 0–5) as a `memory.reinforce` op. */
  reinforce(id: string, quality: number): Memory;
  /** Records the end of an agent session (a consolidation boundary) as a `session.end` op. */
  recordSessionEnd(
    input: { session: string; project?: string; client?: string; startedAt: number },
  ): void;
  /** A page of the graph in the caller's scopes: edges by id, and the memories they join. */
  graph(input?: { scope?: "all" | string | string[]; cursor?: string; limit?: number }): GraphPage;
  /** Closes the strand file. The embedder belongs to the caller and stays open. */
  close(): void;
}

/**
 * Opens (or creates) a strand and returns its engine.
 *
 * @example Usage
 * ```ts
 * import { openEngine } from "./engine.ts";
 * import { equal } from "node:assert/strict";
 *
 * const engine = openEngine({ path: ":memory:", project: "billing" });
 * await engine.write({ content: "Billing stores money as integer cents in `amount_cents`.", type: "convention" });
 * const { hits } = await engine.search({ query: "amount_cents" });
 * equal(hits[0]?.memory.scope, "project:billing");
 * engine.close();
 * ```
 */
export function openEngine(options: OpenEngineOptions): Engine {
  const clock = options.clock ?? systemClock;
  const embedder = options.embedder ?? null;
  const pin = embedder
    ? { model: embedder.model, dimension: embedder.dimension }
    : DEFAULT_EMBEDDING;
  const { db, meta } = openStrandFile(options.path, {
    embeddingModel: pin.model,
    embeddingDimension: pin.dimension,
    now: clock.now(),
    ...(options.mustExist !== undefined ? { mustExist: options.mustExist } : {}),
    ...(options.busyTimeoutMs !== undefined ? { busyTimeoutMs: options.busyTimeoutMs } : {}),
    ...(options.durability !== undefined ? { durability: options.durability } : {}),
  });
  const mismatch = embedder !== undefined && embedder !== null &&
    (embedder.model !== meta.embeddingModel || embedder.dimension !== meta.embeddingDimension);
  const target = reembedTarget(db);
  const resumes = mismatch && target?.model === embedder.model &&
    target.dimension === embedder.dimension;
  if (mismatch && !resumes && !options.reembed) {
    db.close();
    throw new HelixError(
      "embedding_mismatch",
      `Cannot open strand ${options.path}: it is pinned to ${meta.embeddingModel} (${meta.embeddingDimension}-d) ` +
        `but the configured model is ${embedder.model} (${embedder.dimension}-d); configure the pinned model, or run helix reembed to move the strand to the new one`,
      { details: { pinned: meta.embeddingModel, configured: embedder.model } },
    );
  }
  try {
    if (mismatch && !resumes) setReembedTarget(db, embedder);
    if (!mismatch && target) setReembedTarget(db, null);
  } catch (error) {
    db.close();
    throw sqliteError(error, "record the re-embedding");
  }
  const store = createStore(db, meta.embeddingDimension);
  const rt: Runtime = {
    store,
    log: createOpLog(store, { deviceId: meta.deviceId, clock }),
    index: new VectorIndex(store),
    keywords: new KeywordIndex(store),
    clock,
    meta,
    path: options.path,
    embedder: mismatch ? null : embedder,
    reembedder: mismatch ? embedder : null,
    embedPolicy: options.embedPolicy ?? "wait",
    project: options.project ? toScope(options.project, "project") : null,
    session: options.session ? toScope(options.session, "session") : null,
    llm: options.llm
      ? createLlmExtractor({ ...options.llm, ledger: createSqliteLedger(db), now: clock.now })
      : null,
    importance: createImportanceCache(),
    files: options.files ?? null,
  };
  const weights = options.rankWeights ?? DEFAULT_RANK_WEIGHTS;
  return createEngine(rt, weights);
}

function toScope(value: string, kind: "project" | "session"): string {
  return assertScope(value.startsWith(`${kind}:`) ? value : `${kind}:${value}`);
}

function createEngine(rt: Runtime, weights: RankWeights): Engine {
  const { store, log } = rt;
  const guard = <T>(action: string, fn: () => T): T => {
    try {
      return fn();
    } catch (error) {
      throw sqliteError(error, action);
    }
  };
  const requireRecord = (id: string, action: string) => {
    const record = store.memoryById(parseMemoryId(id, action));
    if (!record) throw new HelixError("not_found", `Cannot ${action}: no memory has id "${id}"`);
    return record;
  };
  const toMemory = (id: string): Memory => {
    const record = store.memoryById(id)!;
    return publicMemory(record, store.provenanceOf([id]).get(id) ?? []);
  };
  const visibilityOf = (
    input: Pick<
      ParsedSearch,
      | "scope"
      | "types"
      | "asOf"
      | "includeArchived"
      | "includeSuperseded"
      | "includeForgotten"
      | "includeQuarantined"
      | "includeExpired"
    >,
  ): Visibility => {
    const scopes = readScopes(rt, input.scope);
    const asOf = input.asOf !== undefined;
    const statuses = new Set<Status>(asOf ? ["active", "superseded", "archived"] : ["active"]);
    if (input.includeArchived) statuses.add("archived");
    if (input.includeSuperseded) statuses.add("superseded");
    if (input.includeForgotten) statuses.add("forgotten");
    if (input.includeQuarantined) statuses.add("quarantined");
    return {
      scopes,
      statuses: STATUSES.filter((s) => statuses.has(s)),
      ...(input.types ? { types: input.types } : {}),
      at: input.asOf ?? rt.clock.now(),
      asOf,
      ...(input.includeExpired ? { includeEnded: true } : {}),
    };
  };
  const search = async (input: SearchInput): Promise<SearchResult> => {
    const parsed = parseInput(searchInputSchema, input, "search memories");
    const channels = parsed.channels ?? {};
    return await guardAsync("search memories", () =>
      runSearch(
        {
          store,
          index: rt.index,
          keywords: rt.keywords,
          embedQuery: (text) => embedQuery(rt, text),
          weights,
        },
        {
          query: parsed.query,
          limit: parsed.limit ?? 10,
          visibility: visibilityOf(parsed),
          channels: {
            vector: channels.vector ?? true,
            bm25: channels.bm25 ?? true,
            exact: channels.exact ?? true,
            graph: channels.graph ?? true,
          },
          ...(parsed.budgetTokens !== undefined ? { budgetTokens: parsed.budgetTokens } : {}),
        },
      ));
  };

  return {
    path: rt.path,
    meta: rt.meta,

    write: (input) => guardAsync("write memory", () => writeMemory(rt, input)),
    note: (input) => guardAsync("note memory", () => noteMemories(rt, input)),
    lifecycle: () => guard("read lifecycle state", () => lifecycleState(rt)),
    sleep: (options = {}) =>
      guardAsync(
        "run the lifecycle worker",
        () => runLifecycle(rt, { reason: "manual", ...options }),
      ),
    undoRun: (run) => guard("undo run", () => undoRun(rt, run)),
    checkStale: (options = {}) =>
      guardAsync("check staleness", async () => {
        if (!rt.files) {
          throw new HelixError(
            "invalid_input",
            "Cannot check staleness: the engine was opened without the project's files",
          );
        }
        const plans = await planStaleness(rt, rt.files);
        const stale = plans.filter((p) => p.findings.length > 0).map((p) => ({
          id: p.id,
          findings: p.findings,
        }));
        if (options.dryRun || plans.length === 0) return { stale, run: null };
        const report = await runLifecycle(rt, { reason: "stale_check", only: "stale" });
        return { stale, run: report.run };
      }),
    flags(input = {}) {
      const limit = input.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > MAX_FLAGS) {
        throw new HelixError(
          "invalid_input",
          `Cannot list flags: limit must be an integer 1–${MAX_FLAGS}, got ${limit}`,
        );
      }
      const scopes = readScopes(rt, input.scope);
      return guard("list flags", () => openFlags(rt.store, scopes, limit));
    },
    writeMany: (inputs, onProgress) =>
      guardAsync("write memories", () => writeMemories(rt, inputs, onProgress)),

    get(id) {
      return guard("get memory", () => toMemory(requireRecord(id, "get memory").id));
    },

    list(input = {}) {
      const parsed = parseInput(listInputSchema, input, "list memories");
      return guard("list memories", () => {
        // A listing shows memories whatever their validity: includeEnded, not as of a time.
        const filter = visibilitySql({
          scopes: readScopes(rt, parsed.scope),
          statuses: parsed.statuses ?? ["active"],
          ...(parsed.types ? { types: parsed.types } : {}),
          at: 0,
          asOf: false,
          includeEnded: true,
        });
        const where = [filter.sql];
        const params = [...filter.params];
        if (parsed.tag) {
          where.push("EXISTS (SELECT 1 FROM json_each(m.tags) t WHERE t.value = ?)");
          params.push(parsed.tag);
        }
        if (parsed.cursor) {
          const [at, id] = decodeCursor(parsed.cursor);
          where.push("(m.recorded_at < ? OR (m.recorded_at = ? AND m.id < ?))");
          params.push(at, at, id);
        }
        const limit = parsed.limit ?? 50;
        const rows = store.prepare(
          `SELECT m.rid AS rid, m.recorded_at AS at, m.id AS id FROM memories m
           WHERE ${where.join(" AND ")} ORDER BY m.recorded_at DESC, m.id DESC LIMIT ?`,
        ).all(...params, limit + 1) as { rid: number; at: number; id: string }[];
        const page = rows.slice(0, limit);
        const records = new Map(store.memoriesByRid(page.map((r) => r.rid)).map((r) => [r.rid, r]));
        const provenance = store.provenanceOf(page.map((r) => r.id));
        const last = page.at(-1);
        return {
          items: page.map((r) => publicMemory(records.get(r.rid)!, provenance.get(r.id) ?? [])),
          nextCursor: rows.length > limit && last ? encodeCursor(last.at, last.id) : null,
        };
      });
    },

    async patch(id, changes) {
      const parsed = parseInput(patchInputSchema, changes, "patch memory");
      const current = guard("patch memory", () => requireRecord(id, "patch memory"));
      const contentChanges = parsed.content !== undefined && parsed.content !== current.content;
      const [vector] = contentChanges ? (await embedDocuments(rt, [parsed.content!])) ?? [] : [];
      return guardAsync("patch memory", () => {
        log.transact("patch memory", (tx) => {
          const record = requireRecord(id, "patch memory");
          const set = changedFields(record, parsed);
          if (Object.keys(set).length === 0) return;
          // Only a patch that moves the validity bounds must leave a non-empty interval (a
          // memory superseded in the same millisecond keeps its empty one).
          const validFrom = set.validFrom ?? record.validFrom;
          const validTo = set.validTo === undefined ? record.validTo : set.validTo;
          const movesBounds = set.validFrom !== undefined || set.validTo !== undefined;
          if (movesBounds && validTo !== null && validTo <= validFrom) {
            throw new HelixError(
              "invalid_input",
              "Cannot patch memory: validTo must be after validFrom",
            );
          }
          tx.append({
            kind: "memory.patch",
            payload: { id: record.id, set, parents: headsOf(store, record.id) },
          });
          if (vector && set.content !== undefined) {
            storeVector(rt, tx, record.id, set.content, vector);
          }
        });
        return Promise.resolve(toMemory(current.id));
      });
    },

    async forget(target) {
      let ids: string[];
      if ("query" in target) {
        // Only direct matches: never forget a memory because it is linked to one.
        const result = await search({
          query: target.query,
          limit: target.limit ?? 1,
          channels: { graph: false },
        });
        ids = result.hits.map((h) => h.memory.id);
      } else {
        ids = "ids" in target ? [...target.ids] : [target.id];
      }
      return guard("forget memory", () => {
        const forgotten = log.transact("forget memory", (tx) => {
          const done: string[] = [];
          for (const id of ids) {
            const record = requireRecord(id, "forget memory");
            if (record.status === "forgotten") continue;
            tx.append({
              kind: "memory.forget",
              payload: { id: record.id, parents: headsOf(store, record.id) },
            });
            done.push(record.id);
          }
          return done;
        });
        return { forgotten: forgotten.map(toMemory) };
      });
    },

    purge(ids) {
      const unique = [...new Set(parseInput(purgeInputSchema, ids, "purge memories"))].sort();
      return guard("purge memories", () => {
        const result = log.transact("purge memories", (tx) => {
          // Named by the put that created each one: an id would keep the content's first words.
          const records = unique.map((id) => requireRecord(id, "purge memories"))
            .sort((a, b) => a.createdOp < b.createdOp ? -1 : 1);
          const puts = records.map((r) => r.createdOp);
          const edgesRemoved = store.edgeIdsTouching(unique).length;
          const op = tx.append({
            kind: "memory.purge",
            payload: { puts, parents: records.map((r) => r.headOp) },
          });
          const opsScrubbed = log.purgedBy(op.changeId, puts.map(purgedRef));
          return { purged: unique, edgesRemoved, opsScrubbed };
        });
        return { ...result, walCleared: store.truncateWal() };
      });
    },

    inspect() {
      return Promise.resolve(guard("inspect strand", () => inspectStrand(rt)));
    },

    exportRecords(options = {}) {
      const parsed = parseInput(exportOptionsSchema, options, "export records");
      const scope = parsed.scope === undefined || parsed.scope === "all"
        ? "all"
        : [parsed.scope].flat();
      return exportRecords(store, {
        scope,
        statuses: parsed.statuses ?? DEFAULT_EXPORT_STATUSES,
      });
    },

    importRecords: (records, onProgress, options) =>
      guardAsync("import records", () => importRecords(rt, records, onProgress, options)),

    relate(input) {
      const parsed = parseInput(relateInputSchema, input, "relate memories");
      return guard("relate memories", () => {
        const id = edgeId(parsed.from, parsed.relation, parsed.to);
        log.transact("relate memories", (tx) => {
          for (const end of [parsed.from, parsed.to]) {
            const record = requireRecord(end, "relate memories");
            if (record.status === "forgotten") {
              throw new HelixError("conflict", `Cannot relate memories: ${end} was forgotten`);
            }
          }
          const existing = store.edgeById(id);
          const weight = parsed.weight ?? 1;
          if (existing && existing.status === "active" && existing.weight === weight) return;
          tx.append({
            kind: "edge.put",
            payload: {
              id,
              from: parsed.from,
              to: parsed.to,
              relation: parsed.relation,
              weight,
              provenance: opProvenance(parsed.source),
            },
          });
        });
        const edge = store.edgeById(id)!;
        return publicEdge(edge, store.provenanceOf([id]).get(id) ?? []);
      });
    },

    unrelate(id) {
      guard("remove edge", () => {
        log.transact("remove edge", (tx) => {
          const edge = store.edgeById(id);
          if (!edge) {
            throw new HelixError("not_found", `Cannot remove edge: no edge has id "${id}"`);
          }
          if (edge.status === "removed") return;
          tx.append({
            kind: "edge.remove",
            payload: { id, from: edge.from, to: edge.to, parents: [edge.headOp] },
          });
        });
      });
    },

    edgesOf(id) {
      return guard("list edges", () => {
        const record = requireRecord(id, "list edges");
        const edges = store.edgesTouching([record.id]);
        const provenance = store.provenanceOf(edges.map((e) => e.id));
        return edges.map((e) => publicEdge(e, provenance.get(e.id) ?? []));
      });
    },

    search,

    async context(input) {
      const parsed = parseInput(contextInputSchema, input, "build context");
      const visibility = visibilityOf(parsed);
      const label = visibility.scopes === "all"
        ? "all scopes"
        : visibility.scopes.filter((s) => s !== "global").join(", ") || "global";
      return await guardAsync("build context", () =>
        buildContext(
          {
            store,
            search: (query, limit) =>
              search({
                query,
                limit,
                ...(parsed.scope !== undefined ? { scope: parsed.scope } : {}),
                ...(parsed.asOf !== undefined ? { asOf: parsed.asOf } : {}),
              }),
          },
          {
            budgetTokens: parsed.budgetTokens,
            ...(parsed.query !== undefined ? { query: parsed.query } : {}),
            visibility,
            label,
          },
        ));
    },

    history(input = {}) {
      const parsed = parseInput(historyInputSchema, input, "read history");
      return guard("read history", () => {
        const ops = log.read({
          ...(parsed.id !== undefined ? { ref: parsed.id } : {}),
          ...(parsed.kinds !== undefined ? { kinds: parsed.kinds } : {}),
          ...(parsed.since !== undefined ? { since: parsed.since } : {}),
          ...(parsed.until !== undefined ? { until: parsed.until } : {}),
          limit: parsed.limit ?? 100,
        });
        const purged = ops.filter(isPurged).map((op) => op.changeId);
        const refs = purged.length > 0 ? log.refsOf(purged) : new Map<string, string[]>();
        return ops.map((op) => historyEntry(op, refs.get(op.changeId)));
      });
    },

    diff: (from, to) => guard("diff history", () => diffPoints(rt, from, to)),

    rollback: (point, options) => guardAsync("roll back", () => rollbackTo(rt, point, options)),

    mergeOps(ops, options = {}) {
      return guard(
        "merge ops",
        () => mergeOps(store, log, ops, rt.clock.now(), options.onProgress),
      );
    },

    ops: () => guard("read ops", () => [...log.canonical()]),

    conflicts: (options = {}) =>
      guard("list conflicts", () => listConflicts(store, options.all ?? false)),

    exportDna: (options) => guardAsync("export .dna", () => exportDna(rt, options)),

    importDna: (bytes, options) => guardAsync("import .dna", () => importDna(rt, bytes, options)),

    stateHash: () => guard("hash state", () => stateHash(store.db)),

    rebuild() {
      return guard("rebuild strand", () => {
        const before = stateHash(store.db);
        const report = rebuildState(store, log);
        const after = stateHash(store.db);
        return { ...report, before, after, identical: before === after };
      });
    },

    verifyLog: () => guard("verify log", () => log.verify()),

    async backfillEmbeddings(options = {}) {
      const { embedder } = rt;
      if (!embedder) {
        throw new HelixError(
          "embedder_unavailable",
          "Cannot backfill embeddings: no embedding model is configured",
        );
      }
      const status = await embedder.warmup();
      if (status.state !== "ready") {
        throw new HelixError(
          "embedder_unavailable",
          `Cannot backfill embeddings: ${status.error ?? `model is ${status.state}`}`,
        );
      }
      return await backfillVectors(rt, embedder, options);
    },

    reembedStatus: () => guard("read the re-embedding", () => reembedStatus(rt)),
    reembed: (options = {}) => guardAsync("re-embed the strand", () => reembedStrand(rt, options)),

    stats() {
      return guard("read stats", () => {
        const group = (column: string) =>
          Object.fromEntries(
            (store.db.prepare(
              `SELECT ${column} AS k, count(*) AS n FROM memories GROUP BY ${column} ORDER BY ${column}`,
            )
              .all() as { k: string; n: number }[]).map((r) => [r.k, r.n]),
          );
        const one = (sql: string) => (store.db.prepare(sql).get() as { n: number }).n;
        const last = store.db.prepare("SELECT hlc FROM ops ORDER BY hlc DESC LIMIT 1").get() as {
          hlc: string;
        } | undefined;
        return {
          path: rt.path,
          strandId: rt.meta.strandId,
          deviceId: rt.meta.deviceId,
          schemaVersion: rt.meta.schemaVersion,
          embedding: {
            model: rt.meta.embeddingModel,
            dimension: rt.meta.embeddingDimension,
            state: rt.reembedder
              ? `re-embedding with ${rt.reembedder.model}`
              : rt.embedder
              ? rt.embedder.status().state
              : "none",
          },
          memories: one("SELECT count(*) AS n FROM memories"),
          byType: group("type"),
          byStatus: group("status"),
          edges: one("SELECT count(*) AS n FROM edges WHERE status = 'active'"),
          ops: one("SELECT count(*) AS n FROM ops"),
          vectors: one("SELECT count(*) AS n FROM vector_state"),
          missingVectors: missingVectors(rt),
          lastOpAt: last ? iso(parseHlc(last.hlc).wall) : null,
        };
      });
    },

    scopes: { project: rt.project, session: rt.session },

    async warmup() {
      await rt.index.warm();
      await tokenCounter();
    },

    withContext(context) {
      const view = createEngine({
        ...rt,
        project: context.project === undefined
          ? rt.project
          : context.project
          ? toScope(context.project, "project")
          : null,
        session: context.session === undefined
          ? rt.session
          : context.session
          ? toScope(context.session, "session")
          : null,
      }, weights);
      return { ...view, close() {} };
    },

    reinforce(id, quality) {
      if (!Number.isInteger(quality) || quality < 0 || quality > 5) {
        throw new HelixError(
          "invalid_input",
          `Cannot reinforce memory: quality must be an integer 0–5, got ${quality}`,
        );
      }
      return guard("reinforce memory", () => {
        log.transact("reinforce memory", (tx) => {
          const record = requireRecord(id, "reinforce memory");
          const op = tx.append({
            kind: "memory.reinforce",
            payload: { id: record.id, quality, parents: headsOf(store, record.id) },
          });
          // A useful archived memory comes back to default recall.
          if (record.status === "archived" && quality >= 3) {
            tx.append({
              kind: "memory.patch",
              payload: {
                id: record.id,
                set: { status: "active" },
                parents: [op.changeId],
                reason: "revived: recalled and useful",
              },
            });
          }
        });
        return toMemory(id);
      });
    },

    recordSessionEnd(input) {
      const session = input.session.replace(/^session:/, "");
      assertScope(`session:${session}`);
      guard("record session end", () =>
        log.transact("record session end", (tx) => {
          tx.append({
            kind: "session.end",
            payload: {
              session,
              // The same scope form memories carry, whichever form the caller gave.
              ...(input.project ? { project: toScope(input.project, "project") } : {}),
              ...(input.client ? { client: input.client.slice(0, 200) } : {}),
              startedAt: Math.min(input.startedAt, tx.now),
              endedAt: tx.now,
            },
          });
        }));
    },

    graph(input = {}) {
      return guard("read graph", () => {
        const limit = Math.max(1, Math.min(500, Math.trunc(input.limit ?? 200)));
        const scopes = readScopes(rt, input.scope);
        const scopeSql = scopes === "all"
          ? ""
          : `AND a.scope IN (${scopes.map(() => "?").join(",")})
          AND b.scope IN (${scopes.map(() => "?").join(",")})`;
        const rows = store.db.prepare(
          `SELECT e.id AS id FROM edges e
           JOIN memories a ON a.id = e.from_id JOIN memories b ON b.id = e.to_id
           WHERE e.status = 'active' AND e.id > ? AND a.status != 'forgotten' AND b.status != 'forgotten' ${scopeSql}
           ORDER BY e.id LIMIT ?`,
        ).all(
          input.cursor ?? "",
          ...(scopes === "all" ? [] : [...scopes, ...scopes]),
          limit + 1,
        ) as { id: string }[];
        const page = rows.slice(0, limit).map((r) => store.edgeById(r.id)!);
        const provenance = store.provenanceOf(page.map((e) => e.id));
        const nodeIds = [...new Set(page.flatMap((e) => [e.from, e.to]))];
        const nodes = store.memoriesById(nodeIds).sort((a, b) => (a.id < b.id ? -1 : 1)).map((
          m,
        ) => ({
          id: m.id,
          type: m.type,
          scope: m.scope,
          content: m.content.length > 160 ? `${m.content.slice(0, 159)}…` : m.content,
        }));
        return {
          nodes,
          edges: page.map((e) => publicEdge(e, provenance.get(e.id) ?? [])),
          nextCursor: rows.length > limit ? page.at(-1)!.id : null,
        };
      });
    },

    close() {
      if (store.db.isOpen) store.db.close();
    },
  };
}

async function guardAsync<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw sqliteError(error, action);
  }
}

/** The fields of a patch that differ from the current record. */
function changedFields(
  record: ReturnType<Runtime["store"]["memoryById"]> & object,
  patch: ReturnType<typeof patchInputSchema.parse>,
): PatchFields {
  const set: PatchFields = {};
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  if (patch.content !== undefined && patch.content !== record.content) set.content = patch.content;
  if (patch.type !== undefined && patch.type !== record.type) set.type = patch.type;
  if (patch.scope !== undefined && patch.scope !== record.scope) set.scope = patch.scope;
  if (patch.status !== undefined && patch.status !== record.status) set.status = patch.status;
  if (patch.importance !== undefined && patch.importance !== record.importance) {
    set.importance = patch.importance;
  }
  if (patch.confidence !== undefined && patch.confidence !== record.confidence) {
    set.confidence = patch.confidence;
  }
  if (patch.tags !== undefined && !same(patch.tags, record.tags)) set.tags = patch.tags;
  if (patch.attributes !== undefined && !same(patch.attributes, record.attributes)) {
    set.attributes = patch.attributes as PatchFields["attributes"] & object;
  }
  if (patch.validFrom !== undefined && patch.validFrom !== record.validFrom) {
    set.validFrom = patch.validFrom;
  }
  if (patch.validTo !== undefined && patch.validTo !== record.validTo) set.validTo = patch.validTo;
  if (patch.eventAt !== undefined && patch.eventAt !== record.eventAt) set.eventAt = patch.eventAt;
  if (patch.eventEnd !== undefined && patch.eventEnd !== record.eventEnd) {
    set.eventEnd = patch.eventEnd;
  }
  if (patch.eventPhrase !== undefined && patch.eventPhrase !== record.eventPhrase) {
    set.eventPhrase = patch.eventPhrase;
  }
  return set;
}

/**
 * `refs`: what a purged op touched (its payload no longer says); its subject is the purged
 * memory's `purged:` ref, not its id.
 */
function historyEntry(op: Op, refs: readonly string[] = []): HistoryEntry {
  const subject = !isPurged(op)
    ? refsOf(op)[0]!
    : refs.find((r) => r.startsWith(PURGED_REF_PREFIX)) ?? refs[0] ?? "";
  return {
    changeId: op.changeId,
    hlc: op.hlc,
    at: iso(parseHlc(op.hlc).wall),
    deviceId: op.deviceId,
    seq: op.seq,
    kind: op.kind,
    subject,
    summary: summarize(op),
    payload: op.payload,
  };
}

/**
 * One line describing an op, for logs and history views.
 *
 * @example Usage
 * ```ts
 * import { summarize } from "./engine.ts";
 * import { equal } from "node:assert/strict";
 *
 * const op = { changeId: "c", hlc: "000000000001000-00000", deviceId: "d", seq: 1, kind: "memory.forget" as const,
 *   payload: { id: "mem_old_note_k3f9", parents: [] } };
 * equal(summarize(op), "forgot mem_old_note_k3f9");
 * ```
 */
export function summarize(op: Op): string {
  if (isPurged(op)) {
    return `purged ${op.kind} (content removed by purge ${op.payload.purged.slice(0, 12)})`;
  }
  switch (op.kind) {
    case "memory.put": {
      const p = op.payload;
      const text = p.content.length > 72 ? `${p.content.slice(0, 71)}…` : p.content;
      return `added ${p.type} ${p.id} in ${p.scope}: ${text.replace(/\s+/g, " ")}`;
    }
    case "memory.patch": {
      const fields = Object.keys(op.payload.set).sort().join(", ");
      return `changed ${fields} of ${op.payload.id}${
        op.payload.reason ? ` (${op.payload.reason})` : ""
      }`;
    }
    case "memory.forget":
      return `forgot ${op.payload.id}`;
    case "edge.put":
      return `linked ${op.payload.from} —${op.payload.relation}→ ${op.payload.to}`;
    case "edge.remove":
      return `unlinked ${op.payload.from} ✕ ${op.payload.to} (${op.payload.id})`;
    case "memory.reinforce":
      return `reinforced ${op.payload.id} (quality ${op.payload.quality})`;
    case "session.end":
      return `session ${op.payload.session} ended${
        op.payload.project ? ` in ${op.payload.project}` : ""
      }`;
    case "memory.purge": {
      const n = op.payload.puts.length;
      return `purged ${n} ${n === 1 ? "memory" : "memories"}`;
    }
    case "job.run":
      return `${op.payload.job} run ${op.payload.run} (${op.payload.reason}): ${op.payload.summary}`;
  }
}

function encodeCursor(at: number, id: string): string {
  return btoa(JSON.stringify([at, id])).replaceAll("=", "");
}

function decodeCursor(cursor: string): [number, string] {
  try {
    const value = JSON.parse(atob(cursor));
    if (Array.isArray(value) && typeof value[0] === "number" && typeof value[1] === "string") {
      return [value[0], value[1]];
    }
  } catch {
    // fall through to the typed error
  }
  throw new HelixError(
    "invalid_input",
    "Cannot list memories: the cursor is not one this strand issued",
  );
}
