/**
 * Helpers every part of the fold shares: the memory an op needs, and the provenance row an
 * op adds.
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { Op } from "./kinds.ts";
import type { OpProvenance } from "./payloads.ts";

/** The memory `id`, or `not_found` naming the op that needs it. */
export function requireMemory(
  store: Pick<Store, "memoryById">,
  op: Op,
  id: string,
): MemoryRecord {
  const record = store.memoryById(id);
  if (!record) throw new HelixError("not_found", `Cannot apply op ${op.changeId}: no memory ${id}`);
  return record;
}

/** Records that `op` added the source `p` to `subject` (a memory or edge) at `at` (ms). */
export function addProvenance(
  store: Pick<Store, "insertProvenance">,
  subject: string,
  op: Op,
  p: OpProvenance,
  at: number,
): void {
  store.insertProvenance({
    subject,
    op: op.changeId,
    origin: p.origin,
    agent: p.agent ?? null,
    ref: p.ref ?? null,
    extractor: p.extractor ?? null,
    model: p.model ?? null,
    at,
  });
}
