/**
 * The queries a note asks beyond neighbours: the latest active memories of a scope, the
 * context a short answer is usually about.
 *
 * @module
 */
import { decodeMemoryRow, MEMORY_SELECT, type MemoryRecord } from "../records.ts";
import type { Store } from "../store.ts";

/**
 * The `limit` active memories of `scope` recorded last, newest first (`memories_latest`,
 * schema 5, serves it without sorting the scope's memories).
 */
export function latestActive(store: Store, scope: string, limit: number): MemoryRecord[] {
  return (store.prepare(
    `SELECT ${MEMORY_SELECT} FROM memories m WHERE m.scope = ? AND m.status = 'active'
     ORDER BY m.recorded_at DESC LIMIT ?`,
  ).all(scope, limit) as Record<string, unknown>[]).map(decodeMemoryRow);
}
