/**
 * Rows the fold reads and writes beyond the table access of `Store`: sessions, the
 * `contradicts` edges that set a memory's decay, rival successors of a superseded memory,
 * and the memories a purge names by their creating op.
 *
 * @module
 */
import type { Store } from "../store.ts";
import { IN_LIST } from "../prepare.ts";

/** A `sessions` row: an agent session that ended. */
export interface SessionRow {
  readonly id: string;
  readonly project: string | null;
  readonly client: string | null;
  readonly startedAt: number;
  readonly endedAt: number;
  /** The `session.end` op. */
  readonly op: string;
}

/** Records a session's end, merging with what an earlier end of it recorded. */
export function upsertSession(store: Pick<Store, "prepare">, session: SessionRow): void {
  store.prepare(
    `INSERT INTO sessions (id, project, client, started_at, ended_at, op) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET project = excluded.project, client = excluded.client,
       started_at = min(started_at, excluded.started_at), ended_at = excluded.ended_at, op = excluded.op`,
  ).run(
    session.id,
    session.project,
    session.client,
    session.startedAt,
    session.endedAt,
    session.op,
  );
}

/** Whether an active `contradicts` edge touches memory `id`. */
export function isContradicted(store: Pick<Store, "prepare">, id: string): boolean {
  return store.prepare(
    `SELECT 1 FROM edges WHERE relation = 'contradicts' AND status = 'active'
     AND (from_id = ? OR to_id = ?) LIMIT 1`,
  ).get(id, id) !== undefined;
}

/** The ends of the `contradicts` edges among `edgeIds`. */
export function contradictionEnds(
  store: Pick<Store, "prepare">,
  edgeIds: readonly string[],
): { a: string; b: string }[] {
  return store.prepare(
    `SELECT from_id AS a, to_id AS b FROM edges WHERE relation = 'contradicts' AND id IN ${IN_LIST}`,
  ).all(JSON.stringify(edgeIds)) as { a: string; b: string }[];
}

/**
 * The active memories other than `successor` that supersede `superseded` through an active
 * edge, by id.
 */
export function otherActiveSuccessors(
  store: Pick<Store, "prepare">,
  superseded: string,
  successor: string,
): string[] {
  return (store.prepare(
    `SELECT e.from_id AS id FROM edges e JOIN memories m ON m.id = e.from_id
     WHERE e.to_id = ? AND e.relation = 'supersedes' AND e.status = 'active' AND e.from_id != ?
       AND m.status = 'active' ORDER BY e.from_id`,
  ).all(superseded, successor) as { id: string }[]).map((r) => r.id);
}

/** The memories the `memory.put` ops `puts` created (id, and the put), by id. */
export function memoriesCreatedBy(
  store: Pick<Store, "prepare">,
  puts: readonly string[],
): { id: string; put: string }[] {
  return store.prepare(
    `SELECT id, created_op AS put FROM memories WHERE created_op IN ${IN_LIST} ORDER BY id`,
  ).all(JSON.stringify(puts)) as { id: string; put: string }[];
}
