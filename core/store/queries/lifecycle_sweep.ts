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
  /** Local order of the latest op that changed what it states: the sweep's progress mark. */
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

/** The newest op of the log, by local order (0 for an empty log). */
export function lastSeqno(store: Store): number {
  return (store.prepare("SELECT coalesce(max(seqno), 0) AS n FROM ops").get() as { n: number }).n;
}

/**
 * Active statements that an op in `(after, through]` changed what they state: created them, or
 * set their content, type, scope or status. Oldest such op first, each memory once (at its
 * newest such op). Ops that only move confidence or link memories (the sweep's own) don't count.
 */
export function statementsChangedSince(store: Store, after: number, through: number): SweepRow[] {
  return store.prepare(
    `WITH changed AS (
       SELECT r.ref AS id, max(o.seqno) AS seqno FROM ops o JOIN op_refs r ON r.seqno = o.seqno
       WHERE o.seqno > ? AND o.seqno <= ? AND (
         o.kind = 'memory.put' OR (o.kind = 'memory.patch' AND (
           json_extract(o.payload, '$.set.content') IS NOT NULL OR
           json_extract(o.payload, '$.set.type') IS NOT NULL OR
           json_extract(o.payload, '$.set.scope') IS NOT NULL OR
           json_extract(o.payload, '$.set.status') IS NOT NULL)))
       GROUP BY r.ref)
     SELECT m.id, m.content, m.type, m.scope, m.recorded_at AS recordedAt, c.seqno
     FROM changed c JOIN memories m ON m.id = c.id
     WHERE m.status = 'active' AND m.type IN ${STATEMENTS}
     ORDER BY c.seqno`,
  ).all(after, through) as unknown as SweepRow[];
}

/** Whether any `contradicts` or `supersedes` edge, active or removed, joins `a` and `b`. */
export function everLinked(store: Store, a: string, b: string): boolean {
  return store.prepare(
    `SELECT 1 FROM edges WHERE relation IN ('contradicts', 'supersedes')
     AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)) LIMIT 1`,
  ).get(a, b, b, a) !== undefined;
}
