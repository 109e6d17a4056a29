/**
 * Import: memories and edges (what `helix import` reads from JSONL) written in one
 * transaction, all or nothing. Memories go through the bulk write path (validated, embedded
 * in batches before the transaction when a model is available, appended as `memory.put`);
 * edges follow as `edge.put`. A record that fails names its position in `details.index`.
 *
 * @module
 */
import { embedBatches } from "../embed/policy.ts";
import type { ImportEdgeRecord, ImportMemoryRecord } from "../model/inputs.ts";
import { appendWrites, atIndex, type BulkProgress } from "../ops/write_bulk.ts";
import type { TransferDeps } from "./deps.ts";
import { parseRecords, PROGRESS_EVERY } from "./import_parse.ts";
import { appendEdge, planImport } from "./import_plan.ts";

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

/**
 * Imports `records` in one transaction. Throws `invalid_input` (a malformed record),
 * `conflict` (an id already in the strand, with `onExisting: "fail"`) or `not_found` (an
 * edge end that is neither imported nor in the strand), each with `details.index`, and
 * leaves the strand unchanged.
 */
export async function importRecords(
  deps: Pick<TransferDeps, "store" | "log" | "project" | "embedder" | "reembedder" | "embedPolicy">,
  records: readonly ImportRecord[],
  onProgress?: (progress: BulkProgress) => void,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const total = records.length;
  const parsed = parseRecords(records, onProgress);
  const { memories, edges } = parsed;

  // Checked before embedding, so a doomed import fails fast, and again in the transaction.
  const plan = () => planImport(deps, parsed, options.onExisting === "skip");
  const before = plan();
  const embedded = await embedBatches(
    deps,
    before.write.map((m) => m.write.content),
    (done) => onProgress?.({ phase: "embed", done, total }),
  );
  const vectors = new Map(before.write.map((m, i) => [m.index, embedded[i]]));

  return deps.log.transact("import records", (tx) => {
    const { write, skipped } = plan();
    const written = appendWrites(
      deps,
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
        if (appendEdge(deps, tx, edge)) edgeCount += 1;
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
