/**
 * The bulk write path behind `writeMany`: every item validated and redacted, embedded in
 * batches before the transaction, then appended in one transaction (all or nothing). Items
 * are stored as given; the single write with the poisoning guard and consolidation is
 * `pipeline.ts`.
 *
 * @module
 */
import { embedBatches } from "../embed/policy.ts";
import { parseInput, writeInputSchema } from "../model/input.ts";
import type { WriteInput } from "../model/inputs.ts";
import { appendWrites, type BulkProgress } from "../ops/write_bulk.ts";
import { redactWrite } from "../redact/write.ts";
import type { IngestDeps } from "./deps.ts";

/** The outcome of {@linkcode writeMemories}. */
export interface BulkWriteResult {
  /** Ids, in input order. */
  readonly ids: readonly string[];
  /** How many were stored with vectors. */
  readonly embedded: number;
}

/** What a bulk write needs. */
export type BulkWriteDeps = Pick<
  IngestDeps,
  "store" | "log" | "project" | "embedder" | "embedPolicy"
>;

const PROGRESS_EVERY = 1_000;

/**
 * Writes many memories in one transaction: either all are stored or none (a bad item fails
 * the whole call with its position in the message and `details.index`, and the strand is
 * unchanged).
 */
export async function writeMemories(
  deps: BulkWriteDeps,
  inputs: readonly WriteInput[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkWriteResult> {
  const total = inputs.length;
  const parsed = inputs.map((input, index) => {
    const result = redactWrite(parseInput(writeInputSchema, input, `write memory #${index + 1}`))
      .write;
    if ((index + 1) % PROGRESS_EVERY === 0) {
      onProgress?.({ phase: "validate", done: index + 1, total });
    }
    return result;
  });
  const vectors = await embedBatches(
    deps,
    parsed.map((p) => p.content),
    (done) => onProgress?.({ phase: "embed", done, total }),
  );
  return deps.log.transact("write memories", (tx) => {
    const ids = appendWrites(deps, tx, parsed, vectors, {
      label: (index) => `write memory #${index + 1}`,
      onStored: (done) => onProgress?.({ phase: "store", done, total }),
    });
    return { ids, embedded: vectors.filter((v) => v !== undefined).length };
  });
}
