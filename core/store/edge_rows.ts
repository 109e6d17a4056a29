/**
 * Edge rows: inserting, updating and reading `edges`.
 *
 * @module
 */
import type { SQLInputValue } from "node:sqlite";
import { IN_LIST, type Prepare } from "./prepare.ts";
import { EDGE_SELECT, type EdgeRecord } from "./records.ts";

/** Access to the `edges` table. */
export interface EdgeRows {
  putEdge(record: EdgeRecord): void;
  updateEdge(id: string, fields: Partial<Pick<EdgeRecord, "weight" | "status" | "headOp">>): void;
  edgeById(id: string): EdgeRecord | undefined;
  /** Active edges touching any of `ids`, in id order. */
  edgesTouching(ids: readonly string[]): EdgeRecord[];
  /** Ids of every edge touching any of `ids`, whatever its status, in id order. */
  edgeIdsTouching(ids: readonly string[]): string[];
}

/** {@linkcode EdgeRows} over `prepare`. */
export function edgeRows(prepare: Prepare): EdgeRows {
  return {
    putEdge(record) {
      prepare(
        `INSERT INTO edges (id, from_id, to_id, relation, weight, status, created_at, created_op, head_op)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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

    edgeIdsTouching: (ids) => edgeIdsTouching(prepare, ids),
  };
}

/** Ids of every edge touching any of `ids`, whatever its status, in id order. */
export function edgeIdsTouching(prepare: Prepare, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  const list = JSON.stringify(ids);
  return (prepare(
    `SELECT id FROM edges WHERE from_id IN ${IN_LIST} OR to_id IN ${IN_LIST} ORDER BY id`,
  ).all(list, list) as { id: string }[]).map((r) => r.id);
}
