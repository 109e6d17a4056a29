/**
 * The most salient visible memories of some types, for a context pack without a query:
 * importance × decay first, then confidence, then id.
 *
 * @module
 */
import { salience } from "../model/salience.ts";
import { mostImportantRids, mostRecentRids, scopesInUse } from "../store/queries/recall.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Store } from "../store/store.ts";
import type { Visibility } from "../store/visibility.ts";
import { compareText } from "./order.ts";

/**
 * Up to `want` visible memories of the given types, most salient first (importance × decay,
 * then confidence, then id). Candidates are the most important rows of each visible
 * (scope, status, type) and the most recently recorded ones — each read straight off an index
 * (`memories_visible`, `memories_recent`) and merged inside SQLite — so neither old pivotal
 * facts nor fresh episodes are missed.
 */
export function bySalience(
  store: Store,
  visibility: Visibility,
  now: number,
  want: number,
): MemoryRecord[] {
  const scopes = visibility.scopes === "all" ? scopesInUse(store) : visibility.scopes;
  const important = mostImportantRids(store, visibility, scopes, want);
  const recent = mostRecentRids(store, visibility, scopes, want);
  const rids = new Set([...important, ...recent]);
  return store.memoriesByRid([...rids])
    .map((record) => ({ record, salience: salience(record, now) }))
    .sort((a, b) =>
      b.salience - a.salience || b.record.confidence - a.record.confidence ||
      compareText(a.record.id, b.record.id)
    )
    .slice(0, want)
    .map((entry) => entry.record);
}
