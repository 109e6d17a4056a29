/**
 * The queries of `transfer/`: pages of what an export selects, in its stable order, and the
 * memories a filtered `.dna` export keeps.
 *
 * @module
 */
import type { Relation } from "../../model/types.ts";
import { IN_LIST } from "../prepare.ts";
import type { Store } from "../store.ts";

/** Which memories an export reads: these statuses, in these scopes (null: any scope). */
export interface ExportFilter {
  readonly statuses: readonly string[];
  readonly scopes: readonly string[] | null;
}

/** Where a page of memories starts: after this recorded time and id. */
export interface MemoryCursor {
  readonly at: number;
  readonly id: string;
}

/** One memory of an export page: its row id, recorded time and id. */
export interface MemoryKey extends MemoryCursor {
  readonly rid: number;
}

/** An active edge of an export page. */
export interface EdgeRow {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly relation: Relation;
  readonly weight: number;
}

/** The filter on memory alias `alias` as SQL, and its parameters. */
function filterSql(filter: ExportFilter, alias: string): [sql: string, params: string[]] {
  const statuses = JSON.stringify(filter.statuses);
  if (filter.scopes === null) return [`${alias}.status IN ${IN_LIST}`, [statuses]];
  return [
    `${alias}.status IN ${IN_LIST} AND ${alias}.scope IN ${IN_LIST}`,
    [statuses, JSON.stringify(filter.scopes)],
  ];
}

/** Up to `limit` memories of `filter` after `cursor`, by recorded time then id. */
export function exportMemoryPage(
  store: Store,
  filter: ExportFilter,
  cursor: MemoryCursor,
  limit: number,
): MemoryKey[] {
  const [sql, params] = filterSql(filter, "m");
  return store.prepare(
    `SELECT m.rid AS rid, m.recorded_at AS at, m.id AS id FROM memories m
     WHERE ${sql} AND (m.recorded_at > ? OR (m.recorded_at = ? AND m.id > ?))
     ORDER BY m.recorded_at, m.id LIMIT ?`,
  ).all(...params, cursor.at, cursor.at, cursor.id, limit) as unknown as MemoryKey[];
}

/** Up to `limit` active edges after id `after` whose two ends are memories of `filter`, by id. */
export function exportEdgePage(
  store: Store,
  filter: ExportFilter,
  after: string,
  limit: number,
): EdgeRow[] {
  const [a, params] = filterSql(filter, "a");
  const [b] = filterSql(filter, "b");
  return store.prepare(
    `SELECT e.id AS id, e.from_id AS "from", e.to_id AS "to", e.relation AS relation,
            e.weight AS weight
     FROM edges e JOIN memories a ON a.id = e.from_id JOIN memories b ON b.id = e.to_id
     WHERE e.status = 'active' AND e.id > ? AND ${a} AND ${b}
     ORDER BY e.id LIMIT ?`,
  ).all(after, ...params, ...params, limit) as unknown as EdgeRow[];
}

/** Ids of the memories in `scopes` and of `types` (either absent: any), as they stand now. */
export function memoryIdsIn(
  store: Store,
  scopes: readonly string[] | undefined,
  types: readonly string[] | undefined,
): Set<string> {
  const rows = store.prepare(
    `SELECT id FROM memories WHERE (? IS NULL OR scope IN ${IN_LIST}) AND (? IS NULL OR type IN ${IN_LIST})`,
  ).all(
    scopes ? 1 : null,
    JSON.stringify(scopes ?? []),
    types ? 1 : null,
    JSON.stringify(types ?? []),
  ) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}
