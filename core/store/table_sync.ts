/**
 * Making the live folded tables equal to a scratch strand's, writing only the rows that
 * differ (`folded_diff.ts` reads them): what a refold by difference (`ops/refold_changed.ts`)
 * does after folding the whole log into the scratch strand, at once or subject group by group. Unchanged memories keep their row ids, so their vectors stay
 * put; a changed one gets new exact tokens, and its full-text entry follows by trigger.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import {
  diffFoldedTables,
  FOLDED_TABLES,
  FTS_COLUMNS,
  orderedColumns,
  type RowChange,
} from "./folded_diff.ts";
import type { Row } from "./row_diff.ts";
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

/**
 * Makes the live folded tables equal to those of `scratch`, inside the caller's write
 * transaction; changed memory rows carry `rev`.
 */
export function syncFoldedTables(store: Store, scratch: DatabaseSync, rev: number): TableChanges {
  const diff = diffFoldedTables(store.db, scratch);
  return applyRowChanges(store, [...diff.bySubject.values()].flat(), diff.memoryColumns, rev);
}

/**
 * Writes row changes read by {@linkcode diffFoldedTables} (all of them, or those of some
 * subjects), inside the caller's write transaction: memories first (their full-text entries
 * follow by trigger, their exact tokens here), then the other tables (deletes, updates,
 * inserts), and memories that are gone last, once no edge names them. `memoryColumns` are the
 * columns memory rows carry, `id` first; changed memory rows carry `rev`.
 */
export function applyRowChanges(
  store: Store,
  changes: readonly RowChange[],
  memoryColumns: readonly string[],
  rev: number,
): TableChanges {
  const memories = changes.filter((c) => c.table === "memories");
  const written = writeMemories(store, memories, memoryColumns, rev);
  let rows = 0;
  for (const table of FOLDED_TABLES) {
    const own = changes.filter((c) => c.table === table.name);
    if (own.length > 0) rows += writeTable(store, table.name, table.key, own);
  }
  const removed = memories.filter((c) => c.kind === "remove").map((c) => String(c.row[0]));
  if (removed.length > 0) store.purgeMemories(removed);
  return { ...written, removed: removed.length, rows };
}

function writeMemories(
  store: Store,
  changes: readonly RowChange[],
  keyed: readonly string[],
  rev: number,
): { added: number; changed: number } {
  const contentAt = keyed.indexOf("content");
  const insert = store.prepare(
    `INSERT INTO memories (${keyed.join(", ")}, rev) VALUES (${
      keyed.map(() => "?").join(", ")
    }, ?)`,
  );
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
  let added = 0;
  let changed = 0;
  for (const { kind, row, fts } of changes) {
    if (kind === "insert") {
      const rid = Number(insert.run(...row, rev).lastInsertRowid);
      store.replaceTokens(rid, String(row[contentAt]));
      added += 1;
    } else if (kind === "update") {
      const id = row[0]!;
      updatePlain.run(...plainAt.map((i) => row[i]!), rev, id);
      changed += 1;
      if (!fts) continue;
      updateIndexed.run(...indexedAt.map((i) => row[i]!), id);
      store.replaceTokens(store.ridOf(String(id))!, String(row[contentAt]));
    }
  }
  return { added, changed };
}

/** Writes the changes of one table; returns the rows written. */
function writeTable(
  store: Store,
  table: string,
  key: readonly string[],
  changes: readonly RowChange[],
): number {
  const ordered = orderedColumns(store.db, table, key);
  const rest = ordered.slice(key.length);
  const where = key.map((c) => `${c} = ?`).join(" AND ");
  const rows = (kind: RowChange["kind"]): Row[] =>
    changes.filter((c) => c.kind === kind).map((c) => c.row);
  const remove = store.prepare(`DELETE FROM ${table} WHERE ${where}`);
  for (const row of rows("remove")) remove.run(...row.slice(0, key.length));
  const updates = rows("update");
  if (updates.length > 0) { // never for a table that is all key (memory_heads)
    const update = store.prepare(
      `UPDATE ${table} SET ${rest.map((c) => `${c} = ?`).join(", ")} WHERE ${where}`,
    );
    for (const row of updates) update.run(...row.slice(key.length), ...row.slice(0, key.length));
  }
  const insert = store.prepare(
    `INSERT INTO ${table} (${ordered.join(", ")}) VALUES (${ordered.map(() => "?").join(", ")})`,
  );
  for (const row of rows("insert")) insert.run(...row);
  return changes.length;
}
