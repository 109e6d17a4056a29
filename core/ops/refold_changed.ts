/**
 * Refold by difference: the whole log is folded into a scratch strand, then only the rows
 * that differ are written to the live tables. What a merge does when ops from another device
 * land among ops already folded here.
 *
 * A scratch fold skips the full-text index, the exact tokens and the secondary indexes, so it
 * is several times faster than refolding the live tables (`refoldTables`), and a merge of
 * 10^4 ops into 10^5 memories rewrites the memories the merge changed, not all 10^5 with their
 * index entries. Unchanged memories keep their row ids, so their vectors stay put; a changed
 * one gets new exact tokens, and its full-text entry follows by trigger, and its vector goes
 * stale as after any edit, for backfill to redo.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import { rowArrays } from "../store/sqlite.ts";
import type { Store } from "../store/store.ts";
import { applyOp } from "./fold.ts";
import type { Op } from "./op.ts";
import { openScratchStore } from "./rebuild.ts";

/** What a refold by difference wrote. */
export interface RefoldChanges {
  /** Ops folded. */
  readonly ops: number;
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

/** Row as values in column order. */
type Row = readonly SQLInputValue[];

/**
 * Folds `ops` (the whole log, in canonical order, read from `store`'s log) into a scratch
 * strand and makes the live tables equal to it, inside the caller's write transaction.
 * Throws what the fold throws (an op needing a memory that does not exist: `not_found`);
 * the caller's rollback then leaves the tables as they were.
 *
 * A purge folded here does not scrub the live log: a caller whose new ops sort before a
 * purge refolds with `refoldTables` instead.
 */
export function refoldChanged(store: Store, ops: Iterable<Op>): RefoldChanges {
  const scratch = openScratchStore(store.dimension, store.log);
  try {
    scratch.db.exec("BEGIN");
    let count = 0;
    for (const op of ops) {
      applyOp(scratch, op, 1);
      count += 1;
    }
    scratch.takeRefold(); // a purge's request: this fold is already from scratch
    scratch.db.exec("COMMIT");
    const rev = store.nextRev();
    const memories = syncMemories(store, scratch.db, rev);
    let rows = 0;
    for (const table of TABLES) rows += syncTable(store, scratch.db, table.name, table.key);
    if (memories.removed.length > 0) store.purgeMemories(memories.removed);
    return {
      ops: count,
      added: memories.added,
      changed: memories.changed,
      removed: memories.removed.length,
      rows,
    };
  } finally {
    scratch.db.close();
  }
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

/**
 * Walks two statements ordered by their first `keyLength` columns together (a merge join)
 * and reports each row only in `after` (insert), only in `before` (remove), or in both with
 * different values (update). The rows are collected before any is written, since writing
 * a table while a statement walks it is undefined in SQLite.
 */
function diffRows(
  before: StatementSync,
  after: StatementSync,
  keyLength: number,
  visit: {
    insert(row: Row): void;
    update(before: Row, after: Row): void;
    remove(before: Row): void;
  },
): void {
  const left = (rowArrays(before) as Iterable<Row>)[Symbol.iterator]();
  const right = (rowArrays(after) as Iterable<Row>)[Symbol.iterator]();
  let l = left.next();
  let r = right.next();
  while (!l.done || !r.done) {
    const order = l.done ? 1 : r.done ? -1 : compareKeys(l.value, r.value, keyLength);
    if (order < 0) {
      visit.remove(l.value!);
      l = left.next();
    } else if (order > 0) {
      visit.insert(r.value!);
      r = right.next();
    } else {
      if (!sameRow(l.value!, r.value!)) visit.update(l.value!, r.value!);
      l = left.next();
      r = right.next();
    }
  }
}

/** Orders keys as SQLite's BINARY collation does (UTF-8 bytes, that is, code points). */
function compareKeys(a: Row, b: Row, keyLength: number): number {
  for (let i = 0; i < keyLength; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}

function compareValues(a: SQLInputValue | undefined, b: SQLInputValue | undefined): number {
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b);
  if (typeof a === "number" && typeof b === "number") return a - b;
  return compareCodePoints(String(a), String(b)); // keys are text or numbers
}

function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral code point) sorts above every other UTF-16 unit in UTF-8.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function sameRow(a: Row, b: Row): boolean {
  for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
  return true;
}

function sameValue(a: SQLInputValue | undefined, b: SQLInputValue | undefined): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return a.length === b.length && a.every((byte, i) => byte === b[i]);
  }
  return false;
}
