/**
 * The state hash: SHA-256 over the canonical form of every logical row (memories, edges,
 * provenance, sessions, conflicts) in key order, as `store/queries/ops_state.ts` reads them.
 * Physical details (row ids, cache counters, vectors) are left out, so two strands with the
 * same ops folded have the same hash on any device.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { stateSections } from "../store/queries/ops_state.ts";
import { canonicalJson, type JsonValue } from "../util/canonical_json.ts";
import { sha256Stream } from "../util/hash.ts";

const STATE_VERSION = "helix-state/v1";

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
  for (const section of stateSections(db)) {
    hash.update(`#${section.name}\n`);
    for (const row of section.rows) {
      hash.update(canonicalJson(row as JsonValue));
      hash.update("\n");
    }
  }
  return hash.digest("hex");
}
