/**
 * The logical rows of a strand, section by section, as the state hash reads them: every
 * column of logical state in a fixed order, rows in key order. Physical details (row ids,
 * cache counters, vectors, filter tokens) are left out. The column lists are a pinned format
 * (`helix-state/v1`): changing one changes every strand's hash.
 *
 * @module
 */
import type { DatabaseSync, SQLOutputValue } from "node:sqlite";
import { rowArrays } from "../sqlite.ts";

/** Memory columns that make up logical state, in hashing order. */
const MEMORY_STATE_COLUMNS = [
  "id",
  "type",
  "cognitive",
  "content",
  "content_hash",
  "scope",
  "status",
  "importance",
  "confidence",
  "tags",
  "attributes",
  "valid_from",
  "valid_to",
  "recorded_at",
  "event_at",
  "event_end",
  "event_phrase",
  "last_access_at",
  "access_count",
  "ef",
  "half_life_ms",
  "created_op",
  "head_op",
  "updated_hlc",
];

/** Sections in hashing order; a name ending in `?` is skipped while its table is empty. */
const SECTIONS: ReadonlyArray<[name: string, sql: string]> = [
  ["memories", `SELECT ${MEMORY_STATE_COLUMNS.join(", ")} FROM memories ORDER BY id`],
  [
    "edges",
    "SELECT id, from_id, to_id, relation, weight, status, created_at, created_op, head_op FROM edges ORDER BY id",
  ],
  [
    "provenance",
    "SELECT subject, op, origin, agent, ref, extractor, model, at FROM provenance ORDER BY subject, op",
  ],
  ["sessions", "SELECT id, project, client, started_at, ended_at, op FROM sessions ORDER BY id"],
  // Hashed only when there are any, so strands that never merged keep their earlier hash.
  [
    "conflicts?",
    "SELECT memory, op, kind, field, other, resolved_op FROM conflicts ORDER BY memory, op, field",
  ],
];

/** One section of logical state: its name and its rows as arrays of column values. */
export interface StateSection {
  readonly name: string;
  /** Streamed: read it before asking for the next section. */
  readonly rows: Iterable<SQLOutputValue[]>;
}

/** The sections of `db`'s logical state, in hashing order (empty optional ones left out). */
export function* stateSections(db: DatabaseSync): Generator<StateSection> {
  for (const [section, sql] of SECTIONS) {
    const optional = section.endsWith("?");
    const name = optional ? section.slice(0, -1) : section;
    if (optional && !db.prepare(`SELECT 1 FROM ${name} LIMIT 1`).get()) continue;
    yield { name, rows: rowArrays(db.prepare(sql)) };
  }
}
