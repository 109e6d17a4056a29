/**
 * Packing hits under a token budget: greedily in rank order, each counted as the line an
 * agent would see (`cl100k_base`); hits that do not fit are listed as cut.
 *
 * @module
 */
import type { Memory } from "../model/memory.ts";
import { tokenCounter } from "../text/tokens.ts";
import type { CutHit, SearchHit } from "./search_types.ts";

/** One line per hit, as hits are counted against a budget. */
export function renderHitLine(memory: Memory): string {
  return `- [${memory.type}] ${memory.content} (${memory.id})`;
}

/** The first hits (at most `limit`) that fit `budget` tokens, and those cut to fit it. */
export async function packHits(
  hits: readonly SearchHit[],
  budget: number,
  limit: number,
): Promise<{ kept: SearchHit[]; tokens: number; cut: CutHit[] }> {
  const count = await tokenCounter();
  const kept: SearchHit[] = [];
  const cut: CutHit[] = [];
  let used = 0;
  for (const hit of hits) {
    const tokens = count(renderHitLine(hit.memory)) + 1; // + newline
    if (kept.length < limit && used + tokens <= budget) {
      kept.push(hit);
      used += tokens;
    } else if (kept.length < limit) {
      cut.push({ id: hit.memory.id, score: hit.score, tokens, reason: "over_budget" });
    }
  }
  return { kept, tokens: used, cut };
}
