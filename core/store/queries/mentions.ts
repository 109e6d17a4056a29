/**
 * The queries of entity mentions (`ingest/mentions.ts`, the lifecycle's `link` job): the
 * active memories whose words hold a name (FTS5 phrase, checked by the caller against the
 * text), which `mentions` edges exist already, and the `link` job's cursor. The active entity
 * memories themselves are kept in memory (`entity_heads.ts`).
 *
 * @module
 */
import { quote } from "../keyword_terms.ts";
import { IN_LIST } from "../prepare.ts";
import type { Store } from "../store.ts";

/** A memory as mention linking reads it. */
export interface MentionRow {
  readonly id: string;
  readonly scope: string;
  readonly content: string;
}

/**
 * Active memories whose content holds the words of `name` in a row (FTS5 phrase; the
 * tokenizer splits `auth-svc` into `auth svc`), best match first, at most `limit`.
 */
export function memoriesWithPhrase(
  store: Pick<Store, "prepare">,
  name: string,
  limit: number,
): MentionRow[] {
  const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return [];
  return store.prepare(
    `SELECT m.id AS id, m.scope AS scope, m.content AS content
     FROM memories_fts f JOIN memories m ON m.rid = f.rowid
     WHERE memories_fts MATCH ? AND m.status = 'active'
     ORDER BY f.rank LIMIT ?`,
  ).all(`{content} : ${quote(words.join(" "))}`, limit) as unknown as MentionRow[];
}

/** The ids among `ids` of edges that exist, whatever their status. */
export function existingEdgeIds(
  store: Pick<Store, "prepare">,
  ids: readonly string[],
): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = store.prepare(`SELECT id FROM edges WHERE id IN ${IN_LIST}`)
    .all(JSON.stringify(ids)) as { id: string }[];
  return new Set(rows.map((r) => r.id));
}

/** The `counters` cursor of mention linking: the highest row id the `link` job has read. */
const CURSOR = "mentions_rid";

/** The row id the `link` job read up to (0 before its first run on this strand file). */
export function mentionCursor(store: Pick<Store, "prepare">): number {
  const row = store.prepare("SELECT value FROM counters WHERE name = ?").get(CURSOR) as
    | { value: number }
    | undefined;
  return row?.value ?? 0;
}

/** Moves the cursor of the `link` job (a local mark, like the worker's others). */
export function setMentionCursor(store: Pick<Store, "prepare">, rid: number): void {
  store.prepare(
    `INSERT INTO counters (name, value) VALUES (?, ?)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
  ).run(CURSOR, rid);
}

/** Active memories with a row id above `rid`, oldest first, at most `limit`, with their row ids. */
export function activeMemoriesAfter(
  store: Pick<Store, "prepare">,
  rid: number,
  limit: number,
): Array<MentionRow & { rid: number; type: string }> {
  return store.prepare(
    `SELECT rid, id, scope, type, content FROM memories
     WHERE rid > ? AND status = 'active' ORDER BY rid LIMIT ?`,
  ).all(rid, limit) as unknown as Array<MentionRow & { rid: number; type: string }>;
}

/** The highest row id of the strand (0 when empty). */
export function highestRid(store: Pick<Store, "prepare">): number {
  return (store.prepare("SELECT max(rid) AS n FROM memories").get() as { n: number | null }).n ?? 0;
}
