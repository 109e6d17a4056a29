/**
 * Provenance rows: where each memory and edge came from, one row per op that added a source.
 *
 * @module
 */
import { IN_LIST, type Prepare } from "./prepare.ts";
import { PROVENANCE_SELECT, type ProvenanceRecord } from "./records.ts";

/** Access to the `provenance` table. */
export interface ProvenanceRows {
  insertProvenance(record: ProvenanceRecord): void;
  provenanceOf(subjects: readonly string[]): Map<string, ProvenanceRecord[]>;
}

/** {@linkcode ProvenanceRows} over `prepare`. */
export function provenanceRows(prepare: Prepare): ProvenanceRows {
  return {
    insertProvenance(record) {
      prepare(
        `INSERT OR IGNORE INTO provenance (subject, op, origin, agent, ref, extractor, model, at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
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
  };
}
