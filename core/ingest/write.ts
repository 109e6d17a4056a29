/**
 * The write path of issue 2: validate, embed, then append `memory.put` (plus the
 * supersession ops when the write replaces older memories) and store the vector, all in one
 * transaction. Content is stored verbatim. Redaction, the gate, extraction and consolidation
 * (issue 5) slot in before the append.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { edgeId, memoryIdCandidates } from "../model/ids.ts";
import { type ParsedWrite, parseInput, type WriteInput, writeInputSchema } from "../model/input.ts";
import type { Memory } from "../model/memory.ts";
import type { MemoryType } from "../model/types.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { MemoryPutPayload, OpProvenance } from "../ops/op.ts";
import { publicMemory } from "../store/records.ts";
import { randomHex, sha256Hex } from "../util/hash.ts";
import { embedDocuments, type Runtime } from "../runtime.ts";
import type { JsonValue } from "../util/canonical_json.ts";

/** What happened to one write. Issue 5 adds `noop`, `updated` and `superseded`-only outcomes. */
export type WriteAction = "added";

/** The outcome of {@linkcode writeMemory}. */
export interface WriteResult {
  /** Id of the stored memory. */
  readonly id: string;
  /** What happened. */
  readonly action: WriteAction;
  /** The memory as stored. */
  readonly memory: Memory;
  /** Whether a vector was stored with it (false: backfilled once the model is available). */
  readonly embedded: boolean;
  /** Ids this write superseded. */
  readonly superseded: readonly string[];
  /** `change_id` of the op that created it. */
  readonly op: string;
}

/** The outcome of {@linkcode writeMemories}. */
export interface BulkWriteResult {
  /** Ids, in input order. */
  readonly ids: readonly string[];
  /** How many were stored with vectors. */
  readonly embedded: number;
}

/** Progress of a bulk write. */
export interface BulkProgress {
  readonly phase: "validate" | "embed" | "store";
  readonly done: number;
  readonly total: number;
}

const TYPES_GLOBAL_BY_DEFAULT: ReadonlySet<MemoryType> = new Set(["identity", "preference"]);
const EMBED_BATCH = 64;

/** Writes one memory (verbatim) and returns it as stored. */
export async function writeMemory(rt: Runtime, input: WriteInput): Promise<WriteResult> {
  const parsed = parseInput(writeInputSchema, input, "write memory");
  const [vector] = (await embedDocuments(rt, [parsed.content])) ?? [];
  const { id, op, superseded } = rt.log.transact("write memory", (tx) => {
    const written = appendWrite(rt, tx, parsed);
    if (vector) storeVector(rt, tx, written.id, parsed.content, vector, true);
    return written;
  });
  const record = rt.store.memoryById(id)!;
  return {
    id,
    action: "added",
    memory: publicMemory(record, rt.store.provenanceOf([id]).get(id) ?? []),
    embedded: vector !== undefined,
    superseded,
    op,
  };
}

/**
 * Writes many memories in one transaction: either all are stored or none (a bad item fails
 * the whole call with its position in the message, and the strand is unchanged).
 */
export async function writeMemories(
  rt: Runtime,
  inputs: readonly WriteInput[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkWriteResult> {
  const total = inputs.length;
  const parsed = inputs.map((input, index) => {
    const result = parseInput(writeInputSchema, input, `write memory #${index + 1}`);
    if ((index + 1) % 1000 === 0) onProgress?.({ phase: "validate", done: index + 1, total });
    return result;
  });
  const vectors: (Float32Array | undefined)[] = new Array(total);
  let embeddable = rt.embedder !== null;
  for (let start = 0; embeddable && start < total; start += EMBED_BATCH) {
    const batch = parsed.slice(start, start + EMBED_BATCH).map((p) => p.content);
    const embedded = await embedDocuments(rt, batch);
    if (!embedded) {
      embeddable = false; // the model is unavailable: store the rest without vectors
      break;
    }
    embedded.forEach((vector, offset) => (vectors[start + offset] = vector));
    onProgress?.({ phase: "embed", done: Math.min(total, start + EMBED_BATCH), total });
  }
  let embeddedCount = 0;
  const ids = rt.log.transact("write memories", (tx) =>
    parsed.map((item, index) => {
      const { id } = appendWrite(rt, tx, item);
      const vector = vectors[index];
      if (vector) {
        storeVector(rt, tx, id, item.content, vector, true);
        embeddedCount += 1;
      }
      if ((index + 1) % 1000 === 0 || index + 1 === total) {
        onProgress?.({ phase: "store", done: index + 1, total });
      }
      return id;
    }));
  return { ids, embedded: embeddedCount };
}

/** Appends the ops of one write inside an open transaction. */
function appendWrite(
  rt: Runtime,
  tx: LogTransaction,
  input: ParsedWrite,
): { id: string; op: string; superseded: string[] } {
  const type = input.type ?? "fact";
  const origin = input.source?.origin ?? "agent-ingested";
  const provenance: OpProvenance = {
    origin,
    ...(input.source?.agent ? { agent: input.source.agent } : {}),
    ...(input.source?.ref ? { ref: input.source.ref } : {}),
    extractor: input.source?.extractor ?? "verbatim",
    ...(input.source?.model ? { model: input.source.model } : {}),
  };
  const validFrom = input.validFrom ?? tx.now;
  if (input.validTo !== undefined && input.validTo <= validFrom) {
    throw new HelixError("invalid_input", "Cannot write memory: validTo must be after validFrom", {
      details: { field: "validTo" },
    });
  }
  const payload: MemoryPutPayload = {
    id: pickId(rt, input.content, type),
    type,
    content: input.content,
    scope: input.scope ?? defaultScope(rt, type),
    status: input.status ?? "active",
    importance: input.importance ?? 5,
    confidence: input.confidence ?? (origin === "user-asserted" ? 0.9 : 0.7),
    tags: input.tags ?? [],
    attributes: (input.attributes ?? {}) as Record<string, JsonValue>,
    validFrom,
    recordedAt: tx.now,
    provenance,
  };
  if (input.validTo !== undefined) payload.validTo = input.validTo;
  if (input.eventAt !== undefined) payload.eventAt = input.eventAt;
  if (input.eventEnd !== undefined) payload.eventEnd = input.eventEnd;
  if (input.eventPhrase !== undefined) payload.eventPhrase = input.eventPhrase;

  const old = (input.supersedes ?? []).map((id) => {
    const record = rt.store.memoryById(id);
    if (!record) throw new HelixError("not_found", `Cannot supersede ${id}: no such memory`);
    if (record.status === "forgotten") {
      throw new HelixError("conflict", `Cannot supersede ${id}: it was forgotten`);
    }
    if (record.validFrom > validFrom) {
      throw new HelixError(
        "invalid_input",
        `Cannot supersede ${id}: it became valid after the new memory's validFrom`,
        { details: { field: "validFrom" } },
      );
    }
    return record;
  });

  const op = tx.append({ kind: "memory.put", payload });
  for (const record of old) {
    const validTo = record.validTo === null ? validFrom : Math.min(record.validTo, validFrom);
    tx.append({
      kind: "memory.patch",
      payload: {
        id: record.id,
        set: { status: "superseded", validTo },
        parents: [record.headOp],
        reason: `superseded by ${payload.id}`,
      },
    });
    tx.append({
      kind: "edge.put",
      payload: {
        id: edgeId(payload.id, "supersedes", record.id),
        from: payload.id,
        to: record.id,
        relation: "supersedes",
        weight: 1,
        provenance,
      },
    });
  }
  return { id: payload.id, op: op.changeId, superseded: old.map((r) => r.id) };
}

/**
 * Stores the vector of `content` for memory `id`; `fresh` when the memory was created in
 * this transaction (nothing to replace).
 */
export function storeVector(
  rt: Runtime,
  tx: LogTransaction,
  id: string,
  content: string,
  vector: Float32Array,
  fresh = false,
): void {
  const rid = rt.store.ridOf(id);
  if (rid === undefined) return;
  rt.store.setVector(rid, vector, sha256Hex(content), tx.rev, fresh);
}

/** Where a memory goes when the writer names no scope: identity and preferences are global, the rest belongs to the project. */
function defaultScope(rt: Runtime, type: MemoryType): string {
  if (TYPES_GLOBAL_BY_DEFAULT.has(type)) return "global";
  return rt.project ?? "global";
}

function pickId(rt: Runtime, content: string, type: string): string {
  const candidates = memoryIdCandidates(content, type, `${content}\u0000${randomHex(8)}`);
  for (const id of candidates) {
    if (rt.store.ridOf(id) === undefined) return id;
  }
  throw new HelixError("conflict", "Cannot write memory: could not find a free id (retry)");
}
