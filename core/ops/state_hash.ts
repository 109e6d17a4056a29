/**
 * The state hash: SHA-256 over the canonical form of every logical row (memories, edges,
 * provenance) in id order. Physical details (row ids, cache counters, vectors) are left out,
 * so two strands with the same ops folded have the same hash on any device.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { rowArrays } from "../store/sqlite.ts";
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import { sha256Stream } from "../util/hash.ts";

const STATE_VERSION = "helix-state/v1";

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

/**
 * Hex SHA-256 of the strand's logical state.
 *
 * @example Usage
 * ```ts
 * import { openStrandFile } from "../store/meta.ts";
 * import { stateHash } from "./state_hash.ts";
 * import { equal } from "node:assert/strict";
 *
 * const { db } = openStrandFile(":memory:", { embeddingModel: "m", embeddingDimension: 8, now: 0 });
 * equal(stateHash(db), stateHash(db));
 * equal(stateHash(db).length, 64);
 * db.close();
 * ```
 */
export function stateHash(db: DatabaseSync): string {
  const hash = sha256Stream();
  hash.update(`${STATE_VERSION}\n`);
  for (const [section, sql] of SECTIONS) {
    const optional = section.endsWith("?");
    const name = optional ? section.slice(0, -1) : section;
    if (optional && !db.prepare(`SELECT 1 FROM ${name} LIMIT 1`).get()) continue;
    hash.update(`#${name}\n`);
    for (const row of rowArrays(db.prepare(sql))) {
      hash.update(canonicalJson(row as JsonValue));
      hash.update("\n");
    }
  }
  return hash.digest("hex");
}
