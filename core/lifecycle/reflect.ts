/**
 * Reflection (DESIGN §8, seed 001): with a model configured, the worker asks it for the
 * salient questions its recent memories raise, retrieves the memories that bear on each, and
 * asks for insights those memories support. An insight is a `fact` that cites its leaves
 * (`attributes.grounding`, `derives` edges); it is model-made, so it starts at confidence
 * {@linkcode INSIGHT_CONFIDENCE}. (Demoting a derived memory whose grounding is gone needs no
 * model: see `grounding.ts`.)
 *
 * @module
 */
import { parseHlc } from "../model/hlc.ts";
import { redact } from "../redact/redact.ts";
import { neighboursOf } from "../store/neighbours.ts";
import { lastJobRunHlc } from "../store/queries/lifecycle.ts";
import { latestMemories, scopesWithNewMemories } from "../store/queries/lifecycle_memories.ts";
import type { LifecycleDeps } from "./deps.ts";

/** Confidence of a model-made insight. */
export const INSIGHT_CONFIDENCE = 0.6;
/** New memories in a scope since its last reflection that make another one worthwhile. */
export const REFLECT_AFTER = 10;
/** Recent memories the questions are asked about. */
const QUESTION_ITEMS = 40;
/** Questions reflected on per scope and run. */
const MAX_QUESTIONS = 3;
/** Fewest retrieved memories an insight can rest on. */
const MIN_LEAVES = 2;

/** An insight to store. */
export interface Insight {
  readonly scope: string;
  readonly content: string;
  readonly question: string;
  /** The memories it rests on. */
  readonly grounding: readonly string[];
}

/** Scopes with at least {@linkcode REFLECT_AFTER} memories recorded since `since` (ms). */
export function scopesToReflect(deps: Pick<LifecycleDeps, "store">, since: number): string[] {
  return scopesWithNewMemories(deps.store, since, REFLECT_AFTER);
}

/** When the last reflection that wrote something ran (ms), or -1. */
export function lastReflection(deps: Pick<LifecycleDeps, "store">): number {
  const hlc = lastJobRunHlc(deps.store, "reflect");
  return hlc === null ? -1 : parseHlc(hlc).wall;
}

/**
 * Asks the model for the questions `scope`'s recent memories raise and the insights the
 * memories retrieved for each support. Empty without a model, or when it does not answer.
 */
export async function reflectOn(
  deps: Pick<LifecycleDeps, "store" | "index" | "keywords" | "clock" | "llm">,
  scope: string,
): Promise<Insight[]> {
  const llm = deps.llm;
  if (!llm) return [];
  const recent = latestMemories(deps.store, scope, QUESTION_ITEMS);
  const questions = (await llm.synthesize("questions", recent) ?? []).slice(0, MAX_QUESTIONS);
  const insights: Insight[] = [];
  for (const { text: question } of questions) {
    const leaves = neighboursOf(deps, question, scope, undefined, deps.clock.now())
      .filter((n) => n.status === "active");
    if (leaves.length < MIN_LEAVES) continue;
    const statements = await llm.synthesize(
      "insights",
      leaves.map(({ type, content }) => ({ type, content })),
      question,
    );
    for (const statement of statements ?? []) {
      if (statement.cites.length === 0) continue; // an insight must rest on something
      insights.push({
        scope,
        // Its items were redacted, but a model may still make up something secret-shaped.
        content: redact(statement.text).text,
        question,
        grounding: statement.cites.map((i) => leaves[i]!.id),
      });
    }
  }
  return insights;
}
