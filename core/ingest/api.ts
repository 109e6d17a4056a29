/**
 * The write slice of the engine: one memory through the write path, many in one
 * transaction, and notes (text turned into memories by extraction).
 *
 * @module
 */
import type { WriteInput } from "../model/inputs.ts";
import type { BulkProgress } from "../ops/write_bulk.ts";
import { guardAsync } from "../store/guard.ts";
import { noteMemories } from "./note.ts";
import type { NoteInput, NoteOptions, NoteResult } from "./note_input.ts";
import { writeMemory } from "./pipeline.ts";
import type { WriteResult } from "./result.ts";
import { type BulkWriteResult, writeMemories } from "./write.ts";

/** Storing memories. */
export interface WriteApi {
  /**
   * Writes one memory through the write path: secrets redacted, agent-ingested content
   * scanned for injected instructions (suspicious writes are stored `quarantined`), then
   * consolidated against the nearest memories of its scope: an equivalent one is reinforced
   * (`noop`), a refined one updated, a replaced one superseded, a contradicted one flagged.
   * The content is otherwise kept verbatim.
   */
  write(input: WriteInput): Promise<WriteResult>;
  /**
   * Stores many memories as given (no consolidation). Every item is checked before the first
   * is written, so a bad one changes nothing; they are then stored in short transactions
   * (tens of milliseconds each), so other writers are never shut out for long.
   */
  writeMany(
    inputs: readonly WriteInput[],
    onProgress?: (p: BulkProgress) => void,
  ): Promise<BulkWriteResult>;
  /**
   * Turns text into memories: redacts it (and its context), runs the gate (skipped when
   * `explicit`), extracts typed, self-contained candidates using the previous assistant turn,
   * the recent window and the nearest active memories (the LLM extractor when configured,
   * else the deterministic one), and writes each through the write path. `options.keep`
   * leaves the candidates of scopes it refuses to the caller (`NoteResult.passed`).
   */
  note(input: NoteInput, options?: NoteOptions): Promise<NoteResult>;
}

/** What the write API needs: what the single, bulk and note write paths take. */
export type WriteDeps =
  & Parameters<typeof writeMemory>[0]
  & Parameters<typeof writeMemories>[0]
  & Parameters<typeof noteMemories>[0];

/** The write API over `deps`. */
export function createWriteApi(deps: WriteDeps): WriteApi {
  return {
    write: (input) => guardAsync("write memory", () => writeMemory(deps, input)),
    writeMany: (inputs, onProgress) =>
      guardAsync("write memories", () => writeMemories(deps, inputs, onProgress)),
    note: (input, options) => guardAsync("note memory", () => noteMemories(deps, input, options)),
  };
}
