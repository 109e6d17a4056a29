/**
 * The row changes that make the live folded tables equal to a scratch strand's, read without
 * writing anything, and each filed under the subject it belongs to (a memory id, an edge id,
 * `session:<id>`), with the links between subjects a row makes (an edge and its ends, a
 * conflict and the memory it names). A merge reads them outside the write lock and applies
 * them subject group by subject group in short transactions (`table_sync.ts`).
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { diffRows, type Row, sameValue } from "./row_diff.ts";

/** The folded tables other than `memories`, with their keys. */
export const FOLDED_TABLES: ReadonlyArray<{ name: string; key: readonly string[] }> = [
  { name: "edges", key: ["id"] },
  { name: "provenance", key: ["subject", "op"] },
  { name: "sessions", key: ["id"] },
  { name: "memory_heads", key: ["memory", "op"] },
  { name: "conflicts", key: ["memory", "op", "field"] },
];

/** Memory columns the full-text triggers watch: written only when one of them changes. */
export const FTS_COLUMNS: ReadonlySet<string> = new Set(["content", "tags", "fts_key"]);

/** One row to write: `row` is the new row (insert, update) or the old one's key (remove). */
export interface RowChange {
  /** `memories`, or one of {@linkcode FOLDED_TABLES}. */
  readonly table: string;
  readonly kind: "insert" | "update" | "remove";
  readonly row: Row;
  /** For a memory update: whether a column the full-text index watches changed. */
  readonly fts?: boolean;
}

/** The changes, by subject, and the subjects a changed row ties together. */
export interface FoldedDiff {
  /** Changes of each subject, in the order they are found. */
  readonly bySubject: ReadonlyMap<string, readonly RowChange[]>;
  /** Pairs of subjects one row ties: a changed edge and its ends, a fact conflict and the memory it names. */
  readonly links: readonly (readonly [string, string])[];
  /** The memory columns, `id` first, as memory rows carry them. */
  readonly memoryColumns: readonly string[];
}

/** Reads the changes that would make `live`'s folded tables equal to `scratch`'s. */
export function diffFoldedTables(live: DatabaseSync, scratch: DatabaseSync): FoldedDiff {
  const bySubject = new Map<string, RowChange[]>();
  const links: [string, string][] = [];
  const file = (subject: string, change: RowChange) => {
    const list = bySubject.get(subject);
    if (list) list.push(change);
    else bySubject.set(subject, [change]);
  };

  const columns = columnsOf(live, "memories").filter((c) => c !== "rid" && c !== "rev");
  const keyed = ["id", ...columns.filter((c) => c !== "id")];
  const select = `SELECT ${keyed.join(", ")} FROM memories ORDER BY id`;
  diffRows(live.prepare(select), scratch.prepare(select), 1, {
    insert: (row) => file(String(row[0]), { table: "memories", kind: "insert", row }),
    update: (before, row) =>
      file(String(row[0]), {
        table: "memories",
        kind: "update",
        row,
        fts: keyed.some((c, i) => FTS_COLUMNS.has(c) && !sameValue(before[i], row[i])),
      }),
    remove: (before) =>
      file(String(before[0]), { table: "memories", kind: "remove", row: before.slice(0, 1) }),
  });

  for (const { name, key } of FOLDED_TABLES) {
    const ordered = orderedColumns(live, name, key);
    const sql = `SELECT ${ordered.join(", ")} FROM ${name} ORDER BY ${key.join(", ")}`;
    const at = (column: string) => ordered.indexOf(column);
    const subjectOf = (row: Row) => {
      switch (name) {
        case "provenance":
          return String(row[at("subject")]);
        case "sessions":
          return `session:${row[at("id")]}`;
        case "memory_heads":
        case "conflicts":
          return String(row[at("memory")]);
        default:
          return String(row[at("id")]);
      }
    };
    const linkOf = (row: Row) => {
      if (name === "edges") {
        links.push([String(row[at("id")]), String(row[at("from_id")])]);
        links.push([String(row[at("id")]), String(row[at("to_id")])]);
      } else if (name === "conflicts" && row[at("kind")] === "fact") {
        links.push([String(row[at("memory")]), String(row[at("field")])]);
      }
    };
    diffRows(live.prepare(sql), scratch.prepare(sql), key.length, {
      insert: (row) => {
        file(subjectOf(row), { table: name, kind: "insert", row });
        linkOf(row);
      },
      update: (before, row) => {
        file(subjectOf(row), { table: name, kind: "update", row });
        linkOf(before);
        linkOf(row);
      },
      remove: (before) => {
        file(subjectOf(before), { table: name, kind: "remove", row: before });
        linkOf(before);
      },
    });
  }
  return { bySubject, links, memoryColumns: keyed };
}

/** The columns of `table`, its key first. */
export function orderedColumns(db: DatabaseSync, table: string, key: readonly string[]): string[] {
  const columns = columnsOf(db, table);
  return [...key, ...columns.filter((c) => !key.includes(c))];
}

function columnsOf(db: DatabaseSync, table: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info(?) ORDER BY cid`).all(table) as {
    name: string;
  }[]).map((c) => c.name);
}
