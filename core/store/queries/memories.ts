/**
 * Named queries over memories and edges for browsing and counting: a page of a listing, a
 * page of the graph, and the counts behind `stats()`. Each takes the {@linkcode Store} and
 * plain arguments and returns plain rows; what a reader may see comes from
 * `store/visibility.ts`.
 *
 * @module
 */
import type { SQLInputValue } from "node:sqlite";
import type { Store } from "../store.ts";
import { type Visibility, visibilitySql } from "../visibility.ts";

/** Where a listing resumes: after the memory recorded at `at` with id `id` (newest first). */
export interface ListPosition {
  readonly at: number;
  readonly id: string;
}

/** One row of a listing page. */
export interface ListRow {
  readonly rid: number;
  readonly at: number;
  readonly id: string;
}

/**
 * Up to `limit` memories visible under `visibility` (with tag `tag`, after `after`), newest
 * first by recorded time then id.
 */
export function listPage(
  store: Store,
  visibility: Visibility,
  filter: { readonly tag?: string | undefined; readonly after?: ListPosition | undefined },
  limit: number,
): ListRow[] {
  const visible = visibilitySql(visibility);
  const where = [visible.sql];
  const params: SQLInputValue[] = [...visible.params];
  if (filter.tag) {
    where.push("EXISTS (SELECT 1 FROM json_each(m.tags) t WHERE t.value = ?)");
    params.push(filter.tag);
  }
  if (filter.after) {
    where.push("(m.recorded_at < ? OR (m.recorded_at = ? AND m.id < ?))");
    params.push(filter.after.at, filter.after.at, filter.after.id);
  }
  return store.prepare(
    `SELECT m.rid AS rid, m.recorded_at AS at, m.id AS id FROM memories m
     WHERE ${where.join(" AND ")} ORDER BY m.recorded_at DESC, m.id DESC LIMIT ?`,
  ).all(...params, limit) as unknown as ListRow[];
}

/** Ids of up to `limit` active edges after `cursor` (by id) whose two ends are both visible. */
export function graphEdgeIds(
  store: Store,
  visibility: Visibility,
  cursor: string,
  limit: number,
): string[] {
  const from = visibilitySql(visibility, "a");
  const to = visibilitySql(visibility, "b");
  const rows = store.prepare(
    `SELECT e.id AS id FROM edges e
     JOIN memories a ON a.id = e.from_id JOIN memories b ON b.id = e.to_id
     WHERE e.status = 'active' AND e.id > ? AND ${from.sql} AND ${to.sql}
     ORDER BY e.id LIMIT ?`,
  ).all(cursor, ...from.params, ...to.params, limit) as { id: string }[];
  return rows.map((r) => r.id);
}

/** What `stats()` counts in one strand. */
export interface MemoryCounts {
  readonly memories: number;
  readonly byType: Record<string, number>;
  readonly byStatus: Record<string, number>;
  /** Active edges. */
  readonly edges: number;
  readonly ops: number;
  readonly vectors: number;
  /** HLC of the newest op, or null for an empty log. */
  readonly lastHlc: string | null;
  /** `full`: each commit is on disk before it returns (survives power loss); `normal` not. */
  readonly durability: "full" | "normal";
}

/** Counts of memories (all, by type, by status), active edges, ops and vectors. */
export function memoryCounts(store: Store): MemoryCounts {
  const one = (sql: string) => (store.prepare(sql).get() as { n: number }).n;
  const group = (column: "type" | "status") =>
    Object.fromEntries(
      (store.prepare(
        `SELECT ${column} AS k, count(*) AS n FROM memories GROUP BY ${column} ORDER BY ${column}`,
      ).all() as { k: string; n: number }[]).map((r) => [r.k, r.n]),
    );
  const last = store.prepare("SELECT hlc FROM ops ORDER BY hlc DESC LIMIT 1").get() as
    | { hlc: string }
    | undefined;
  const synchronous = (store.prepare("PRAGMA synchronous").get() as { synchronous: number })
    .synchronous;
  return {
    durability: synchronous >= 2 ? "full" : "normal",
    memories: one("SELECT count(*) AS n FROM memories"),
    byType: group("type"),
    byStatus: group("status"),
    edges: one("SELECT count(*) AS n FROM edges WHERE status = 'active'"),
    ops: one("SELECT count(*) AS n FROM ops"),
    vectors: one("SELECT count(*) AS n FROM vector_state"),
    lastHlc: last?.hlc ?? null,
  };
}
