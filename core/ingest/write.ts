/**
 * The bulk write path behind `writeMany`: every item validated, redacted and checked before
 * the first is written (a bad item changes nothing), embedded in batches, then appended in
 * short transactions (`ops/write_bulk.ts`) so other writers take their turn between them.
 * Items are stored as given; the single write with the poisoning guard and consolidation is
 * `pipeline.ts`.
 *
 * @module
 */
import { embedBatches } from "../embed/policy.ts";
import { parseInput, writeInputSchema } from "../model/input.ts";
import type { WriteInput } from "../model/inputs.ts";
import { appendWrites, type BulkProgress, settleWrites } from "../ops/write_bulk.ts";
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
  "store" | "log" | "clock" | "project" | "embedder" | "embedPolicy"
>;

const PROGRESS_EVERY = 1_000;

/**
 * Writes many memories. Every item is checked first: a bad item fails the whole call with its
 * position in the message and `details.index`, and the strand is unchanged. The items are then
 * stored in short transactions; should the process stop half-way, the items stored so far stay.
 */
export async function writeMemories(
  deps: BulkWriteDeps,
  inputs: readonly WriteInput[],
  onProgress?: (progress: BulkProgress) => void,
): Promise<BulkWriteResult> {
  const total = inputs.length;
  const label = (index: number) => `write memory #${index + 1}`;
  const parsed = inputs.map((input, index) => {
    const result = redactWrite(parseInput(writeInputSchema, input, label(index))).write;
    if ((index + 1) % PROGRESS_EVERY === 0) {
      onProgress?.({ phase: "validate", done: index + 1, total });
    }
    return result;
  });
  const settled = settleWrites(deps.store, parsed, deps.clock.now(), { label });
  const vectors = await embedBatches(
    deps,
    settled.map((p) => p.content),
    (done) => onProgress?.({ phase: "embed", done, total }),
  );
  const ids = await appendWrites(deps, settled, vectors, {
    label,
    onStored: (done) => onProgress?.({ phase: "store", done, total }),
  });
  return { ids, embedded: vectors.filter((v) => v !== undefined).length };
}
