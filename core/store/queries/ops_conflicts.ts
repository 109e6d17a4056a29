/**
 * The `conflicts` table: what the fold found when it merged concurrent edits (a text or field
 * conflict of one memory, a conflicting fact between two), open until an op settles it.
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";

/**
 * How a conflict was found (`docs/merge.md`): `text`, overlapping content edits left in a conflict
 * block (`ops/merge_patch.ts`); `field`, a field both sides changed, settled by fold order;
 * `fact`, two rival successors of one memory (`ops/rivals.ts`).
 */
export type ConflictKind = "text" | "field" | "fact";

/** A conflict the fold found. */
export interface ConflictRecord {
  /** The memory (for `fact`: the first of the two, by id). */
  readonly memory: string;
  /** The op whose fold found it. */
  readonly op: string;
  /** How it was found: overlapping text, a field both sides set, or rival successors. */
  readonly kind: ConflictKind;
  /** The field (for `fact`: the other memory's id). */
  readonly field: string;
  /** The concurrent head ops it was merged with (for `fact`: the superseded memory). */
  readonly other: readonly string[];
  /** The op that settled it; null while it needs a person. */
  readonly resolvedOp: string | null;
}

/** Records a conflict (replacing one the same op found in the same field). */
export function recordConflict(store: Pick<Store, "prepare">, conflict: ConflictRecord): void {
  store.prepare(
    `INSERT OR REPLACE INTO conflicts (memory, op, kind, field, other, resolved_op)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    conflict.memory,
    conflict.op,
    conflict.kind,
    conflict.field,
    JSON.stringify(conflict.other),
    conflict.resolvedOp,
  );
}

/** The conflicts of the strand, open ones only unless `all`. */
export function listConflicts(store: Pick<Store, "prepare">, all = false): ConflictRecord[] {
  return (store.prepare(
    `SELECT memory, op, kind, field, other, resolved_op AS resolvedOp FROM conflicts
     ${all ? "" : "WHERE resolved_op IS NULL"} ORDER BY memory, op, field`,
  ).all() as unknown as (Omit<ConflictRecord, "other"> & { other: string })[])
    .map((r) => ({ ...r, other: JSON.parse(r.other) as string[] }));
}

/** Whether any conflict is open (one indexed probe). */
export function anyOpenConflict(store: Pick<Store, "prepare">): boolean {
  return store.prepare("SELECT 1 FROM conflicts WHERE resolved_op IS NULL LIMIT 1").get() !==
    undefined;
}

/** Settles the open text conflicts of memory `id` with `op`. */
export function settleTextConflicts(store: Pick<Store, "prepare">, id: string, op: string): void {
  store.prepare(
    `UPDATE conflicts SET resolved_op = ? WHERE memory = ? AND kind = 'text' AND resolved_op IS NULL`,
  ).run(op, id);
}

/** Settles the open conflicting facts memory `id` is either side of with `op`. */
export function settleFactsOf(store: Pick<Store, "prepare">, id: string, op: string): void {
  store.prepare(
    `UPDATE conflicts SET resolved_op = ?
     WHERE kind = 'fact' AND resolved_op IS NULL AND (memory = ? OR field = ?)`,
  ).run(op, id, id);
}

/** Settles the open conflicting fact between `first` and `second` (ids in order) with `op`. */
export function settleFactBetween(
  store: Pick<Store, "prepare">,
  first: string,
  second: string,
  op: string,
): void {
  store.prepare(
    `UPDATE conflicts SET resolved_op = ?
     WHERE kind = 'fact' AND resolved_op IS NULL AND memory = ? AND field = ?`,
  ).run(op, first, second);
}

/** Whether a conflicting fact names any of the memories `ids`. */
export function factTouching(store: Pick<Store, "prepare">, ids: readonly string[]): boolean {
  const list = JSON.stringify(ids);
  return store.prepare(
    `SELECT 1 FROM conflicts WHERE kind = 'fact' AND (memory IN ${IN_LIST} OR field IN ${IN_LIST})`,
  ).get(list, list) !== undefined;
}

/** Whether the fold of any op at the log positions `seqnos` found a conflicting fact. */
export function factFoundByOps(store: Pick<Store, "prepare">, seqnos: readonly number[]): boolean {
  return store.prepare(
    `SELECT 1 FROM conflicts WHERE kind = 'fact' AND op IN
     (SELECT change_id FROM ops WHERE seqno IN ${IN_LIST}) LIMIT 1`,
  ).get(JSON.stringify(seqnos)) !== undefined;
}
