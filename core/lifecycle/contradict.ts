/**
 * The contradiction sweep (DESIGN §8): a write compares itself with its neighbours, but
 * memories that arrive without a write's consolidation (imports, merges, bulk writes) or whose
 * neighbour came later are never compared. The sweep compares every active memory whose
 * latest op it has not seen with its scope's neighbours, by the write path's own test
 * ({@linkcode contradicts}), and links each new pair: a `contradicts` edge from the newer
 * memory to the older one, and both confidences lowered by
 * the write path's factor (`contradictedConfidence`). A pair already linked either way (by `contradicts` or
 * `supersedes`, even a link since removed — a person resolved it) is left alone, and so is a
 * pair of memories the worker derived itself (distillation already decided they differ).
 *
 * @module
 */
import { contradicts } from "../compare/statements.ts";
import { neighboursOf } from "../store/neighbours.ts";
import type { Runtime } from "../runtime.ts";
import type { MemoryRecord } from "../store/records.ts";

/** A memory the sweep looks at. */
export interface SweepSubject {
  readonly id: string;
  readonly content: string;
  readonly type: string;
  readonly scope: string;
  readonly recordedAt: number;
  /** Local order of its latest op: the sweep's progress mark. */
  readonly seqno: number;
}

/** Two memories found to contradict each other. */
export interface Contradiction {
  /** The newer memory (the edge's source). */
  readonly from: string;
  /** The older one. */
  readonly to: string;
}

/** Types whose memories state something that can be contradicted. */
const STATEMENTS = `('identity','preference','project','decision','convention','procedure','fact')`;

/** The counter that records how far the sweep got (a local cache, not state). */
const MARK = "contradict_sweep_seqno";

/** Active statements whose latest op arrived after the sweep's mark, oldest op first. */
export function sweepSubjects(rt: Runtime): SweepSubject[] {
  const mark = (rt.store.prepare("SELECT value FROM counters WHERE name = ?").get(MARK) as
    | { value: number }
    | undefined)?.value ?? 0;
  return rt.store.prepare(
    `SELECT m.id, m.content, m.type, m.scope, m.recorded_at AS recordedAt, o.seqno
     FROM memories m JOIN ops o ON o.change_id = m.head_op
     WHERE m.status = 'active' AND m.type IN ${STATEMENTS} AND o.seqno > ?
     ORDER BY o.seqno`,
  ).all(mark) as unknown as SweepSubject[];
}

/** Moves the sweep's mark to `seqno`. */
export function markSwept(rt: Runtime, seqno: number): void {
  rt.store.prepare(
    `INSERT INTO counters (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = max(value, excluded.value)`,
  ).run(MARK, seqno);
}

/**
 * The new contradictions of `subject`: its active same-type neighbours in its scope that
 * contradict it and are not yet linked to it.
 */
export function contradictionsOf(rt: Runtime, subject: SweepSubject): Contradiction[] {
  const neighbours = neighboursOf(rt, subject.content, subject.scope, undefined, rt.clock.now());
  const derived = isDerived(rt.store.memoryById(subject.id)!);
  const found: Contradiction[] = [];
  for (const n of neighbours) {
    if (n.id === subject.id || n.type !== subject.type || n.status !== "active") continue;
    if (!contradicts(subject.content, n) || linked(rt, subject.id, n.id)) continue;
    const other = rt.store.memoryById(n.id)!;
    // Two rules distilled from different episodes were kept apart on purpose ("… before step
    // 5" and "… before step 15" are two rules, not one rule with two values).
    if (derived && isDerived(other)) continue;
    const newer = other.recordedAt > subject.recordedAt ||
      (other.recordedAt === subject.recordedAt && other.id > subject.id);
    found.push(newer ? { from: other.id, to: subject.id } : { from: subject.id, to: other.id });
  }
  return found;
}

/** Whether the worker derived `memory` from others (a distilled rule, an insight). */
function isDerived(memory: MemoryRecord): boolean {
  return Array.isArray(memory.attributes.grounding);
}

/** Whether any `contradicts` or `supersedes` edge, active or removed, joins `a` and `b`. */
function linked(rt: Runtime, a: string, b: string): boolean {
  return rt.store.prepare(
    `SELECT 1 FROM edges WHERE relation IN ('contradicts', 'supersedes')
     AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)) LIMIT 1`,
  ).get(a, b, b, a) !== undefined;
}
