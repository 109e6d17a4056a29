/**
 * The candidates of a search, one per fused memory: its channel ranks and raw values, the
 * code tokens it matched, its decay at the instant recall looks from, its status factor, and
 * for a memory the graph reached, its path and a relevance capped just below its seed's.
 *
 * @module
 */
import { feedbackTermsIn } from "./feedback.ts";
import { learnedIn } from "./learned.ts";
import { PERIOD_BOOST } from "./period.ts";
import { decayFactor } from "../model/salience.ts";
import type { MemoryType } from "../model/types.ts";
import type { MemoryRecord } from "../store/records.ts";
import type { Visibility } from "../store/visibility.ts";
import type { Ranking } from "./channels.ts";
import type { Fused } from "./fuse.ts";
import type { GraphChannel } from "./graph_channel.ts";
import { type Candidate, STATUS_FACTOR } from "./rank.ts";
import type { QueryAnalysis } from "./query_terms.ts";
import type { Channel, ChannelTrace } from "./search_types.ts";

/** What the candidates are made from. */
export interface CandidateSources {
  readonly fused: readonly Fused<number>[];
  readonly records: ReadonlyMap<number, MemoryRecord>;
  readonly rankings: readonly Ranking[];
  readonly exactTokens: ReadonlyMap<number, string[]>;
  /** Row ids the exact channel found through the archived fallback. */
  readonly archivedFallback: ReadonlySet<number>;
  readonly graph: Pick<GraphChannel, "pathTo" | "directFused">;
  /** Identifier parts and prefixed tokens per partial-channel hit. */
  readonly partialTokens: ReadonlyMap<number, string[]>;
  /** How the query was read: its lexicon expansions, intent and period. */
  readonly analysis: Pick<
    QueryAnalysis,
    "expansions" | "intent" | "period" | "feedback" | "learned"
  >;
  /** The period the question asks about, epoch ms `[start, end)`, or null. */
  readonly period: { readonly start: number; readonly end: number } | null;
}

const WORD = /[\p{L}\p{N}_]+/gu;

/** The lexicon terms of `expansions` that `content` holds, as `term (entry)`. */
function expandedBy(content: string, expansions: QueryAnalysis["expansions"]): string[] {
  const words = new Set(content.toLowerCase().match(WORD) ?? []);
  const out: string[] = [];
  for (const expansion of expansions) {
    for (const term of expansion.terms) {
      const parts = term.toLowerCase().match(WORD) ?? [];
      if (parts.length && parts.every((p) => words.has(p))) {
        out.push(`${term} (${expansion.entry})`);
      }
    }
  }
  return [...new Set(out)];
}

/** One unscored candidate per fused memory that is loaded, by row id, in fused order. */
export function buildCandidates(
  sources: CandidateSources,
  visibility: Visibility,
): Map<number, Candidate> {
  // Decay is judged at the instant recall looks from (now, or the as-of time).
  const now = visibility.at;
  const rankingOf = new Map(sources.rankings.map((r) => [r.name, r]));
  const { pathTo, directFused } = sources.graph;
  const candidates = new Map<number, Candidate>();
  for (const entry of sources.fused) {
    const record = sources.records.get(entry.id);
    if (!record) continue;
    const channels: Partial<Record<Channel, ChannelTrace>> = {};
    for (const [name, rank] of Object.entries(entry.ranks)) {
      const ranking = rankingOf.get(name as Channel)!;
      channels[ranking.name] = { rank, value: ranking.values[rank - 1]! };
    }
    const candidate: Candidate = {
      record,
      channels,
      fused: entry.score,
      relevance: entry.score,
      decay: decayFactor(record, now),
      score: 0,
      normalized: { relevance: 0, recency: 0, importance: 0 },
      modifier: 1,
      statusFactor: visibility.asOf && record.status === "superseded"
        ? 1
        : STATUS_FACTOR[record.status],
    };
    const tokens = sources.exactTokens.get(entry.id);
    if (tokens) candidate.matchedTokens = tokens;
    if (sources.archivedFallback.has(entry.id)) candidate.archivedFallback = true;
    const parts = sources.partialTokens.get(entry.id);
    if (parts) candidate.partialTokens = parts;
    const expanded = [
      ...(channels.expansion ? expandedBy(record.content, sources.analysis.expansions) : []),
      ...(channels.learned ? learnedIn(record.content, sources.analysis.learned ?? []) : []),
    ];
    if (expanded.length) candidate.expandedBy = expanded;
    if (channels.feedback && sources.analysis.feedback) {
      const terms = feedbackTermsIn(record.content, sources.analysis.feedback);
      if (terms.length) candidate.feedbackTerms = terms;
    }
    const when = record.eventAt ?? record.validFrom;
    if (sources.period && when >= sources.period.start && when < sources.period.end) {
      candidate.period = { phrase: sources.analysis.period!.phrase, factor: PERIOD_BOOST };
    }
    const factor = sources.analysis.intent?.types[record.type as MemoryType];
    if (factor !== undefined && factor !== 1) {
      candidate.intent = { name: sources.analysis.intent!.name, factor };
    }
    if (channels.graph) {
      const path = pathTo(record.id);
      if (path) {
        candidate.graphPath = path;
        // A memory reached through the graph never outranks the hit that led to it: the graph
        // lifts it at most to just below its seed. (Uncapped, linked hubs such as project
        // overviews jumped above the memories a query was about: R@5 fell from 77 % to 65 %.)
        const seedScore = directFused.get(path.nodes[0]!) ?? entry.score;
        const own = directFused.get(record.id) ?? 0;
        candidate.relevance = Math.min(entry.score, Math.max(own, seedScore * 0.99));
      }
    }
    candidates.set(entry.id, candidate);
  }
  return candidates;
}
