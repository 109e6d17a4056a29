/**
 * Re-importing: which memory of the strand an imported record is. A record with an id is the
 * memory with that id; a record without one gets an id derived from the strand, its content,
 * type and how many records before it said the same, so running the same import again (to
 * finish an interrupted one, or by mistake) finds the memories the first run wrote instead
 * of writing them twice. A record is the same as a stored memory when every field it sets has
 * the stored value (the fields it leaves out took their defaults when it was first written).
 *
 * @module
 */
import { HelixError } from "../errors.ts";
import { changedFields } from "../model/fields.ts";
import { memoryIdCandidates } from "../model/ids.ts";
import type { PlannedWrite } from "../ops/write_one.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";

/** The first field where `record` and the stored memory differ, or null when they agree. */
export function differingField(record: PlannedWrite, stored: MemoryRecord): string | null {
  const changed = Object.keys(changedFields(stored, record));
  if (changed.length > 0) return changed[0]!;
  if (record.recordedAt !== undefined && record.recordedAt !== stored.recordedAt) {
    return "recordedAt";
  }
  return null;
}

/** Where a record lands: its id, and whether the strand holds that memory already. */
export interface Landing {
  readonly id: string;
  /** `new`: free; `same`: stored with the values the record gives; `changed`: stored, and since changed (`field` differs). */
  readonly stored: "new" | "same" | "changed";
  /** The first differing field, when `changed`. */
  readonly field?: string;
}

/** Where a record with an id lands. */
export function landingOf(
  store: Pick<Store, "memoryById">,
  id: string,
  write: PlannedWrite,
): Landing {
  const stored = store.memoryById(id);
  if (!stored) return { id, stored: "new" };
  const field = differingField(write, stored);
  return field === null ? { id, stored: "same" } : { id, stored: "changed", field };
}

/**
 * Where an id-less record lands: the first candidate id (`mem_<slug>_<suffix>`, shortest
 * first, the suffix hashed from the strand id, type, content and `occurrence`) that no other
 * record of the import claims and that is free, held by the same memory, or held by the memory
 * an earlier run wrote from this record and that was changed since (created with this content
 * and type: `createdAs` reads a memory's first op). Any other holder is another memory whose
 * id merely collides: the next candidate is tried.
 */
export function deriveLanding(
  store: Pick<Store, "memoryById">,
  createdAs: (changeId: string) => { content: string; type: string } | undefined,
  strandId: string,
  write: PlannedWrite,
  occurrence: number,
  claimed: ReadonlySet<string>,
): Landing {
  const type = write.type ?? "fact";
  const seed = `${strandId}\u0000import\u0000${type}\u0000${write.content}\u0000${occurrence}`;
  for (const id of memoryIdCandidates(write.content, type, seed)) {
    if (claimed.has(id)) continue;
    const landing = landingOf(store, id, write);
    if (landing.stored !== "changed") return landing;
    const stored = store.memoryById(id)!;
    const origin = createdAs(stored.createdOp);
    if (origin?.content === write.content && origin.type === type) return landing;
  }
  throw new HelixError("conflict", "Cannot write memory: could not find a free id");
}
