/**
 * The context pack an agent loads at the start of a session or a task switch: profile
 * (the scopes' profiles, then identity and preferences they do not summarise) first, then
 * conventions and procedures, then what is relevant to the query (or, without one, the most
 * salient decisions, facts and recent episodes) — `sections.ts`. Packed greedily under a
 * token budget counted with the real tokenizer; each section has a quota whose unused part
 * flows to the next (`place.ts`). A memory with an open contradiction names the one that says
 * otherwise on its line. The same state, request and clock give the same bytes, so prompt
 * caches hit.
 *
 * @module
 */
import { iso, type MemoryRecord, publicMemory } from "../store/records.ts";
import { fuseRanked } from "../util/fuse_ranked.ts";
import { tokenCounter, TOKENIZER } from "../text/tokens.ts";
import { sha256Hex } from "../util/hash.ts";
import type { ContextPack, ContextPart, ContextRequest, ContextSection } from "./context_types.ts";
import type { RecallDeps } from "./deps.ts";
import { placeSections } from "./place.ts";
import { contestedBy } from "./contested.ts";
import { sectionCandidates } from "./sections.ts";

/** What {@linkcode buildContext} needs: the tables, and a search for the relevant section. */
export type ContextDeps = Pick<RecallDeps, "store" | "search">;

/** This strand's candidates for the pack of `request`, with their provenance. */
export async function contextPart(
  deps: ContextDeps,
  request: ContextRequest,
): Promise<ContextPart> {
  const sections = await sectionCandidates(deps, request);
  const ids = sections.flatMap(([, records]) => records.map((r) => r.id));
  return { sections, provenance: deps.store.provenanceOf(ids) };
}

/**
 * Builds the pack; with `others` (other strands' parts), each section's candidates are this
 * strand's and theirs fused by reciprocal rank, each keeping its own order.
 */
export async function buildContext(
  deps: ContextDeps,
  request: ContextRequest,
  others: readonly ContextPart[] = [],
): Promise<ContextPack> {
  const count = await tokenCounter();
  const { budgetTokens, visibility } = request;
  const header = `# Helix memory · ${request.label} · ${iso(visibility.at).slice(0, 10)}`;
  const own = await sectionCandidates(deps, request);
  const sections = others.length === 0 ? own : own.map(([section, records]) =>
    [
      section,
      fuseRanked([
        records,
        ...others.map((part) => part.sections.find(([s]) => s === section)?.[1] ?? []),
      ], (r) => r.id),
    ] as [ContextSection, MemoryRecord[]]
  );
  const labels = new Map(others.flatMap((part) => [...part.labels ?? []]));
  // A contested memory says so on its line, as in search (`contested.ts`).
  const candidates = own.flatMap(([, records]) => records.map((r) => r.id));
  for (const [id, rivals] of contestedBy(deps.store, candidates, visibility)) {
    const flag = `open flag: ${rivals.join(", ")} says otherwise`;
    labels.set(id, labels.has(id) ? `${labels.get(id)}, ${flag}` : flag);
  }
  const { text, tokens, items, cut, placed } = placeSections(
    header,
    sections,
    budgetTokens,
    count,
    labels,
  );
  const provenance = deps.store.provenanceOf(placed.map((r) => r.id));
  for (const part of others) {
    for (const r of placed) {
      const theirs = part.provenance.get(r.id);
      if (theirs && !provenance.has(r.id)) provenance.set(r.id, [...theirs]);
    }
  }
  return {
    text,
    tokens,
    budgetTokens,
    tokenizer: TOKENIZER,
    items,
    cut,
    memories: placed.map((r) => publicMemory(r, provenance.get(r.id) ?? [])),
    hash: sha256Hex(text),
  };
}
