/**
 * The `distil` job: recurring episodes become one rule that cites them (see `distil.ts` for
 * the clustering and the template), worded by the model when one is configured. The episodes
 * are archived; the rule links to each by a `derives` edge.
 *
 * @module
 */
import type { Recorder } from "../../ops/job_run.ts";
import { appendWrite } from "../../ops/write_one.ts";
import { redact } from "../../redact/redact.ts";
import { activeEpisodes } from "../../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "../deps.ts";
import {
  carriesIdentifiers,
  clusterEpisodes,
  distil,
  type Distillate,
  type EpisodeLike,
  identifiers,
} from "../distil.ts";
import type { Chunk, JobContext, JobDefinition } from "../job.ts";
import { findSame, link, workerSource } from "../writes.ts";
import { derivesHere } from "../../store/queries/sync.ts";
import { mergeDuplicateRules } from "./distil_duplicates.ts";

/** Episodes distilled per slice. */
const DISTIL_SLICE = 50;
/** Episodes of a cluster the model sees when it words a rule: the first ones suffice. */
const RULE_ITEMS = 12;
/** Longest model wording kept; anything longer is not a rule. */
const MAX_RULE_CHARS = 300;

/** Episodes of one scope to distil into `rule` in one slice. */
export interface DistilWork {
  readonly scope: string;
  readonly rule: Distillate;
  readonly episodes: readonly EpisodeLike[];
}

/** What distillation would do now. */
export interface DistilPlan {
  /** Recurring episode groups found. */
  readonly groups: number;
  /** The work, a group in one chunk or several (the first creates the rule, the next find it). */
  readonly chunks: Chunk<DistilWork>[];
}

/** Clusters each scope's active episodes and words each cluster's rule. */
export async function planDistil(deps: Pick<LifecycleDeps, "store" | "llm">): Promise<DistilPlan> {
  const byScope = new Map<string, EpisodeLike[]>();
  for (const row of activeEpisodes(deps.store)) {
    byScope.set(row.scope, [...(byScope.get(row.scope) ?? []), row]);
  }
  const groups: { scope: string; cluster: EpisodeLike[]; rule: Distillate }[] = [];
  for (const [scope, episodes] of byScope) {
    for (const cluster of clusterEpisodes(episodes)) {
      groups.push({ scope, cluster, rule: await worded(deps, distil(cluster), cluster) });
    }
  }
  const work = groups.flatMap(({ scope, cluster, rule }) =>
    Array.from({ length: Math.ceil(cluster.length / DISTIL_SLICE) }, (_, k) => ({
      scope,
      rule,
      episodes: cluster.slice(k * DISTIL_SLICE, (k + 1) * DISTIL_SLICE),
    }))
  );
  return {
    groups: groups.length,
    chunks: work.map((w, i) => ({ work: w, progress: { done: i + 1, total: work.length } })),
  };
}

/**
 * `rule` worded by the model when one is configured and answers usably (seed 001 §3: the
 * LLM path) and keeps every identifier of the episodes, else as the template wrote it. The
 * rule still cites every episode.
 */
async function worded(
  deps: Pick<LifecycleDeps, "llm">,
  rule: Distillate,
  cluster: readonly EpisodeLike[],
): Promise<Distillate> {
  if (!deps.llm) return rule;
  const statements = await deps.llm.synthesize(
    "rule",
    cluster.slice(0, RULE_ITEMS).map(({ content }) => ({ type: "episode", content })),
  );
  // The episodes were redacted, but a model may still make up something secret-shaped.
  const text = redact(statements?.[0]?.text.trim() ?? "").text;
  if (text.length === 0 || text.length > MAX_RULE_CHARS) return rule;
  // A rewording that drops an identifier would make the archived episodes unfindable by it.
  const named = [...new Set(cluster.flatMap((e) => identifiers(e.content)))];
  if (!carriesIdentifiers(text, named)) return rule;
  return { ...rule, content: text };
}

/**
 * Writes the rule (unless its scope already has it), links it to each episode still active
 * and archives them. Null when none is active any more (another process archived them).
 */
export function applyDistil(
  deps: Pick<LifecycleDeps, "store" | "project">,
  tx: Recorder,
  { scope, rule, episodes }: DistilWork,
): { id: string; archived: number; created: boolean } | null {
  const live = episodes.filter((e) => deps.store.memoryById(e.id)?.status === "active");
  if (live.length === 0) return null;
  const existing = findSame(deps, scope, rule.content, rule.type);
  const id = existing ?? appendWrite(deps, tx, {
    content: rule.content,
    type: rule.type,
    scope,
    importance: rule.importance,
    confidence: 0.8,
    attributes: { grounding: [...rule.grounding] },
    source: workerSource("distil"),
  }).id;
  for (const episode of live) {
    link(tx, id, "derives", episode.id, "distil");
    tx.patch(episode.id, { status: "archived" }, `distilled into ${id}`);
  }
  return { id, archived: live.length, created: !existing };
}

/** Distils recurring episodes, up to {@linkcode DISTIL_SLICE} per slice. */
async function distilEpisodes(
  deps: Pick<LifecycleDeps, "store" | "llm" | "project">,
  ctx: JobContext,
) {
  // Rules two keepers wrote from the same episodes first (a team strand), then new episodes.
  const merged = await mergeDuplicateRules(deps, ctx);
  const plan = await planDistil(deps);
  let changed = merged;
  let rules = 0;
  await ctx.slices(plan.chunks, (tx, work) => {
    const done = applyDistil(deps, tx, work);
    if (!done) return null;
    changed += done.archived + (done.created ? 1 : 0);
    if (done.created) rules++;
    return `${done.archived} episodes → ${done.id}`;
  });
  const summary = `${rules} rules from ${plan.groups} recurring episode groups`;
  return { changed, summary: merged ? `${summary}; ${merged} duplicate rules merged` : summary };
}

/** The `distil` job. */
export const distilJob: JobDefinition = {
  name: "distil",
  run: distilEpisodes,
  // On a synced strand, derived memories are made on one device only (they then sync).
  enabled: (deps) => deps.derives ?? derivesHere(deps.store),
};
