/**
 * Import: memories and edges (what `helix import` reads from JSONL). Every record is read and
 * checked against the strand before anything is written, so a bad record changes nothing.
 * Memories are embedded in batches when a model is available, then the memories and edges
 * are appended in short transactions (`ops/chunks.ts`, ~50 ms each), so writers of other
 * processes take their turn between them. While the import runs, a marker
 * (`transfer_runs`) says so; an interrupted import leaves it, `helix status` and `doctor`
 * report it, and running the same import again skips what the first run wrote (records the
 * strand holds with the same values) and writes the rest, which removes the marker.
 *
 * @module
 */
import { embedBatches } from "../embed/policy.ts";
import type { ImportEdgeRecord, ImportMemoryRecord } from "../model/inputs.ts";
import { appendInChunks } from "../ops/chunks.ts";
import {
  appendWriteWithVector,
  atIndex,
  type BulkProgress,
  settleWrites,
} from "../ops/write_bulk.ts";
import {
  clearTransferRun,
  hasTransferRun,
  markTransferRun,
} from "../store/queries/transfer_runs.ts";
import { withLongRunWal } from "../store/wal.ts";
import { sha256Stream } from "../util/hash.ts";
import type { TransferDeps } from "./deps.ts";
import { parseRecords } from "./import_parse.ts";
import { appendEdge, planImport } from "./import_plan.ts";

/** One record to import: a memory (a write plus its exported fields) or an edge. */
export type ImportRecord = ImportMemoryRecord | ImportEdgeRecord;

/** Options of {@linkcode importRecords}. */
export interface ImportOptions {
  /**
   * What a memory whose `id` the strand already holds does. A memory the strand holds with
   * the values the record gives is always skipped (re-importing the same records changes
   * nothing). One the strand holds with other values (changed since, or another memory):
   * `"fail"` the import with `conflict` naming the field, or `"skip"` it (the strand's memory
   * stays as it is; edges may still point to it). @default {"fail"}
   */
  readonly onExisting?: "fail" | "skip";
  /** What the import is called in the marker an interrupted one leaves (e.g. its file). @default {"records"} */
  readonly label?: string;
  /** Most records written per transaction (each is also cut at ~50 ms). @default {10000} */
  readonly chunkSize?: number;
}

/** What an import did. */
export interface ImportResult {
  /** The id of each memory record, in record order (kept when given, else derived). */
  readonly ids: readonly string[];
  /** Memories written. */
  readonly memories: number;
  /** Edges written (created, revived or re-weighted; an identical active edge is left alone). */
  readonly edges: number;
  /** Ids of memory records skipped because the strand had them (same values, or `onExisting: "skip"`). */
  readonly skipped: readonly string[];
  /** Memories stored with a vector (the rest are backfilled once a model is available). */
  readonly embedded: number;
  /** This run finished an import of the same records that had been interrupted. */
  readonly resumed: boolean;
}

/**
 * Imports `records`. Throws `invalid_input` (a malformed record), `conflict` (an id the
 * strand holds with other values, with `onExisting: "fail"`) or `not_found` (an edge end that
 * is neither imported nor in the strand), each with `details.index`, and leaves the strand
 * unchanged. An error while writing (a full disk) leaves the transactions before it
 * committed and the marker in place; running the import again finishes it.
 */
export async function importRecords(
  deps: Pick<
    TransferDeps,
    "store" | "log" | "clock" | "meta" | "project" | "embedder" | "reembedder" | "embedPolicy"
  >,
  records: readonly ImportRecord[],
  onProgress?: (progress: BulkProgress) => void,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const total = records.length;
  const parsed = parseRecords(records, onProgress);
  const plan = planImport(deps, parsed, options.onExisting === "skip");
  const label = (index: number) => `import records: records[${index}]`;
  const writes = settleWrites(deps.store, plan.write.map((m) => m.write), deps.clock.now(), {
    label,
    indexes: plan.write.map((m) => m.index),
  });
  const key = importKey(records);
  const resumed = hasTransferRun(deps.store, key);
  const vectors = await embedBatches(
    deps,
    writes.map((w) => w.content),
    (done) => onProgress?.({ phase: "embed", done, total }),
  );

  const steps = writes.length + plan.edges.length;
  const skippedCount = total - steps; // memories already here: counted as stored at once
  let edges = 0;
  await withLongRunWal(deps.store.db, () =>
    appendInChunks(deps.log, "import records", {
      total: steps,
      append(tx, step) {
        const index = step < writes.length
          ? plan.write[step]!.index
          : plan.edges[step - writes.length]!.index;
        try {
          if (step < writes.length) appendWriteWithVector(deps, tx, writes[step]!, vectors[step]);
          else if (appendEdge(deps, tx, plan.edges[step - writes.length]!.edge)) edges += 1;
        } catch (error) {
          throw atIndex(error, label(index), index);
        }
        return true;
      },
      beforeCommit(tx, done) {
        if (done < steps) {
          const run = { key, kind: "import", label: options.label ?? "records" } as const;
          markTransferRun(deps.store, { ...run, total: steps, done, now: tx.now });
        } else clearTransferRun(deps.store, key);
      },
      afterCommit: (done) => onProgress?.({ phase: "store", done: skippedCount + done, total }),
    }, options.chunkSize ? { maxItems: options.chunkSize } : {}));
  if (steps === 0) {
    if (resumed) deps.log.transact("import records", () => clearTransferRun(deps.store, key));
    onProgress?.({ phase: "store", done: total, total });
  }

  const idOf = new Map([...plan.write, ...plan.skipped].map((m) => [m.index, m.write.id!]));
  return {
    ids: parsed.memories.map((m) => idOf.get(m.index)!),
    memories: writes.length,
    edges,
    skipped: plan.skipped.map((m) => m.write.id!),
    embedded: vectors.filter((v) => v !== undefined).length,
    resumed,
  };
}

/** What identifies an import: a hash of its records, as given. */
function importKey(records: readonly ImportRecord[]): string {
  const hash = sha256Stream();
  for (const record of records) hash.update(`${JSON.stringify(record)}\n`);
  return `import:${hash.digest("hex")}`;
}
