/**
 * Import: memories and edges (what `helix import` reads from JSONL) written in one
 * transaction, all or nothing. Memories go through the bulk write path (validated, embedded
 * in batches before the transaction when a model is available, appended as `memory.put`);
 * edges follow as `edge.put`. A record that fails names its position in `details.index`.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { embedBatches } from "../embed/policy.ts";
import {
  appendWrites,
  atIndex,
  type BulkProgress,
  opProvenance,
  type PlannedWrite,
} from "../ops/write.ts";
import { edgeId } from "../model/ids.ts";
import {
  type ImportEdgeRecord,
  importEdgeSchema,
  type ImportMemoryRecord,
  importMemorySchema,
  type ParsedImportEdge,
} from "../model/input.ts";
import type { LogTransaction } from "../ops/log.ts";
import type { Runtime } from "../runtime.ts";
import { redactWrite } from "../redact/write.ts";
import type { z } from "zod";

/** One record to import: a memory (a write plus its exported fields) or an edge. */
export type ImportRecord = ImportMemoryRecord | ImportEdgeRecord;

/** Options of {@linkcode importRecords}. */
export interface ImportOptions {
  /**
   * What a memory whose `id` is already in the strand does: `"fail"` the import with
   * `conflict`, or `"skip"` it (the strand's memory stays as it is; edges may still point to
   * it). @default {"fail"}
   */
  readonly onExisting?: "fail" | "skip";
}

/** What an import did. */
export interface ImportResult {
  /** The id of each memory record, in record order (kept when given, else generated). */
  readonly ids: readonly string[];
  /** Memories written. */
  readonly memories: number;
  /** Edges written (created, revived or re-weighted; an identical active edge is left alone). */
  readonly edges: number;
  /** Ids of memory records skipped because the strand had them (`onExisting: "skip"`). */
  readonly skipped: readonly string[];
  /** Memories stored with a vector (the rest are backfilled once a model is available). */
  readonly embedded: number;
}

interface MemoryItem {
  readonly index: number;
  readonly write: PlannedWrite;
}

interface EdgeItem {
  readonly index: number;
  readonly edge: ParsedImportEdge;
}

const PROGRESS_EVERY = 1_000;

/**
 * Imports `records` in one transaction. Throws `invalid_input` (a malformed record),
 * `conflict` (an id already in the strand, with `onExisting: "fail"`) or `not_found` (an
 * edge end that is neither imported nor in the strand), each with `details.index`, and
 * leaves the strand unchanged.
 */
export async function importRecords(
  rt: Runtime,
  records: readonly ImportRecord[],
  onProgress?: (progress: BulkProgress) => void,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const total = records.length;
  const skipExisting = options.onExisting === "skip";
  const memories: MemoryItem[] = [];
  const edges: EdgeItem[] = [];
  const explicit = new Map<string, number>();
  records.forEach((record, index) => {
    const kind = (record as { kind?: unknown } | null)?.kind;
    if (kind === "memory") {
      const write = parseMemory(record, index);
      if (write.id !== undefined) {
        const first = explicit.get(write.id);
        if (first !== undefined) {
          throw invalid(index, "id", `repeats the id of records[${first}]`);
        }
        explicit.set(write.id, index);
      }
      memories.push({ index, write });
    } else if (kind === "edge") {
      edges.push({ index, edge: parse(importEdgeSchema, record, index) });
    } else {
      throw invalid(index, "kind", 'expected "memory" or "edge"');
    }
    if ((index + 1) % PROGRESS_EVERY === 0 || index + 1 === total) {
      onProgress?.({ phase: "validate", done: index + 1, total });
    }
  });

  // Checked before embedding, so a doomed import fails fast, and again in the transaction.
  const plan = () => planImport(rt, memories, edges, explicit, skipExisting);
  const before = plan();
  const embedded = await embedBatches(
    rt,
    before.write.map((m) => m.write.content),
    (done) => onProgress?.({ phase: "embed", done, total }),
  );
  const vectors = new Map(before.write.map((m, i) => [m.index, embedded[i]]));

  return rt.log.transact("import records", (tx) => {
    const { write, skipped } = plan();
    const written = appendWrites(
      rt,
      tx,
      write.map((m) => m.write),
      write.map((m) => vectors.get(m.index)),
      {
        label: (index) => `import records: records[${index}]`,
        indexes: write.map((m) => m.index),
        onStored: (done) => onProgress?.({ phase: "store", done, total }),
      },
    );
    const idOf = new Map(write.map((m, i) => [m.index, written[i]!]));
    let edgeCount = 0;
    edges.forEach(({ index, edge }, i) => {
      try {
        if (appendEdge(rt, tx, edge)) edgeCount += 1;
      } catch (error) {
        throw atIndex(error, `import records: records[${index}]`, index);
      }
      const done = write.length + i + 1;
      if (done % PROGRESS_EVERY === 0 || i + 1 === edges.length) {
        onProgress?.({ phase: "store", done, total });
      }
    });
    return {
      ids: memories.map((m) => idOf.get(m.index) ?? m.write.id!),
      memories: write.length,
      edges: edgeCount,
      skipped: skipped.map((m) => m.write.id!),
      embedded: write.filter((m) => vectors.get(m.index) !== undefined).length,
    };
  });
}

/**
 * Which memories to write and which the strand already has; throws when an id is taken and
 * the import fails on that, or an edge end is unknown.
 */
function planImport(
  rt: Runtime,
  memories: readonly MemoryItem[],
  edges: readonly EdgeItem[],
  explicit: ReadonlyMap<string, number>,
  skipExisting: boolean,
): { write: MemoryItem[]; skipped: MemoryItem[] } {
  const write: MemoryItem[] = [];
  const skipped: MemoryItem[] = [];
  for (const item of memories) {
    const { id } = item.write;
    if (id === undefined || rt.store.ridOf(id) === undefined) write.push(item);
    else if (skipExisting) skipped.push(item);
    else {
      throw new HelixError(
        "conflict",
        `Cannot import records: records[${item.index}].id: a memory with id "${id}" already exists`,
        { details: { index: item.index, field: "id", id } },
      );
    }
  }
  for (const { index, edge } of edges) {
    for (const [field, end] of [["from", edge.from], ["to", edge.to]] as const) {
      if (!explicit.has(end) && rt.store.ridOf(end) === undefined) {
        throw new HelixError(
          "not_found",
          `Cannot import records: records[${index}].${field}: no memory has id "${end}" in the strand or the import`,
          { details: { index, field, id: end } },
        );
      }
    }
  }
  return { write, skipped };
}

/** Appends the `edge.put` of an imported edge; false when an identical active edge exists. */
function appendEdge(rt: Runtime, tx: LogTransaction, edge: ParsedImportEdge): boolean {
  const id = edgeId(edge.from, edge.relation, edge.to);
  const weight = edge.weight ?? 1;
  const existing = rt.store.edgeById(id);
  if (existing && existing.status === "active" && existing.weight === weight) return false;
  tx.append({
    kind: "edge.put",
    payload: {
      id,
      from: edge.from,
      to: edge.to,
      relation: edge.relation,
      weight,
      provenance: opProvenance(edge.source),
    },
  });
  return true;
}

/** A memory record as a planned write (nulls of absent times dropped). */
function parseMemory(record: unknown, index: number): PlannedWrite {
  const {
    kind: _kind,
    validTo,
    eventAt,
    eventEnd,
    eventPhrase,
    ...rest
  } = parse(importMemorySchema, record, index);
  // Redacted like every write: an export of another strand, or a hand-made file, may hold
  // secrets, and none may reach the strand.
  return redactWrite({
    ...rest,
    ...(validTo !== null && validTo !== undefined ? { validTo } : {}),
    ...(eventAt !== null && eventAt !== undefined ? { eventAt } : {}),
    ...(eventEnd !== null && eventEnd !== undefined ? { eventEnd } : {}),
    ...(eventPhrase !== null && eventPhrase !== undefined ? { eventPhrase } : {}),
    allowEmptyValidity: true,
  }).write;
}

function parse<T extends z.ZodType>(schema: T, record: unknown, index: number): z.output<T> {
  const result = schema.safeParse(record);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw invalid(index, issue?.path.map(String).join(".") ?? "", issue?.message ?? "invalid", {
    issues: result.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
  });
}

function invalid(
  index: number,
  field: string,
  problem: string,
  extra: Record<string, unknown> = {},
): HelixError {
  const at = field ? `records[${index}].${field}` : `records[${index}]`;
  return new HelixError("invalid_input", `Cannot import records: ${at}: ${problem}`, {
    details: { index, field, ...extra },
  });
}
