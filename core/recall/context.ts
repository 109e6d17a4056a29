/**
 * The context pack an agent loads at the start of a session or a task switch: profile
 * (the scopes' profiles, then identity and preferences they do not summarise) first, then
 * conventions and procedures, then what is relevant to the query (or, without one, the most
 * salient decisions, facts and recent episodes) — `sections.ts`. Packed greedily under a
 * token budget counted with the real tokenizer; each section has a quota whose unused part
 * flows to the next (`place.ts`). The same state, request and clock give the same bytes, so
 * prompt caches hit.
 *
 * @module
 */
import { iso, publicMemory } from "../store/records.ts";
import { tokenCounter, TOKENIZER } from "../text/tokens.ts";
import { sha256Hex } from "../util/hash.ts";
import type { ContextPack, ContextRequest } from "./context_types.ts";
import type { RecallDeps } from "./deps.ts";
import { placeSections } from "./place.ts";
import { sectionCandidates } from "./sections.ts";

/** What {@linkcode buildContext} needs: the tables, and a search for the relevant section. */
export type ContextDeps = Pick<RecallDeps, "store" | "search">;

/** Builds the pack. */
export async function buildContext(
  deps: ContextDeps,
  request: ContextRequest,
): Promise<ContextPack> {
  const count = await tokenCounter();
  const { budgetTokens, visibility } = request;
  const header = `# Helix memory · ${request.label} · ${iso(visibility.at).slice(0, 10)}`;
  const sections = await sectionCandidates(deps, request);
  const { text, tokens, items, cut, placed } = placeSections(header, sections, budgetTokens, count);
  const provenance = deps.store.provenanceOf(placed.map((r) => r.id));
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
