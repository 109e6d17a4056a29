/**
 * Memory heads (`memory_heads`): the ops of a memory that no later op of it names as a
 * parent, what a writer lists as `parents` and the fold checks a patch against.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** The head ops of memory `id`, sorted: what a writer lists as `parents`. */
export function headsOf(store: Pick<Store, "prepare">, id: string): string[] {
  return (store.prepare("SELECT op FROM memory_heads WHERE memory = ? ORDER BY op").all(id) as {
    op: string;
  }[]).map((r) => r.op);
}

/** Adds `op` to the heads of memory `id`. */
export function addHead(store: Pick<Store, "prepare">, id: string, op: string): void {
  store.prepare("INSERT OR IGNORE INTO memory_heads (memory, op) VALUES (?, ?)").run(id, op);
}

/** Removes `op` from the heads of memory `id`. */
export function removeHead(store: Pick<Store, "prepare">, id: string, op: string): void {
  store.prepare("DELETE FROM memory_heads WHERE memory = ? AND op = ?").run(id, op);
}
