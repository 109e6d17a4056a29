/**
 * Helix core: memory for coding agents that the user owns.
 *
 * One SQLite file per strand holds typed, sourced, time-aware memories, an op log every
 * change goes through, an FTS5 index and sqlite-vec vectors. Open a strand with
 * {@linkcode openEngine}; every surface (MCP server, CLI, sync) calls the returned
 * {@linkcode Engine}.
 *
 * @example Write, then recall with an explanation
 * ```ts
 * import { openEngine } from "./mod.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * const engine = openEngine({ path: ":memory:", project: "web-app" });
 * await engine.write({ content: "Use `pnpm install --frozen-lockfile` in CI.", type: "convention" });
 * const { hits } = await engine.search({ query: "frozen-lockfile" });
 * equal(hits.length, 1);
 * ok(hits[0]!.explanation.channels.exact);
 * engine.close();
 * ```
 *
 * @module
 */

export type { BackfillProgress } from "./lifecycle/backfill.ts";
export type { ReembedReport, ReembedStatus } from "./lifecycle/reembed.ts";
export { DEFAULT_EMBEDDING, type Engine, openEngine, type OpenEngineOptions } from "./engine.ts";
export type { WriteApi } from "./ingest/api.ts";
export type { MemoryApi } from "./memory/api.ts";
export type { MemoryCreator } from "./store/queries/creators.ts";
export { asWorkspace, openWorkspace, type OpenWorkspaceOptions } from "./workspace/open.ts";
export {
  type LabelledHit,
  type LabelledMemory,
  PERSONAL,
  type StrandLabel,
  type Workspace,
  type WorkspaceContextPack,
  type WorkspaceListResult,
  type WorkspaceSearchResult,
  type WorkspaceStrand,
} from "./workspace/types.ts";
export { memberName, type StatusDevice } from "./workspace/member.ts";
export { type MovedFrom, moveProjectMemories, type MoveReport } from "./workspace/share.ts";
export type { ForgetResult, ForgetTarget } from "./memory/forget.ts";
export type { GraphInput, GraphPage } from "./memory/graph.ts";
export type { ListResult } from "./memory/list.ts";
export type { PurgeResult } from "./memory/purge.ts";
export type { SessionEnd } from "./memory/session.ts";
export type { ScopeResolution } from "./memory/scopes.ts";
export type { RecallApi } from "./recall/api.ts";
export type { HistoryApi } from "./history/api.ts";
export { type HistoryEntry, summarize } from "./history/summary.ts";
export type { GrowthInput, GrowthPeriod } from "./history/growth.ts";
export type { TransferApi } from "./transfer/api.ts";
export type { MaintenanceApi, RebuildResult, StrandStats } from "./maintenance/api.ts";
export type { LifecycleApi, StaleReport } from "./lifecycle/api.ts";
export { isWithheld, WITHHELD_STATUSES } from "./store/visibility.ts";
export {
  ERROR_CODES,
  type ErrorCode,
  type ErrorDetails,
  HelixError,
  isHelixError,
} from "./errors.ts";
export { fixedClock, systemClock } from "./clock.ts";
export type { Clock, FileProbe } from "./ports.ts";
export {
  type ConfigInputs,
  type ConfigSource,
  type HelixConfig,
  helixHome,
  modelCacheDir,
  type PathEnv,
  resolveConfig,
  type ResolvedConfig,
  type Setting,
  SETTINGS,
  strandPath,
} from "./config/config.ts";
export { detectProject, projectFromRemote } from "./config/project.ts";
export { keepHomePrivate } from "./config/home.ts";
export { embedderFromConfig } from "./embed/from_config.ts";
export type { Embedder, EmbedderState, EmbedderStatus, EmbedKind } from "./ports.ts";
export { createTransformersEmbedder } from "./embed/transformers.ts";
export {
  BGE_QUERY_INSTRUCTION,
  DEFAULT_TRANSFORMERS_DIMENSION,
  DEFAULT_TRANSFORMERS_MODEL,
  type TransformersDtype,
  type TransformersEmbedderOptions,
  type TransformersPooling,
} from "./embed/transformers_options.ts";
export { createOpenAIEmbedder, type OpenAIEmbedderOptions } from "./embed/openai.ts";
export type { BulkWriteResult } from "./ingest/write.ts";
export type { BulkProgress } from "./ops/write_bulk.ts";
export type { EmbedPolicy } from "./embed/policy.ts";
export type { WriteAction, WriteResult } from "./ingest/result.ts";
export { CONTRADICTION_FACTOR, CONTRADICTION_FLOOR } from "./model/types.ts";
export type { Link } from "./ingest/consolidate.ts";
export type { ConflictNote } from "./compare/statements.ts";
export type { NoteInput, NoteOptions, NoteResult } from "./ingest/note_input.ts";
export type { GateResult } from "./extract/gate.ts";
export type { LlmOptions } from "./llm/options.ts";
export type { LlmStats } from "./llm/channel.ts";
export { llmFromConfig } from "./llm/config.ts";
export { type RedactionCount, SECRET_TYPES, type SecretType } from "./redact/types.ts";
export { stripPrivate } from "./redact/private.ts";
export { type Flag, MAX_FLAGS } from "./maintenance/flags.ts";
export { anchorsFor, anchorsOf, type FileAnchor } from "./extract/anchors.ts";
export { fileMentions, MAX_FILE_MENTIONS } from "./extract/file_mentions.ts";
export { createFileProbe, projectRoot } from "./file_probe.ts";
export {
  STALE_CONFIDENCE_FACTOR,
  type StaleFinding,
  type StaleMark,
  staleMarks,
} from "./lifecycle/staleness.ts";
export { IMPORTANCE_BUDGET, type LifecycleState } from "./lifecycle/trigger.ts";
export type { JobReport, RunProgress, WorkerJob } from "./lifecycle/job.ts";
export type { RunOptions, RunReport } from "./lifecycle/run.ts";
export { SALIENCE_FLOOR } from "./lifecycle/jobs/archive.ts";
export type { UndoReport } from "./lifecycle/undo.ts";
export type { Inspection, InspectionCheck } from "./maintenance/inspect_types.ts";
export type { TransferRun, TransferRunKind } from "./store/queries/transfer_runs.ts";
export { DEFAULT_EXPORT_STATUSES } from "./transfer/export.ts";
export type {
  ExportEdgeRecord,
  ExportMemoryRecord,
  ExportRecord,
  ExportSource,
} from "./transfer/records.ts";
export type { ImportOptions, ImportRecord, ImportResult } from "./transfer/import.ts";
export type { DnaExportOptions, DnaExportResult } from "./transfer/dna_export.ts";
export type { DnaImportOptions, DnaImportReport } from "./transfer/dna_import.ts";
export { type DnaHeader, isDna, readDnaHeader } from "./transfer/dna/read_header.ts";
export type { DnaKdf, DnaKind } from "./transfer/dna/header.ts";
export type { DnaKey } from "./transfer/dna/key.ts";
export type {
  DnaBodyEncoding,
  DnaCounts,
  DnaCreated,
  DnaEmbedding,
  DnaFilters,
  DnaManifest,
} from "./transfer/dna/manifest.ts";
export type { Argon2Params } from "./crypto/argon2.ts";
export { type DeviceKey, loadOrCreateDeviceKey } from "./crypto/device_key.ts";
export type { MergeOptions, MergeProgress, MergeReport } from "./ops/merge.ts";
export type { ConflictKind, ConflictRecord } from "./store/queries/ops_conflicts.ts";
export type {
  ImportEdgeRecord,
  ImportMemoryRecord,
  Instant,
  PatchInput,
  RelateInput,
  SourceInput,
  WriteInput,
} from "./model/inputs.ts";
export type {
  ContextInput,
  ExportOptions,
  HistoryInput,
  ListInput,
  ScopeSelector,
  SearchInput,
} from "./model/queries.ts";
export { MAX_LIMIT, MAX_PURGE, MAX_QUERY_LENGTH, toEpochMs } from "./model/input.ts";
export {
  type CallerTerms,
  inCallerTerms,
  type InputIssue,
  issuesLine,
} from "./model/input_issues.ts";
export { isMemoryId } from "./model/ids.ts";
export type { Edge, Memory, Provenance } from "./model/memory.ts";
export { isScope, projectScope, type Scope, visibleScopes } from "./model/scope.ts";
export {
  COGNITIVE_SHAPE,
  COGNITIVE_SHAPES,
  type CognitiveShape,
  MAX_CONTENT_LENGTH,
  MEMORY_TYPES,
  type MemoryType,
  type Origin,
  ORIGINS,
  type Relation,
  RELATIONS,
  type Status,
  STATUSES,
} from "./model/types.ts";
export {
  isPurged,
  type LiveOp,
  type Op,
  OP_KINDS,
  type OpDraft,
  type OpKind,
  type OpPayloads,
  type OpStamp,
  type PurgedOp,
} from "./ops/kinds.ts";
export {
  JOB_NAMES,
  type JobName,
  type JobRunPayload,
  type SessionEndPayload,
} from "./ops/job_payloads.ts";
export type {
  EdgePutPayload,
  EdgeRemovePayload,
  MemoryForgetPayload,
  MemoryPatchPayload,
  MemoryPurgePayload,
  MemoryPutPayload,
  MemoryReinforcePayload,
  OpProvenance,
  PatchFields,
  PurgedPayload,
} from "./ops/payloads.ts";
export type { MemoryFieldValues } from "./model/fields.ts";
export type { JsonValue } from "./util/canonical_json.ts";
export type {
  ContextCut,
  ContextItem,
  ContextPack,
  ContextPart,
  ContextSection,
} from "./recall/context_types.ts";
export type {
  Channel,
  ChannelTrace,
  CutHit,
  Explanation,
  SearchHit,
  SearchResult,
} from "./recall/search_types.ts";
export { DEFAULT_RANK_WEIGHTS, type RankWeights } from "./recall/rank.ts";
export { TOKENIZER } from "./text/tokens.ts";
export { SCHEMA_VERSION } from "./store/migrations.ts";
export type { StrandMeta } from "./store/meta.ts";
export { decayFactor, type DecayFields, salience } from "./model/salience.ts";
export {
  loadConfig,
  type LoadedConfig,
  parseConfigText,
  setConfigText,
  settingOf,
  unsetConfigText,
} from "./config/file.ts";
export type { ComparedField } from "./history/compare.ts";
export type {
  DiffCounts,
  EdgeChange,
  EdgeState,
  FieldChange,
  HistoryDiff,
  MemoryChange,
  MemoryPresence,
  MemoryState,
  StatusTransition,
} from "./history/diff_types.ts";
export { type HistoryPoint, MIN_PREFIX, type PointInput } from "./history/point.ts";
export type { RollbackOptions, RollbackReport } from "./history/rollback.ts";
export { readableConflicts } from "./text/merge3.ts";
// The sync wire codecs, also importable alone as `@helix/core/wire` (what the relay uses).
export * from "./wire.ts";
export type { SyncApi, SyncProgress, SyncReport, TeamSyncApi } from "./sync/api.ts";
export {
  isKeeper,
  KEEPER_SILENCE_MS,
  type KeeperInput,
  keeperOf,
  seenAt,
} from "./workspace/keeper.ts";
export type { MemberRemoval, TeamDeviceView, TeamMemberView, TeamView } from "./sync/team.ts";
export type { MemberRole } from "./sync/wire/roster_ops.ts";
export type { SyncKeys } from "./sync/deps.ts";
export type { PairingPrompts, PairingResult } from "./sync/pair.ts";
export type { PullProgress, PullReport } from "./sync/pull.ts";
export type { PushProgress, PushReport } from "./sync/push.ts";
export type {
  CompactionAnswer,
  CompactionPort,
  DeltaPage,
  RelayPort,
  RelayRecord,
  RosterAppend,
  SnapshotPort,
  SnapshotRef,
  WitnessPort,
} from "./sync/relay_port.ts";
export type { SnapshotReport } from "./sync/snapshot.ts";
export type { CompactReport, PendingDevice } from "./sync/compact.ts";
export type { CompactionStart } from "./sync/compaction_check.ts";
export type { SnapshotMark } from "./store/queries/sync_snapshot.ts";
export type { WitnessReport } from "./sync/witness.ts";
export type { RemovalReport } from "./sync/rotate.ts";
export { httpRelay, type HttpRelayOptions } from "./sync/relay_http.ts";
export { type SyncAlarm, type SyncStatus, WITHHELD_AFTER_MS } from "./sync/status.ts";
// Rules files: CLAUDE.md, AGENTS.md, GEMINI.md, Cursor, Copilot and Windsurf rules.
export type { RulesApi, RulesTargetsInput } from "./rules/api.ts";
export type { RulesFileChange } from "./rules/export.ts";
export type { RuleChange, RulesImportResult } from "./rules/import.ts";
export {
  RULE_TARGETS,
  type RuleTarget,
  TARGETS as RULE_TARGET_FILES,
  type TargetSpec,
} from "./rules/targets.ts";
export {
  RULE_FORMATS,
  type RuleFormat,
  type RuleItem,
  type RuleKind,
  type RulesEntry,
  type RulesFiles,
} from "./rules/types.ts";
export { BLOCK_BEGIN, BLOCK_END } from "./rules/block.ts";
export { deviceKeyFiles, type DeviceKeys, loadDeviceKeys } from "./crypto/device_keys.ts";
export { deviceName } from "./config/device_name.ts";
export type { RepairReport } from "./sync/repair.ts";
export type { SyncFingerprint } from "./sync/verify.ts";
export {
  NO_TEAMS,
  readTeams,
  type TeamEntry,
  teamNameProblem,
  type Teams,
  teamsFile,
  teamStrandName,
  teamStrandPath,
  withoutTeam,
  withShare,
  withTeam,
  writeTeams,
} from "./config/teams.ts";
export type { MemoryRecord, ProvenanceRecord } from "./store/records.ts";
export type { FeedbackTerm, LearnedAssociation, QueryAnalysis } from "./recall/query_terms.ts";
export type { QueryExpansion } from "./recall/query_terms.ts";
export type { Intent } from "./recall/intent.ts";
export type { QueryPeriod } from "./recall/period.ts";
