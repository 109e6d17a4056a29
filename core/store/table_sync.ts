/**
 * Making the live folded tables equal to a scratch strand's, writing only the rows that
 * differ: what a refold by difference (`ops/refold_changed.ts`) does after folding the whole
 * log into the scratch strand. Unchanged memories keep their row ids, so their vectors stay
 * put; a changed one gets new exact tokens, and its full-text entry follows by trigger.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { diffRows, type Row, sameValue } from "./row_diff.ts";
import type { Store } from "./store.ts";

/** What making the tables equal wrote. */
export interface TableChanges {
  /** Memories that were not here before. */
  readonly added: number;
  /** Memories whose row changed. */
  readonly changed: number;
  /** Memories that are gone. */
  readonly removed: number;
  /** Rows of the other folded tables (edges, provenance…) inserted, updated or deleted. */
  readonly rows: number;
}

/** The folded tables other than `memories`, with their keys. */
const TABLES: ReadonlyArray<{ name: string; key: readonly string[] }> = [
  { name: "edges", key: ["id"] },
  { name: "provenance", key: ["subject", "op"] },
  { name: "sessions", key: ["id"] },
  { name: "memory_heads", key: ["memory", "op"] },
  { name: "conflicts", key: ["memory", "op", "field"] },
];

/** Memory columns the full-text triggers watch: written only when one of them changes. */
const FTS_COLUMNS = new Set(["content", "tags", "fts_key"]);

/**
 * Makes the live folded tables equal to those of `scratch`, inside the caller's write
 * transaction; changed memory rows carry `rev`. Memories gone from scratch are purged last,
 * once no edge names them.
 */
export function syncFoldedTables(store: Store, scratch: DatabaseSync, rev: number): TableChanges {
  const memories = syncMemories(store, scratch, rev);
  let rows = 0;
  for (const table of TABLES) rows += syncTable(store, scratch, table.name, table.key);
  if (memories.removed.length > 0) store.purgeMemories(memories.removed);
  return { ...memories, removed: memories.removed.length, rows };
}

/**
 * Inserts and updates memories to match `scratch`; returns the ids of memories to remove
 * (removed last, once no edge names them).
 */
function syncMemories(
  store: Store,
  scratch: DatabaseSync,
  rev: number,
): { added: number; changed: number; removed: string[] } {
  const columns = columnsOf(store.db, "memories").filter((c) => c !== "rid" && c !== "rev");
  const keyed = ["id", ...columns.filter((c) => c !== "id")];
  const select = `SELECT ${keyed.join(", ")} FROM memories ORDER BY id`;
  const inserts: Row[] = [];
  const updates: Array<{ row: Row; fts: boolean }> = [];
  const removed: string[] = [];
  diffRows(store.db.prepare(select), scratch.prepare(select), 1, {
    insert: (row) => inserts.push(row),
    update: (before, row) =>
      updates.push({
        row,
        fts: keyed.some((c, i) => FTS_COLUMNS.has(c) && !sameValue(before[i], row[i])),
      }),
    remove: (before) => removed.push(String(before[0])),
  });

  const contentAt = keyed.indexOf("content");
  const insert = store.prepare(
    `INSERT INTO memories (${keyed.join(", ")}, rev) VALUES (${
      keyed.map(() => "?").join(", ")
    }, ?)`,
  );
  for (const row of inserts) {
    const rid = Number(insert.run(...row, rev).lastInsertRowid);
    store.replaceTokens(rid, String(row[contentAt]));
  }
  const plain = keyed.slice(1).filter((c) => !FTS_COLUMNS.has(c));
  const updatePlain = store.prepare(
    `UPDATE memories SET ${plain.map((c) => `${c} = ?`).join(", ")}, rev = ? WHERE id = ?`,
  );
  const indexed = keyed.filter((c) => FTS_COLUMNS.has(c));
  const updateIndexed = store.prepare(
    `UPDATE memories SET ${indexed.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`,
  );
  const plainAt = plain.map((c) => keyed.indexOf(c));
  const indexedAt = indexed.map((c) => keyed.indexOf(c));
  for (const { row, fts } of updates) {
    const id = row[0]!;
    updatePlain.run(...plainAt.map((i) => row[i]!), rev, id);
    if (!fts) continue;
    updateIndexed.run(...indexedAt.map((i) => row[i]!), id);
    const rid = store.ridOf(String(id))!;
    store.replaceTokens(rid, String(row[contentAt]));
  }
  return { added: inserts.length, changed: updates.length, removed };
}

/** Makes the live `table` equal to scratch's; returns the rows written. */
function syncTable(
  store: Store,
  scratch: DatabaseSync,
  table: string,
  key: readonly string[],
): number {
  const columns = columnsOf(store.db, table);
  const rest = columns.filter((c) => !key.includes(c));
  const ordered = [...key, ...rest];
  const select = `SELECT ${ordered.join(", ")} FROM ${table} ORDER BY ${key.join(", ")}`;
  const inserts: Row[] = [];
  const updates: Row[] = [];
  const removes: Row[] = [];
  diffRows(store.db.prepare(select), scratch.prepare(select), key.length, {
    insert: (row) => inserts.push(row),
    update: (_, row) => updates.push(row),
    remove: (before) => removes.push(before),
  });
  const where = key.map((c) => `${c} = ?`).join(" AND ");
  const remove = store.prepare(`DELETE FROM ${table} WHERE ${where}`);
  for (const row of removes) remove.run(...row.slice(0, key.length));
  if (updates.length > 0) { // never for a table that is all key (memory_heads)
    const update = store.prepare(
      `UPDATE ${table} SET ${rest.map((c) => `${c} = ?`).join(", ")} WHERE ${where}`,
    );
    for (const row of updates) update.run(...row.slice(key.length), ...row.slice(0, key.length));
  }
  const insert = store.prepare(
    `INSERT INTO ${table} (${ordered.join(", ")}) VALUES (${ordered.map(() => "?").join(", ")})`,
  );
  for (const row of inserts) insert.run(...row);
  return removes.length + updates.length + inserts.length;
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).all(table) as {
    name: string;
  }[]).map((c) => c.name);
}
