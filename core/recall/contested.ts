/**
 * Open flags on what recall returns: a hit that contradicts another active memory, or is
 * contradicted by one (an active `contradicts` edge, drawn by consolidation or the sweep and
 * left for a person to settle), carries the other's id. An agent that reads "the rate limit is
 * 500/min" then knows another memory says otherwise, instead of taking one side as settled;
 * `helix flags` shows both values. Only rivals the search could show count (same scopes, not
 * superseded, forgotten or future).
 *
 * @module
 */
import type { Store } from "../store/store.ts";
import { isVisible, type Visibility } from "../store/visibility.ts";

/** Hit id → ids of the visible active memories it has an open contradiction with. */
export function contestedBy(
  store: Pick<Store, "edgesTouching" | "memoriesById">,
  ids: readonly string[],
  visibility: Visibility,
): Map<string, string[]> {
  const edges = store.edgesTouching(ids).filter((e) => e.relation === "contradicts");
  if (edges.length === 0) return new Map();
  const hits = new Set(ids);
  const others = [...new Set(edges.flatMap((e) => [e.from, e.to]))];
  const shown = new Set(
    store.memoriesById(others)
      .filter((r) => r.status === "active" && isVisible(visibility, r))
      .map((r) => r.id),
  );
  const rivals = new Map<string, string[]>();
  const add = (hit: string, other: string) => {
    if (!hits.has(hit) || !shown.has(hit) || !shown.has(other) || hit === other) return;
    const list = rivals.get(hit) ?? [];
    if (!list.includes(other)) rivals.set(hit, [...list, other]);
  };
  for (const e of edges) add(e.from, e.to), add(e.to, e.from);
  return rivals;
}
