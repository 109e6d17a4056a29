/**
 * Loads the quality dataset into an engine: memories in the order and at the times they were
 * learned, supersessions through the write path, then the remaining edges. Leaves the clock at
 * {@linkcode TODAY}.
 *
 * @module
 */
import type { Engine, fixedClock } from "../../core/mod.ts";
import { BASE_DATE, edges, memories } from "./dataset.ts";

/** The instant every quality query is asked at. */
export const TODAY = Date.UTC(2026, 10, 22, 12);

/**
 * Writes the dataset; returns dataset key → memory id. `handEdges: false` leaves out the
 * dataset's hand-made edges (supersessions still go through the write path), so the graph holds
 * only what the write path linked on its own, as it would for a user.
 */
export async function load(
  engine: Engine,
  clock: ReturnType<typeof fixedClock>,
  options: { handEdges?: boolean } = {},
): Promise<Map<string, string>> {
  const idOf = new Map<string, string>();
  const dated = memories.map((m, index) => ({
    m,
    index,
    at: Date.parse(`${m.validFrom ?? BASE_DATE}T12:00:00Z`),
  }))
    .sort((a, b) => a.at - b.at || a.index - b.index);
  for (const { m, at } of dated) {
    clock.set(at);
    const result = await engine.write({
      content: m.content,
      type: m.type,
      scope: m.scope,
      ...(m.tags ? { tags: m.tags } : {}),
      ...(m.importance !== undefined ? { importance: m.importance } : {}),
      validFrom: at,
      ...(m.eventAt ? { eventAt: m.eventAt } : {}),
      ...(m.attributes ? { attributes: m.attributes as Record<string, never> } : {}),
      ...(m.supersedes ? { supersedes: [idOf.get(m.supersedes)!] } : {}),
      source: {
        origin: m.type === "identity" || m.type === "preference"
          ? "user-asserted"
          : "agent-ingested",
      },
    });
    idOf.set(m.key, result.id);
  }
  for (const edge of options.handEdges === false ? [] : edges) {
    if (edge.relation === "supersedes") continue; // written by the supersedes field
    engine.relate({
      from: idOf.get(edge.from)!,
      to: idOf.get(edge.to)!,
      relation: edge.relation,
      ...(edge.weight !== undefined ? { weight: edge.weight } : {}),
    });
  }
  clock.set(TODAY);
  // The words memories share, for the learned channel (`--on learned`); counted on demand.
  await engine.sleep({ only: "associate" });
  return idOf;
}
