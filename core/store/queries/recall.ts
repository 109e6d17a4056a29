/**
 * The queries of `recall/`'s context pack: the scopes in use, and the candidates of a
 * section without a query — the most important rows of each visible (scope, status, type),
 * and the most recently recorded visible rows.
 *
 * @module
 */
import { MEMORY_TYPES } from "../../model/types.ts";
import type { Store } from "../store.ts";
import { type Visibility, visibilitySql } from "../visibility.ts";

/** Every scope in use, read off the `memories_visible` index one scope at a time (skip scan). */
export function scopesInUse(store: Store): string[] {
  const rows = store.prepare(
    `WITH RECURSIVE s(scope) AS (
       SELECT MIN(scope) FROM memories
       UNION ALL SELECT (SELECT MIN(scope) FROM memories WHERE scope > s.scope) FROM s
       WHERE s.scope IS NOT NULL)
     SELECT scope FROM s WHERE scope IS NOT NULL`,
  ).all() as { scope: string }[];
  return rows.map((r) => r.scope);
}

/**
 * Row ids of up to `want` visible memories, most important first: the top rows of each
 * (scope, status, type) of `scopes` and the visibility's statuses and types (all when it
 * names none), each read straight off the `memories_visible` index and merged by importance
 * inside SQLite.
 */
export function mostImportantRids(
  store: Store,
  visibility: Visibility,
  scopes: readonly string[],
  want: number,
): number[] {
  // One statement for any number of scopes: the (scope, status, type) triples come in as JSON
  // lists and each one's top rows come from a correlated subquery, so the SQL's shape depends
  // on the validity rule only. (One UNION ALL branch per triple broke past SQLite's 500 terms
  // of a compound SELECT, e.g. with scope "all" over 84 sessions.) Scope, status and type are
  // pinned per triple, so the subquery adds validity alone.
  const { types: _, ...rest } = visibility;
  const validity = visibilitySql({ ...rest, scopes: "all" }, "c");
  const rows = store.prepare(
    `SELECT m.rid AS rid FROM json_each(?) s, json_each(?) st, json_each(?) ty, memories m
     WHERE m.rid IN (
       SELECT c.rid FROM memories c
       WHERE c.scope = s.value AND c.status = st.value AND c.type = ty.value AND ${validity.sql}
       ORDER BY c.importance DESC, c.rid LIMIT ?)
     ORDER BY m.importance DESC, m.rid LIMIT ?`,
  ).all(
    JSON.stringify([...new Set(scopes)]),
    JSON.stringify(visibility.statuses),
    JSON.stringify(visibility.types ?? MEMORY_TYPES),
    ...validity.params,
    want,
    want,
  ) as { rid: number }[];
  return rows.map((row) => row.rid);
}

/**
 * Row ids of the `want` most recently recorded visible memories, newest first: the newest rows
 * of each (scope, status, type) of `scopes` off the `memories_recent` index, merged inside
 * SQLite, so a rare type costs what it holds, not what the strand holds.
 */
export function mostRecentRids(
  store: Store,
  visibility: Visibility,
  scopes: readonly string[],
  want: number,
): number[] {
  const { types: _, ...rest } = visibility;
  const validity = visibilitySql({ ...rest, scopes: "all" }, "c");
  const rows = store.prepare(
    `SELECT m.rid AS rid FROM json_each(?) s, json_each(?) st, json_each(?) ty, memories m
     WHERE m.rid IN (
       SELECT c.rid FROM memories c INDEXED BY memories_recent
       WHERE c.scope = s.value AND c.status = st.value AND c.type = ty.value AND ${validity.sql}
       ORDER BY c.recorded_at DESC, c.id DESC LIMIT ?)
     ORDER BY m.recorded_at DESC, m.id DESC LIMIT ?`,
  ).all(
    JSON.stringify([...new Set(scopes)]),
    JSON.stringify(visibility.statuses),
    JSON.stringify(visibility.types ?? MEMORY_TYPES),
    ...validity.params,
    want,
    want,
  ) as { rid: number }[];
  return rows.map((row) => row.rid);
}
