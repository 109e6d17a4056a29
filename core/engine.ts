/**
 * The engine: the composition root every Helix surface (MCP server, CLI, sync) calls. It
 * opens one strand file, builds the shared services once (store, op log, vector and keyword
 * indexes, embedder, clock, LLM, file probe) and composes the capabilities' APIs into one
 * {@linkcode Engine}. Wiring only: each API lives beside its factory in `<capability>/api.ts`.
 *
 * @module
 */
import { systemClock } from "./clock.ts";
import type { EmbedPolicy } from "./embed/policy.ts";
import { createImportanceCache } from "./extract/importance.ts";
import { createHistoryApi, type HistoryApi } from "./history/api.ts";
import { createWriteApi, type WriteApi } from "./ingest/api.ts";
import { createLifecycleApi, type LifecycleApi, pinEmbedders } from "./lifecycle/api.ts";
import { missingVectors } from "./lifecycle/backfill.ts";
import { createLlmExtractor } from "./llm/extractor.ts";
import { createSqliteLedger } from "./llm/ledger.ts";
import type { LlmOptions } from "./llm/options.ts";
import { createMaintenanceApi, type MaintenanceApi } from "./maintenance/api.ts";
import { createMemoryApi, type MemoryApi } from "./memory/api.ts";
import { scopeOf } from "./memory/session.ts";
import { createOpLog } from "./ops/log.ts";
import type { Clock, Embedder, FileProbe } from "./ports.ts";
import { createRecallApi, type RecallApi } from "./recall/api.ts";
import { createRulesApi, type RulesApi } from "./rules/api.ts";
import { DEFAULT_RANK_WEIGHTS, type RankWeights } from "./recall/rank.ts";
import { KeywordIndex } from "./store/keyword.ts";
import { openStrandFile, type StrandMeta } from "./store/meta.ts";
import { createStore } from "./store/store.ts";
import { VectorIndex } from "./store/vector_index.ts";
import { createTransferApi, type TransferApi } from "./transfer/api.ts";
import { createSyncApi, type SyncApi } from "./sync/api.ts";
import type { SyncKeys } from "./sync/deps.ts";

/** The model and dimension a strand is pinned to when it is created without an embedder. */
export const DEFAULT_EMBEDDING = { model: "Xenova/bge-small-en-v1.5", dimension: 384 } as const;

/** Options of {@linkcode openEngine}. */
export interface OpenEngineOptions {
  /** The strand file (created if missing unless `mustExist`), or `":memory:"`. */
  readonly path: string;
  /** The embedding model; null stores no vectors (recall runs on BM25, exact tokens and graph). */
  readonly embedder?: Embedder | null;
  /**
   * What to do when the strand is pinned to another model than `embedder`: `true` starts
   * moving it to `embedder` (recorded; `lifecycle/reembed.ts`), `"defer"` opens it with the
   * re-embedding pending but unrecorded (recall runs without the vector channel; `helix
   * reembed` or a server does the move), `false` refuses with `embedding_mismatch`. An
   * unfinished re-embedding to `embedder` resumes either way. @default {false}
   */
  readonly reembed?: boolean | "defer";
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
  /** How long a write waits its turn for another connection's lock before `store_locked`. @default {30000} */
  readonly busyTimeoutMs?: number;
  /**
   * `"full"`: an acknowledged write survives power loss (an fsync per commit); `"normal"`
   * survives a killed process but may lose the last commits on power loss. @default {"full"}
   */
  readonly durability?: "normal" | "full";
  /** Weights of the ranking factors. @default {DEFAULT_RANK_WEIGHTS} */
  readonly rankWeights?: RankWeights;
  /**
   * An OpenAI-compatible chat model that upgrades extraction and adjudicates consolidation's
   * grey band (responses cached and spend counted in the strand). Null: deterministic only.
   */
  readonly llm?: LlmOptions | null;
  /**
   * The project's files (a {@linkcode FileProbe} rooted at the checkout): writes that cite
   * files record their hashes, and `checkStale()` and the worker flag memories whose files
   * changed. Null: no anchors.
   */
  readonly files?: FileProbe | null;
  /** This device's keys, which sync needs to seal, open and pair (none: sync refuses). */
  readonly syncKeys?: SyncKeys | null;
  /** This device's name in a synced strand's roster. @default {"helix"} */
  readonly deviceName?: string;
}

/**
 * The Helix engine over one strand: the union of the capabilities' APIs ({@linkcode WriteApi},
 * {@linkcode MemoryApi}, {@linkcode RecallApi}, {@linkcode HistoryApi}, {@linkcode TransferApi},
 * {@linkcode MaintenanceApi}, {@linkcode LifecycleApi}, {@linkcode SyncApi}). Obtain with
 * {@linkcode openEngine}.
 */
export interface Engine
  extends
    WriteApi,
    MemoryApi,
    RecallApi,
    HistoryApi,
    TransferApi,
    MaintenanceApi,
    LifecycleApi,
    SyncApi,
    RulesApi {
  /** Where the strand lives. */
  readonly path: string;
  /** The strand's pinned metadata. */
  readonly meta: StrandMeta;
  /** The project and session scopes this engine reads and writes by default. */
  readonly scopes: { readonly project: string | null; readonly session: string | null };
  /**
   * The same strand seen from another project and session: the default scopes of reads and
   * writes change, nothing else does. Views share the open file; closing a view does nothing.
   */
  withContext(context: { project?: string | null; session?: string | null }): Engine;
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
  return compose(openServices(options));
}

/** What the capabilities share, built once per open strand. */
type Services = ReturnType<typeof openServices>;

function openServices(options: OpenEngineOptions) {
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
  let embedders: ReturnType<typeof pinEmbedders>;
  try {
    embedders = pinEmbedders(db, { path: options.path, meta }, embedder, options.reembed ?? false);
  } catch (error) {
    db.close();
    throw error;
  }
  const store = createStore(db, meta.embeddingDimension);
  return {
    store,
    log: createOpLog(store, { deviceId: meta.deviceId, clock }),
    index: new VectorIndex(store),
    keywords: new KeywordIndex(store),
    clock,
    meta,
    path: options.path,
    ...embedders,
    embedPolicy: options.embedPolicy ?? "wait",
    project: options.project ? scopeOf(options.project, "project") : null,
    session: options.session ? scopeOf(options.session, "session") : null,
    llm: options.llm
      ? createLlmExtractor({ ...options.llm, ledger: createSqliteLedger(db), now: clock.now })
      : null,
    importance: createImportanceCache(),
    files: options.files ?? null,
    weights: options.rankWeights ?? DEFAULT_RANK_WEIGHTS,
    keys: options.syncKeys ?? null,
    deviceName: options.deviceName ?? "helix",
  };
}

/** The engine over `services`: every API given its part, recall injected where others need it. */
function compose(services: Services): Engine {
  const recall = createRecallApi(services);
  const transfer = createTransferApi(services);
  const write = createWriteApi(services);
  const memory = createMemoryApi({ ...services, search: recall.search });
  return {
    path: services.path,
    meta: services.meta,
    scopes: { project: services.project, session: services.session },
    ...write,
    ...memory,
    ...recall,
    ...createHistoryApi(services),
    ...transfer,
    ...createMaintenanceApi({ ...services, missingVectors: () => missingVectors(services) }),
    ...createLifecycleApi(services),
    ...createSyncApi({ ...services, mergeOps: transfer.mergeOps }),
    ...createRulesApi({ ...services, ...memory, writeMany: (inputs) => write.writeMany(inputs) }),
    withContext(context) {
      const scope = (value: string | null | undefined, kind: "project" | "session") =>
        value === undefined ? services[kind] : value ? scopeOf(value, kind) : null;
      const view = compose({
        ...services,
        project: scope(context.project, "project"),
        session: scope(context.session, "session"),
      });
      return { ...view, close() {} };
    },
    close() {
      if (services.store.db.isOpen) services.store.db.close();
    },
  };
}
