/**
 * The score of a candidate: relevance × salience modifier × status (`docs/recall.md`).
 *
 * Relevance is the fused score min-max normalized over the candidates (DESIGN §7), the minimum
 * taken no higher than what one channel gives the last item of its pool. The three salience
 * factors — recency (the decay factor), importance (importance/10) and confidence — are on
 * fixed scales, averaged by their weights, and move the score by at most `influence` (10 %).
 * Status (archived, superseded…) multiplies last.
 *
 * Why not the additive `relevance + recency + importance` of Generative Agents: RRF scores are
 * flat (ranks 1 and 5 of one channel differ by 6 %), so equal additive weights let any
 * important or recent memory outrank the memories the query is about. On the quality dataset
 * (BM25, exact and graph channels) the additive form scored R@5 53 % and MRR 0.35 against
 * 79 % and 0.67 for this one (docs/recall.md, bench/quality).
 *
 * @module
 */
import { IMPORTANCE_MAX, type Status } from "../model/types.ts";
import type { MemoryRecord } from "../store/records.ts";
import { RRF_K } from "./fuse.ts";
import type { GraphPath } from "./graph.ts";
import type { Channel, ChannelTrace } from "./search_types.ts";

/** How recency and importance adjust relevance (see `scoreCandidates`). */
export interface RankWeights {
  /** Weight of recency (the decay factor) within the salience modifier. */
  readonly recency: number;
  /** Weight of importance within the salience modifier. */
  readonly importance: number;
  /** Weight of confidence within the salience modifier. */
  readonly confidence: number;
  /** How far salience can move a score: 0 = relevance only, 1 = fully proportional. */
  readonly influence: number;
}

/** Recency and importance weigh equally and can move a score by up to 10 %. */
export const DEFAULT_RANK_WEIGHTS: RankWeights = {
  recency: 1,
  importance: 1,
  confidence: 1,
  influence: 0.1,
};

/** How much each status keeps of a score when such memories are asked for. */
export const STATUS_FACTOR: Readonly<Record<Status, number>> = {
  active: 1,
  archived: 0.8,
  superseded: 0.6,
  quarantined: 0.5,
  forgotten: 0.5,
};

/** A memory being ranked, and every number its explanation reports. */
export interface Candidate {
  record: MemoryRecord;
  channels: Partial<Record<Channel, ChannelTrace>>;
  matchedTokens?: string[];
  /** Shown only because an exact identifier of the query matched nothing but archived memories. */
  archivedFallback?: true;
  fused: number;
  graphPath?: GraphPath;
  relevance: number;
  decay: number;
  score: number;
  normalized: { relevance: number; recency: number; importance: number };
  modifier: number;
  statusFactor: number;
  /** Parts and prefixed tokens the partial channel matched. */
  partialTokens?: string[];
  /** Lexicon terms found in the memory, with their entries. */
  expandedBy?: string[];
  feedbackTerms?: string[];
  /** The question's intent and its factor for this memory's type (1 when none). */
  intent?: { name: string; factor: number };
  /** In the period the question asks about: its phrase and factor. */
  period?: { phrase: string; factor: number };
  /** Superseded: the successor it was kept below. */
  belowSuccessor?: string;
  /** A successor brought in by its superseded version. */
  successorOf?: string;
}

/** Sets each candidate's normalized factors, salience modifier and score (see the module doc). */
export function scoreCandidates(candidates: Candidate[], weights: RankWeights, pool: number): void {
  const fused = candidates.map((c) => c.relevance);
  const best = Math.max(...fused);
  // The floor is what one channel gives its last pooled item, so a lone second hit keeps a
  // relevance that reflects its rank instead of dropping to 0.
  const worst = Math.min(...fused, 1 / (RRF_K + pool));
  const salienceWeight = weights.recency + weights.importance + weights.confidence;
  for (const c of candidates) {
    c.normalized = {
      relevance: best > worst ? Math.max(0, (c.relevance - worst) / (best - worst)) : 1,
      recency: c.decay,
      importance: c.record.importance / IMPORTANCE_MAX,
    };
    const salience = salienceWeight > 0
      ? (weights.recency * c.normalized.recency + weights.importance * c.normalized.importance +
        weights.confidence * c.record.confidence) / salienceWeight
      : 1;
    c.modifier = 1 - weights.influence + weights.influence * salience;
    c.score = c.normalized.relevance * c.modifier * c.statusFactor * (c.intent?.factor ?? 1) *
      (c.period?.factor ?? 1);
  }
}
