/**
 * Named queries of the lifecycle worker's jobs over memories: the episodes distillation
 * clusters, the faded memories archival looks at, the ratings the model may replace, the
 * derived memories whose grounding is checked, the scopes reflection visits, and the memories
 * that cite files.
 *
 * @module
 */
import type { MemoryType } from "../../model/types.ts";
import { decodeMemoryRow, MEMORY_SELECT, type MemoryRecord } from "../records.ts";
import type { Store } from "../store.ts";

/** An active episode, as distillation reads it. */
export interface EpisodeRow {
  readonly id: string;
  readonly content: string;
  readonly importance: number;
  readonly scope: string;
}

/** A memory's type and text. */
export interface TypedRow {
  readonly id: string;
  readonly type: MemoryType;
  readonly content: string;
}

/** What salience needs of a decaying memory. */
export interface DecayRow {
  readonly id: string;
  readonly importance: number;
  readonly halfLifeMs: number;
  readonly lastAccessAt: number;
}

/** Every active episode, oldest first. */
export function activeEpisodes(store: Store): EpisodeRow[] {
  return store.prepare(
    `SELECT id, content, importance, scope FROM memories
     WHERE type = 'episode' AND status = 'active' ORDER BY recorded_at, id`,
  ).all() as unknown as EpisodeRow[];
}

/** Id of an active memory of `scope` and `type` whose content has this hash, if any. */
export function activeIdWithContent(
  store: Store,
  contentHash: string,
  scope: string,
  type: MemoryType,
): string | null {
  const row = store.prepare(
    `SELECT id FROM memories WHERE content_hash = ? AND scope = ? AND status = 'active' AND type = ?
     ORDER BY id LIMIT 1`,
  ).get(contentHash, scope, type) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Every active memory that decays (has a half-life). */
export function decayingMemories(store: Store): DecayRow[] {
  return store.prepare(
    `SELECT id, importance, half_life_ms AS halfLifeMs, last_access_at AS lastAccessAt
     FROM memories WHERE status = 'active' AND half_life_ms IS NOT NULL`,
  ).all() as unknown as DecayRow[];
}

/** The newest `limit` active memories rated by the heuristic (`attributes.importanceBy`). */
export function heuristicallyRated(store: Store, limit: number): TypedRow[] {
  return store.prepare(
    `SELECT id, type, content FROM memories
     WHERE status = 'active' AND json_extract(attributes, '$.importanceBy') = 'heuristic'
     ORDER BY recorded_at DESC, id LIMIT ?`,
  ).all(limit) as unknown as TypedRow[];
}

/** Ids of the active memories (profiles aside) that list their grounding, in id order. */
export function groundedMemoryIds(store: Store): string[] {
  return (store.prepare(
    `SELECT id FROM memories WHERE status = 'active' AND type != 'profile'
     AND json_type(attributes, '$.grounding') = 'array' ORDER BY id`,
  ).all() as { id: string }[]).map((r) => r.id);
}

/** Scopes (sessions and profiles aside) with at least `atLeast` active memories recorded after `since`. */
export function scopesWithNewMemories(store: Store, since: number, atLeast: number): string[] {
  return (store.prepare(
    `SELECT scope FROM memories
     WHERE status = 'active' AND type != 'profile' AND recorded_at > ? AND scope NOT LIKE 'session:%'
     GROUP BY scope HAVING count(*) >= ? ORDER BY scope`,
  ).all(since, atLeast) as { scope: string }[]).map((r) => r.scope);
}

/** The `limit` latest active memories of `scope` (profiles aside), newest first. */
export function latestMemories(
  store: Store,
  scope: string,
  limit: number,
): { type: MemoryType; content: string }[] {
  return store.prepare(
    `SELECT type, content FROM memories WHERE scope = ? AND status = 'active' AND type != 'profile'
     ORDER BY recorded_at DESC, id LIMIT ?`,
  ).all(scope, limit) as { type: MemoryType; content: string }[];
}

/** The active memories of `scope` that cite files (`attributes.anchors`). */
export function anchoredMemories(store: Store, scope: string): MemoryRecord[] {
  return (store.prepare(
    `SELECT ${MEMORY_SELECT} FROM memories m
     WHERE m.scope = ? AND m.status = 'active' AND json_type(m.attributes, '$.anchors') = 'array'`,
  ).all(scope) as Record<string, unknown>[]).map(decodeMemoryRow);
}

/**
 * Rules written twice: active memories of one scope, type and text that each derive from
 * episodes (two keepers of a team strand distilling the same episodes before either saw the
 * other's rule). Each group's first id (the one every device keeps), then the others.
 */
export function duplicateRules(store: Store): { keep: string; duplicates: string[] }[] {
  const rows = store.prepare(
    `SELECT m.id AS id, m.scope || char(0) || m.type || char(0) || m.content_hash AS key
     FROM (SELECT content_hash, scope, type FROM memories WHERE status = 'active'
           GROUP BY content_hash, scope, type HAVING count(*) > 1) d
     JOIN memories m ON m.content_hash = d.content_hash AND m.scope = d.scope
       AND m.type = d.type AND m.status = 'active'
     WHERE EXISTS (SELECT 1 FROM edges e WHERE e.from_id = m.id AND e.relation = 'derives'
                   AND e.status = 'active')
     ORDER BY key, m.id`,
  ).all() as { id: string; key: string }[];
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.key, [...(groups.get(row.key) ?? []), row.id]);
  return [...groups.values()].filter((ids) => ids.length > 1).map(([keep, ...duplicates]) => ({
    keep: keep!,
    duplicates,
  }));
}

/** The memories `id` derives from (its active `derives` edges' ends). */
export function derivedFrom(store: Store, id: string): string[] {
  return (store.prepare(
    `SELECT to_id AS id FROM edges WHERE from_id = ? AND relation = 'derives' AND status = 'active'
     ORDER BY to_id`,
  ).all(id) as { id: string }[]).map((row) => row.id);
}
