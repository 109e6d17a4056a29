/**
 * Who created each memory: the `memory.put` that made it, the device that stamped it, and,
 * when the op arrived by sync, the verified author device of the change that carried it
 * (`sync_received.author`, schema 18). A team strand names the member who wrote a memory
 * from it.
 *
 * @module
 */
import { IN_LIST } from "../prepare.ts";
import type { Store } from "../store.ts";

/** The creating op of a memory. */
export interface MemoryCreator {
  /** The device that stamped the creating `memory.put` (as its op says). */
  readonly device: string;
  /** Whether the op arrived by sync (else it was written on this machine, or merged here). */
  readonly received: boolean;
  /**
   * The verified author device of the sync change that carried it; null when written here,
   * or received before schema 18 recorded authors.
   */
  readonly author: string | null;
}

/** The creating op of each memory of `ids` that has one in the log (the earliest put). */
export function creatorsOf(
  store: Pick<Store, "prepare">,
  ids: readonly string[],
): Map<string, MemoryCreator> {
  const out = new Map<string, MemoryCreator>();
  if (ids.length === 0) return out;
  const rows = store.prepare(
    `SELECT r.ref AS id, o.device_id AS device, s.change_id IS NOT NULL AS received,
            s.author AS author
     FROM op_refs r JOIN ops o ON o.seqno = r.seqno AND o.kind = 'memory.put'
     LEFT JOIN sync_received s ON s.change_id = o.change_id
     WHERE r.ref IN ${IN_LIST}
     ORDER BY o.hlc DESC, o.device_id DESC`,
  ).all(JSON.stringify(ids)) as unknown as {
    id: string;
    device: string;
    received: number;
    author: string | null;
  }[];
  // Newest first, so the earliest put of each memory is set last.
  for (const row of rows) {
    out.set(row.id, { device: row.device, received: row.received === 1, author: row.author });
  }
  return out;
}
