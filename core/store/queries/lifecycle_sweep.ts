/**
 * Named queries of the contradiction sweep: the statements whose latest op it has not seen,
 * its progress mark (a local cache in `counters`, not state), and whether two memories were
 * ever linked as contradicting or superseding each other.
 *
 * @module
 */
import type { Store } from "../store.ts";

/** A statement the sweep looks at. */
export interface SweepRow {
  readonly id: string;
  readonly content: string;
  readonly type: string;
  readonly scope: string;
  readonly recordedAt: number;
  /** Local order of its latest op: the sweep's progress mark. */
  readonly seqno: number;
}

/** Types whose memories state something that can be contradicted. */
const STATEMENTS = `('identity','preference','project','decision','convention','procedure','fact')`;

/** The counter that records how far the sweep got. */
const MARK = "contradict_sweep_seqno";

/** How far the sweep got: the local order of the latest op it has seen (0 before the first). */
export function sweepMark(store: Store): number {
  return (store.prepare("SELECT value FROM counters WHERE name = ?").get(MARK) as
    | { value: number }
    | undefined)?.value ?? 0;
}

/** Moves the sweep's mark to `seqno` (never back). */
export function advanceSweepMark(store: Store, seqno: number): void {
  store.prepare(
    `INSERT INTO counters (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
  ).run(MARK, seqno);
}

/** Active statements whose latest op came after `seqno`, oldest op first. */
export function statementsChangedSince(store: Store, seqno: number): SweepRow[] {
  return store.prepare(
    `SELECT m.id, m.content, m.type, m.scope, m.recorded_at AS recordedAt, o.seqno
     FROM memories m JOIN ops o ON o.change_id = m.head_op
     WHERE m.status = 'active' AND m.type IN ${STATEMENTS} AND o.seqno > ?
     ORDER BY o.seqno`,
  ).all(seqno) as unknown as SweepRow[];
}

/** Whether any `contradicts` or `supersedes` edge, active or removed, joins `a` and `b`. */
export function everLinked(store: Store, a: string, b: string): boolean {
  return store.prepare(
    `SELECT 1 FROM edges WHERE relation IN ('contradicts', 'supersedes')
     AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)) LIMIT 1`,
  ).get(a, b, b, a) !== undefined;
}
