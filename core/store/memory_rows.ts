/**
 * Memory rows: inserting, updating and reading `memories`, with the exact-token entries that
 * follow a memory's content (the full-text entries follow by trigger).
 *
 * @module
 */
import { indexTokens } from "./retokenize.ts";
import { IN_LIST, type Prepare } from "./prepare.ts";
import {
  decodeMemoryRow,
  encodeField,
  MEMORY_COLUMNS,
  MEMORY_SELECT,
  type MemoryFields,
  type MemoryRecord,
} from "./records.ts";

/** Access to the `memories` table. */
export interface MemoryRows {
  insertMemory(record: Omit<MemoryRecord, "rid">, rev: number): number;
  updateMemory(id: string, fields: MemoryFields, rev: number): void;
  memoryById(id: string): MemoryRecord | undefined;
  /** Row id of a memory, if it exists. */
  ridOf(id: string): number | undefined;
  memoriesByRid(rids: readonly number[]): MemoryRecord[];
  memoriesById(ids: readonly string[]): MemoryRecord[];
  replaceTokens(rid: number, content: string): void;
}

const FIELDS = Object.keys(MEMORY_COLUMNS) as (keyof typeof MEMORY_COLUMNS)[];
const INSERT_SQL = `INSERT INTO memories (${FIELDS.map((f) => MEMORY_COLUMNS[f]).join(", ")}, rev)
  VALUES (${FIELDS.map(() => "?").join(", ")}, ?)`;
const INSERT_TOKEN_SQL = "INSERT OR IGNORE INTO memory_tokens (token, rid) VALUES (?, ?)";

/** {@linkcode MemoryRows} over `prepare`; `withTokens` keeps `memory_tokens` up to date. */
export function memoryRows(prepare: Prepare, withTokens: boolean): MemoryRows {
  return {
    insertMemory(record, rev) {
      const values = FIELDS.map((field) => encodeField(field, record[field]));
      const rid = Number(prepare(INSERT_SQL).run(...values, rev).lastInsertRowid);
      if (!withTokens) return rid;
      const insert = prepare(INSERT_TOKEN_SQL);
      for (const token of indexTokens(record.content)) insert.run(token, rid);
      return rid;
    },

    updateMemory(id, fields, rev) {
      const keys = (Object.keys(fields) as (keyof MemoryFields)[]).filter((k) =>
        fields[k] !== undefined
      );
      if (keys.length === 0) return;
      const sql = `UPDATE memories SET ${
        keys.map((k) => `${MEMORY_COLUMNS[k]} = ?`).join(", ")
      }, rev = ? WHERE id = ?`;
      prepare(sql).run(...keys.map((k) => encodeField(k, fields[k])), rev, id);
    },

    memoryById(id) {
      const row = prepare(`SELECT ${MEMORY_SELECT} FROM memories m WHERE m.id = ?`).get(id);
      return row ? decodeMemoryRow(row) : undefined;
    },

    ridOf(id) {
      const row = prepare("SELECT rid FROM memories WHERE id = ?").get(id) as
        | { rid: number }
        | undefined;
      return row?.rid;
    },

    memoriesByRid(rids) {
      if (rids.length === 0) return [];
      return prepare(`SELECT ${MEMORY_SELECT} FROM memories m WHERE m.rid IN ${IN_LIST}`)
        .all(JSON.stringify(rids)).map(decodeMemoryRow);
    },

    memoriesById(ids) {
      if (ids.length === 0) return [];
      return prepare(`SELECT ${MEMORY_SELECT} FROM memories m WHERE m.id IN ${IN_LIST}`)
        .all(JSON.stringify(ids)).map(decodeMemoryRow);
    },

    replaceTokens(rid, content) {
      if (!withTokens) return;
      prepare("DELETE FROM memory_tokens WHERE rid = ?").run(rid);
      const insert = prepare(INSERT_TOKEN_SQL);
      for (const token of indexTokens(content)) insert.run(token, rid);
    },
  };
}
