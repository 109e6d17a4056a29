/**
 * Named queries of the lifecycle worker's profiles: the scopes that may have one, the memories
 * a static or dynamic profile summarises, and the profiles the worker wrote.
 *
 * @module
 */
import type { MemoryType } from "../../model/types.ts";
import type { Store } from "../store.ts";

/** A memory a profile is made from. */
export interface ProfileItemRow {
  readonly id: string;
  readonly type: MemoryType;
  readonly content: string;
}

/** Scopes with active memories (profiles and sessions aside), in order. */
export function scopesWithActiveMemories(store: Store): string[] {
  return (store.prepare(
    `SELECT DISTINCT scope FROM memories
     WHERE status = 'active' AND type != 'profile' AND scope NOT LIKE 'session:%' ORDER BY scope`,
  ).all() as { scope: string }[]).map((r) => r.scope);
}

/** The `limit` most important current identity and preference memories of `scope`. */
export function identityItems(store: Store, scope: string, limit: number): ProfileItemRow[] {
  return store.prepare(
    `SELECT id, type, content FROM memories
     WHERE scope = ? AND status = 'active' AND type IN ('identity', 'preference')
       AND confidence >= 0.5 AND valid_to IS NULL
     ORDER BY importance DESC, confidence DESC, recorded_at DESC, id LIMIT ?`,
  ).all(scope, limit) as unknown as ProfileItemRow[];
}

/** Up to `limit` active memories of `scope` (profiles aside) recorded or used since `since`, newest first. */
export function recentItems(
  store: Store,
  scope: string,
  since: number,
  limit: number,
): ProfileItemRow[] {
  return store.prepare(
    `SELECT id, type, content FROM memories
     WHERE scope = ? AND status = 'active' AND type != 'profile'
       AND (recorded_at >= ? OR last_access_at >= ?)
     ORDER BY max(recorded_at, last_access_at) DESC, id LIMIT ?`,
  ).all(scope, since, since, limit) as unknown as ProfileItemRow[];
}

/** Id of the active worker-written profile of `scope` and `kind`, if any. */
export function activeProfileId(store: Store, scope: string, kind: string): string | null {
  const row = store.prepare(
    `SELECT id FROM memories WHERE type = 'profile' AND scope = ? AND status = 'active'
     AND json_extract(attributes, '$.profile') = ? ORDER BY id LIMIT 1`,
  ).get(scope, kind) as { id: string } | undefined;
  return row?.id ?? null;
}

/** Every active worker-written profile, in id order. */
export function activeProfiles(store: Store): { id: string; scope: string; kind: string }[] {
  return store.prepare(
    `SELECT id, scope, json_extract(attributes, '$.profile') AS kind FROM memories
     WHERE type = 'profile' AND status = 'active' AND json_extract(attributes, '$.profile') IS NOT NULL
     ORDER BY id`,
  ).all() as { id: string; scope: string; kind: string }[];
}
