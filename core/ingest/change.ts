/**
 * Change statements: the stored memories a write says no longer hold, whatever its sentence
 * shape ("we moved billing from Postgres to SQLite", "billing no longer uses Postgres",
 * "Postgres was replaced by SQLite", "billing is on SQLite now"). The reading is the compare
 * service's ({@linkcode change}); this picks the neighbours it replaces.
 *
 * @module
 */
import { change } from "../compare/statements.ts";
import type { Neighbour } from "../store/neighbours.ts";

/** A neighbour a write replaces, and what changed, for the decision's reason. */
export interface Replaced {
  readonly id: string;
  readonly reason: string;
}

/**
 * The active neighbours `content` changes.
 *
 * @example Usage
 * ```ts
 * import { changesOf } from "./change.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const pg = { id: "mem_pg", type: "decision" as const, status: "active" as const, content: "Billing uses Postgres." };
 * deepEqual(changesOf("We moved billing from Postgres to SQLite.", [pg]).map((r) => r.id), ["mem_pg"]);
 * deepEqual(changesOf("Billing uses SQLite.", [pg]), []);
 * ```
 */
export function changesOf(content: string, neighbours: readonly Neighbour[]): Replaced[] {
  return neighbours.flatMap((n) => {
    const found = n.status === "active" ? change(content, n.content) : null;
    if (!found) return [];
    const to = found.to ? ` → ${found.to}` : "";
    const what = found.attribute === "statement"
      ? n.id
      : `the ${found.attribute} of ${n.id}: ${found.from}${to}`;
    return [{ id: n.id, reason: what }];
  });
}
