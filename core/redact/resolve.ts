/**
 * Overlap resolution between catalogue matches: key blocks beat provider formats, which beat
 * URL and header credentials, which beat assignments; within a tier the longest match wins.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { Intervals } from "./intervals.ts";
import { SECRET_TYPES } from "./types.ts";

const ORDER = new Map<string, number>(SECRET_TYPES.map((type, i) => [type, i]));

/**
 * Picks non-overlapping candidates: higher tier first, then longer, then earlier, then
 * catalogue order. A URL, header or assignment value that a provider token covers only in
 * part keeps its other parts redacted under its own type, so nothing of it survives.
 */
export function resolve(text: string, candidates: Candidate[], occupied: Intervals): Candidate[] {
  const sorted = candidates.filter((c) => c.end > c.start).sort((a, b) =>
    b.tier - a.tier || (b.end - b.start) - (a.end - a.start) || a.start - b.start ||
    ORDER.get(a.type)! - ORDER.get(b.type)!
  );
  const tokens = new Intervals();
  const accepted: Candidate[] = [];
  for (const candidate of sorted) {
    if (!occupied.overlaps(candidate.start, candidate.end)) {
      occupied.add(candidate.start, candidate.end);
      if (candidate.tier === 3) tokens.add(candidate.start, candidate.end);
      accepted.push(candidate);
      continue;
    }
    if (candidate.tier > 2) continue;
    const free = occupied.gaps(candidate.start, candidate.end);
    const byTokens = tokens.gaps(candidate.start, candidate.end);
    if (!sameSpans(free, byTokens)) continue; // overlaps a block, a placeholder or a peer
    for (const [from, to] of free) {
      const [start, end] = trimPiece(text, from, to);
      if (end - start < 4 || /^(?:bearer|basic|token|bot)$/i.test(text.slice(start, end))) continue;
      occupied.add(start, end);
      accepted.push({ ...candidate, start, end });
    }
  }
  return accepted;
}

/** A leftover piece without the punctuation and spaces around it. */
function trimPiece(text: string, start: number, end: number): [number, number] {
  const edge = /[\s:;,=@\/"'`\-_.()\[\]{}]/;
  while (start < end && edge.test(text[start]!)) start++;
  while (end > start && edge.test(text[end - 1]!)) end--;
  return [start, end];
}

function sameSpans(a: [number, number][], b: [number, number][]): boolean {
  return a.length === b.length && a.every(([s, e], i) => s === b[i]![0] && e === b[i]![1]);
}
