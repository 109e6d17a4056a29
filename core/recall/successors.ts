/**
 * Current beats stale: a superseded memory never ranks above the memory that replaced it,
 * even when its words match the query better ("are we still on Postgres?" matches the
 * Postgres decision better than the SQLite one that replaced it). A found superseded memory
 * brings in its visible successor, at the same relevance, and after scoring it is kept just
 * below every successor; both carry the link in their explanations.
 *
 * @module
 */
import { decayFactor } from "../model/salience.ts";
import type { Store } from "../store/store.ts";
import { isVisible, type Visibility } from "../store/visibility.ts";
import { type Candidate, STATUS_FACTOR } from "./rank.ts";

/** Superseded candidate id → ids of its successors among the candidates. */
export type Successors = ReadonlyMap<string, readonly string[]>;

/** Below a successor: this fraction of its score. */
const BELOW = 0.999;

/**
 * Finds the successors of the superseded candidates (active `supersedes` edges), adds those
 * that are visible but not yet candidates, and returns the pairs.
 */
export function addSuccessors(
  store: Pick<Store, "edgesTouching" | "memoriesById">,
  candidates: Map<number, Candidate>,
  visibility: Visibility,
): Successors {
  const stale = [...candidates.values()].filter((c) => c.record.status === "superseded");
  if (stale.length === 0) return new Map();
  const byId = new Map([...candidates.values()].map((c) => [c.record.id, c]));
  const staleIds = new Set(stale.map((c) => c.record.id));
  const pairs = new Map<string, string[]>();
  for (const edge of store.edgesTouching([...staleIds])) {
    if (edge.relation !== "supersedes" || !staleIds.has(edge.to) || edge.from === edge.to) continue;
    pairs.set(edge.to, [...(pairs.get(edge.to) ?? []), edge.from]);
  }
  const missing = [...new Set([...pairs.values()].flat())].filter((id) => !byId.has(id));
  for (const record of store.memoriesById(missing)) {
    if (!isVisible(visibility, record)) continue;
    const from = [...pairs].find(([, successors]) => successors.includes(record.id))![0];
    const source = byId.get(from)!;
    const candidate: Candidate = {
      record,
      channels: {},
      fused: 0,
      relevance: source.relevance,
      decay: decayFactor(record, visibility.at),
      score: 0,
      normalized: { relevance: 0, recency: 0, importance: 0 },
      modifier: 1,
      statusFactor: STATUS_FACTOR[record.status],
      successorOf: from,
    };
    candidates.set(record.rid, candidate);
    byId.set(record.id, candidate);
  }
  const found = new Map<string, string[]>();
  for (const [id, successors] of pairs) {
    const present = successors.filter((s) => byId.has(s));
    if (present.length) found.set(id, present);
  }
  return found;
}

/** After scoring: every superseded candidate scores just below each of its successors. */
export function keepStaleBelow(candidates: Map<number, Candidate>, successors: Successors): void {
  if (successors.size === 0) return;
  const byId = new Map([...candidates.values()].map((c) => [c.record.id, c]));
  // A chain (v1 → v2 → v3) settles in as many passes as it has links.
  for (let pass = 0; pass <= successors.size; pass++) {
    let moved = false;
    for (const [id, ids] of successors) {
      const stale = byId.get(id)!;
      for (const successorId of ids) {
        const successor = byId.get(successorId)!;
        if (stale.score < successor.score) continue;
        stale.score = successor.score * BELOW;
        stale.belowSuccessor = successorId;
        moved = true;
      }
    }
    if (!moved) return;
  }
}
