/**
 * Table access for one open strand: prepared statements over `memories`, `edges`,
 * `provenance`, `memory_tokens` and the vector tables. The op fold writes through these;
 * queries read through these. Nothing above `ops/` calls the write methods.
 *
 * @module
 */
import type { DatabaseSync, SQLInputValue, StatementSync } from "node:sqlite";
import {
  decodeMemoryRow,
  EDGE_SELECT,
  type EdgeRecord,
  encodeField,
  MEMORY_COLUMNS,
  MEMORY_SELECT,
  type MemoryFields,
  type MemoryRecord,
  PROVENANCE_SELECT,
  type ProvenanceRecord,
} from "./records.ts";
import { exactTokens } from "./exact_tokens.ts";
import { quantizeInt8 } from "./vector_math.ts";

/** Table access for one strand. */
export interface Store {
  /** The underlying connection (for transactions and read queries). */
  readonly db: DatabaseSync;
  /** Vector dimension pinned for the strand. */
  readonly dimension: number;
  /**
   * The connection whose `ops` and `op_refs` hold the log these tables are folded from: `db`
   * itself, or the live strand's for a scratch strand folded from it. The fold reads a
   * memory's earlier ops there to merge a concurrent edit (`ops/concurrency.ts`).
   */
  readonly log: DatabaseSync;
  /**
   * A prepared statement for `sql`, cached for the connection's life (preparing costs ~10 µs
   * a call). For SQL with a fixed number of shapes only: lists go through {@linkcode IN_LIST}.
   */
  prepare(sql: string): StatementSync;
  /** {@linkcode Store.prepare} on {@linkcode Store.log}. */
  prepareLog(sql: string): StatementSync;

  insertMemory(record: Omit<MemoryRecord, "rid">, rev: number): number;
  updateMemory(id: string, fields: MemoryFields, rev: number): void;
  memoryById(id: string): MemoryRecord | undefined;
  /** Row id of a memory, if it exists. */
  ridOf(id: string): number | undefined;
  memoriesByRid(rids: readonly number[]): MemoryRecord[];
  memoriesById(ids: readonly string[]): MemoryRecord[];
  insertProvenance(record: ProvenanceRecord): void;
  provenanceOf(subjects: readonly string[]): Map<string, ProvenanceRecord[]>;
  putEdge(record: EdgeRecord): void;
  updateEdge(id: string, fields: Partial<Pick<EdgeRecord, "weight" | "status" | "headOp">>): void;
  edgeById(id: string): EdgeRecord | undefined;
  /** Active edges touching any of `ids`, in id order. */
  edgesTouching(ids: readonly string[]): EdgeRecord[];
  /** Ids of every edge touching any of `ids`, whatever its status, in id order. */
  edgeIdsTouching(ids: readonly string[]): string[];
  /**
   * Deletes memories for good: their rows, exact tokens, vectors (float and int8), and
   * provenance, plus every edge touching them and the edges' provenance. Then merges the
   * FTS5 index into one segment so no copy of the deleted text stays in an older segment
   * (the connection's `secure_delete` zeroes the freed pages), and bumps the generation so
   * in-process caches reload. Returns how many memories and edges went.
   */
  purgeMemories(ids: readonly string[]): { memories: number; edges: number };
  /**
   * Copies the write-ahead log into the database file and truncates it, so deleted content
   * leaves the `-wal` file too. False when a reader in another process kept it from finishing
   * (it completes at a later checkpoint).
   */
  truncateWal(): boolean;
  replaceTokens(rid: number, content: string): void;
  /** Stores a memory's vector; `fresh` skips the replace for a row created in this transaction. */
  setVector(
    rid: number,
    vector: Float32Array,
    contentHash: string,
    rev: number,
    fresh?: boolean,
  ): void;
  vectorsByRid(rids: readonly number[]): Map<number, Float32Array>;
  /** Bumps and returns the change counter used by caches to find changed rows. */
  nextRev(): number;
  /**
   * Asks the log to refold every table before the transaction commits: the fold of an op
   * made state that an incremental fold cannot take back (a purge of ops that derived it).
   */
  requestRefold(): void;
  /** Whether a refold was asked for since the last call (and clears the request). */
  takeRefold(): boolean;
}

/**
 * SQL for "is in this list": one JSON array parameter, so a single cached statement serves
 * lists of any length (no per-length statements, no bound-parameter limit).
 */
export const IN_LIST = "(SELECT value FROM json_each(?))";

/** Options of {@linkcode createStore}. */
export interface StoreOptions {
  /**
   * Keep `memory_tokens` (the exact-token channel) up to date. Off only for a scratch strand
   * that is folded to compute a state hash. @default {true}
   */
  readonly exactTokens?: boolean;
  /** Where the log folded into these tables lives. @default {db} */
  readonly log?: DatabaseSync;
}

/** Creates table access over an open, migrated strand database. */
export function createStore(
  db: DatabaseSync,
  dimension: number,
  options: StoreOptions = {},
): Store {
  const withTokens = options.exactTokens ?? true;
  const log = options.log ?? db;
  const prepare = cachedPrepare(db);
  const prepareLog = log === db ? prepare : cachedPrepare(log);

  const memoryFields = Object.keys(MEMORY_COLUMNS) as (keyof typeof MEMORY_COLUMNS)[];
  const insertMemorySql = `INSERT INTO memories (${
    memoryFields.map((f) => MEMORY_COLUMNS[f]).join(", ")
  }, rev) VALUES (${memoryFields.map(() => "?").join(", ")}, ?)`;

  let refold = false;
  return {
    db,
    dimension,
    log,
    prepare,
    prepareLog,

    requestRefold() {
      refold = true;
    },

    takeRefold() {
      const asked = refold;
      refold = false;
      return asked;
    },

    insertMemory(record, rev) {
      const values = memoryFields.map((field) => encodeField(field, record[field]));
      const result = prepare(insertMemorySql).run(...values, rev);
      const rid = Number(result.lastInsertRowid);
      if (!withTokens) return rid;
      const insert = prepare("INSERT OR IGNORE INTO memory_tokens (token, rid) VALUES (?, ?)");
      for (const token of exactTokens(record.content)) insert.run(token, rid);
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

    insertProvenance(record) {
      prepare(
        "INSERT OR IGNORE INTO provenance (subject, op, origin, agent, ref, extractor, model, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        record.subject,
        record.op,
        record.origin,
        record.agent,
        record.ref,
        record.extractor,
        record.model,
        record.at,
      );
    },

    provenanceOf(subjects) {
      const out = new Map<string, ProvenanceRecord[]>();
      if (subjects.length === 0) return out;
      const rows = prepare(
        `SELECT ${PROVENANCE_SELECT} FROM provenance p WHERE p.subject IN ${IN_LIST}
         ORDER BY p.subject, p.at, p.op`,
      ).all(JSON.stringify(subjects)) as unknown as ProvenanceRecord[];
      for (const row of rows) {
        const list = out.get(row.subject) ?? [];
        list.push(row);
        out.set(row.subject, list);
      }
      return out;
    },

    putEdge(record) {
      prepare(
        "INSERT INTO edges (id, from_id, to_id, relation, weight, status, created_at, created_op, head_op) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      ).run(
        record.id,
        record.from,
        record.to,
        record.relation,
        record.weight,
        record.status,
        record.createdAt,
        record.createdOp,
        record.headOp,
      );
    },

    updateEdge(id, fields) {
      const sets: string[] = [];
      const values: SQLInputValue[] = [];
      if (fields.weight !== undefined) sets.push("weight = ?"), values.push(fields.weight);
      if (fields.status !== undefined) sets.push("status = ?"), values.push(fields.status);
      if (fields.headOp !== undefined) sets.push("head_op = ?"), values.push(fields.headOp);
      if (sets.length === 0) return;
      prepare(`UPDATE edges SET ${sets.join(", ")} WHERE id = ?`).run(...values, id);
    },

    edgeById(id) {
      return prepare(`SELECT ${EDGE_SELECT} FROM edges e WHERE e.id = ?`).get(id) as
        | EdgeRecord
        | undefined;
    },

    edgesTouching(ids) {
      if (ids.length === 0) return [];
      const list = JSON.stringify(ids);
      return prepare(
        `SELECT ${EDGE_SELECT} FROM edges e
         WHERE e.status = 'active' AND (e.from_id IN ${IN_LIST} OR e.to_id IN ${IN_LIST})
         ORDER BY e.id`,
      ).all(list, list) as unknown as EdgeRecord[];
    },

    edgeIdsTouching(ids) {
      if (ids.length === 0) return [];
      const list = JSON.stringify(ids);
      return (prepare(
        `SELECT id FROM edges WHERE from_id IN ${IN_LIST} OR to_id IN ${IN_LIST} ORDER BY id`,
      ).all(list, list) as { id: string }[]).map((r) => r.id);
    },

    purgeMemories(ids) {
      const list = JSON.stringify(ids);
      const edges = this.edgeIdsTouching(ids);
      const rids = (prepare(`SELECT rid FROM memories WHERE id IN ${IN_LIST}`).all(list) as {
        rid: number;
      }[]).map((r) => r.rid);
      const ridList = JSON.stringify(rids);
      prepare(`DELETE FROM provenance WHERE subject IN ${IN_LIST}`)
        .run(JSON.stringify([...ids, ...edges]));
      prepare(`DELETE FROM edges WHERE id IN ${IN_LIST}`).run(JSON.stringify(edges));
      const deleteVector = prepare("DELETE FROM memory_vectors WHERE rowid = ?");
      for (const rid of rids) deleteVector.run(BigInt(rid));
      prepare(`DELETE FROM vector_state WHERE rid IN ${IN_LIST}`).run(ridList);
      prepare(`DELETE FROM memory_tokens WHERE rid IN ${IN_LIST}`).run(ridList);
      prepare(`DELETE FROM memories WHERE rid IN ${IN_LIST}`).run(ridList); // FTS: by trigger
      prepare(`DELETE FROM memory_heads WHERE memory IN ${IN_LIST}`).run(list);
      prepare(
        `DELETE FROM conflicts WHERE memory IN ${IN_LIST} OR (kind = 'fact' AND field IN ${IN_LIST})`,
      )
        .run(list, list);
      db.exec("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')");
      prepare("UPDATE counters SET value = value + 1 WHERE name = 'generation'").run();
      return { memories: rids.length, edges: edges.length };
    },

    truncateWal() {
      try {
        const row = db.prepare("PRAGMA wal_checkpoint(TRUNCATE)").get() as
          | { busy: number }
          | undefined;
        return (row?.busy ?? 0) === 0;
      } catch {
        return false; // a lock held past the busy timeout: a later checkpoint finishes the job
      }
    },

    replaceTokens(rid, content) {
      if (!withTokens) return;
      prepare("DELETE FROM memory_tokens WHERE rid = ?").run(rid);
      const insert = prepare("INSERT OR IGNORE INTO memory_tokens (token, rid) VALUES (?, ?)");
      for (const token of exactTokens(content)) insert.run(token, rid);
    },

    setVector(rid, vector, contentHash, rev, fresh = false) {
      if (vector.length !== dimension) {
        throw new RangeError(
          `Cannot store vector: length ${vector.length} is not the strand's ${dimension}`,
        );
      }
      const key = BigInt(rid);
      if (!fresh) prepare("DELETE FROM memory_vectors WHERE rowid = ?").run(key);
      prepare("INSERT INTO memory_vectors (rowid, embedding) VALUES (?, ?)").run(key, vector);
      prepare("INSERT OR REPLACE INTO vector_state (rid, content_hash, q8) VALUES (?, ?, ?)")
        .run(rid, contentHash, quantizeInt8(vector));
      // A row created in this transaction already carries this rev.
      if (!fresh) prepare("UPDATE memories SET rev = ? WHERE rid = ?").run(rev, rid);
    },

    vectorsByRid(rids) {
      const out = new Map<number, Float32Array>();
      const statement = prepare("SELECT embedding FROM memory_vectors WHERE rowid = ?");
      for (const rid of rids) {
        const row = statement.get(BigInt(rid)) as { embedding: Uint8Array } | undefined;
        if (row) out.set(rid, bytesToFloats(row.embedding));
      }
      return out;
    },

    nextRev() {
      const row = prepare(
        "UPDATE counters SET value = value + 1 WHERE name = 'rev' RETURNING value",
      )
        .get() as { value: number };
      return row.value;
    },
  };
}

/** `db.prepare`, caching each statement for the connection's life. */
function cachedPrepare(db: DatabaseSync): (sql: string) => StatementSync {
  const statements = new Map<string, StatementSync>();
  return (sql) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      statements.set(sql, statement);
    }
    return statement;
  };
}

/** Views a vec0 float32 blob as floats (copying, so the result is aligned and owned). */
export function bytesToFloats(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
