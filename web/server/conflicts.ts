/**
 * Open merge conflicts, each with its sides: the value the conflicting op set and the values
 * the concurrent heads it was merged with set, read from the memory's own history. The page
 * shows them side by side; keeping one is a patch of that field (with its undo), and so is
 * an edit that writes a third text. Resolving the field closes the conflict.
 *
 * @module
 */
import type { Engine, HistoryEntry, JsonValue } from "@helix/core";
import { normalized } from "./versions.ts";

/** One side of a conflict: what one op set the field to. */
export interface ConflictSide {
  readonly op: string;
  readonly at: string;
  readonly summary: string;
  readonly value: JsonValue;
}

/** An open conflict as the page draws it. */
export interface ConflictView {
  readonly memory: string;
  readonly kind: string;
  readonly field: string;
  /** The memory's current value of the field (for a text conflict, both sides in a block). */
  readonly current: JsonValue;
  readonly sides: readonly ConflictSide[];
}

function sideOf(entry: HistoryEntry, field: string): ConflictSide | null {
  const payload = entry.payload as unknown as Record<string, unknown>;
  const set = entry.kind === "memory.patch"
    ? payload.set as Record<string, unknown> | undefined
    : entry.kind === "memory.put"
    ? payload
    : undefined;
  if (!set || !(field in set)) return null;
  return {
    op: entry.changeId,
    at: entry.at,
    summary: entry.summary,
    value: normalized(field, set[field]),
  };
}

/** The open conflicts of memory `id` (every memory's when absent). */
export function openConflicts(engine: Engine, id?: string): ConflictView[] {
  const out: ConflictView[] = [];
  for (const conflict of engine.conflicts()) {
    if (id !== undefined && conflict.memory !== id) continue;
    if (conflict.kind === "fact") {
      out.push({
        memory: conflict.memory,
        kind: conflict.kind,
        field: conflict.field,
        current: null,
        sides: [],
      });
      continue;
    }
    const history = engine.history({ id: conflict.memory, limit: 10_000 });
    const wanted = new Set([conflict.op, ...conflict.other]);
    const sides = history.filter((e) => wanted.has(e.changeId))
      .map((e) => sideOf(e, conflict.field))
      .filter((s): s is ConflictSide => s !== null)
      .reverse();
    const memory = engine.get(conflict.memory) as unknown as Record<string, unknown>;
    out.push({
      memory: conflict.memory,
      kind: conflict.kind,
      field: conflict.field,
      current: normalized(conflict.field, memory[conflict.field]),
      sides,
    });
  }
  return out;
}
