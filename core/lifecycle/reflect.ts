/**
 * Reflection (DESIGN §8, seed 001): with a model configured, the worker asks it for the
 * salient questions its recent memories raise, retrieves the memories that bear on each, and
 * asks for insights those memories support. An insight is a `fact` that cites its leaves
 * (`attributes.grounding`, `derives` edges); it is model-made, so it starts at confidence
 * {@linkcode INSIGHT_CONFIDENCE}.
 *
 * Grounding is checked without a model: a memory derived from others (an insight, a distilled
 * rule) whose grounding has mostly gone (fewer than half its leaves still exist, archived
 * ones included) is demoted — its confidence halved, `attributes.demoted` set — and restored
 * when its leaves come back.
 *
 * @module
 */
import { redact } from "../redact/redact.ts";
import { neighboursOf } from "../store/neighbours.ts";
import type { MemoryType } from "../model/types.ts";
import type { Runtime } from "../runtime.ts";
import { parseHlc } from "../model/hlc.ts";

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

/** A memory whose grounding changed: demote or restore it. */
export interface GroundingChange {
  readonly id: string;
  readonly set: { confidence: number; attributes: Record<string, unknown> };
  readonly demoted: boolean;
}

/** An insight to store. */
export interface Insight {
  readonly scope: string;
  readonly content: string;
  readonly question: string;
  /** The memories it rests on. */
  readonly grounding: readonly string[];
}

/**
 * Derived memories (active, with `attributes.grounding`, profiles aside) whose grounding
 * fell below half, or came back: the change to apply to each.
 */
export function groundingChanges(rt: Runtime): GroundingChange[] {
  const rows = rt.store.prepare(
    `SELECT id FROM memories WHERE status = 'active' AND type != 'profile'
     AND json_type(attributes, '$.grounding') = 'array' ORDER BY id`,
  ).all() as { id: string }[];
  const changes: GroundingChange[] = [];
  for (const { id } of rows) {
    const memory = rt.store.memoryById(id)!;
    const leaves = (memory.attributes.grounding as unknown[]).filter((x) => typeof x === "string");
    if (leaves.length === 0) continue;
    const present = rt.store.memoriesById(leaves as string[])
      .filter((leaf) => leaf.status !== "forgotten").length;
    const grounded = present * 2 >= leaves.length;
    const demoted = memory.attributes.demoted === true;
    if (grounded === !demoted) continue;
    const { demoted: _, ...attributes } = memory.attributes;
    changes.push(
      grounded
        ? {
          id,
          demoted: false,
          set: { confidence: Math.min(1, memory.confidence * 2), attributes },
        }
        : {
          id,
          demoted: true,
          set: { confidence: memory.confidence / 2, attributes: { ...attributes, demoted: true } },
        },
    );
  }
  return changes;
}

/** Scopes with at least {@linkcode REFLECT_AFTER} memories recorded since `since` (ms). */
export function scopesToReflect(rt: Runtime, since: number): string[] {
  return (rt.store.prepare(
    `SELECT scope FROM memories
     WHERE status = 'active' AND type != 'profile' AND recorded_at > ? AND scope NOT LIKE 'session:%'
     GROUP BY scope HAVING count(*) >= ? ORDER BY scope`,
  ).all(since, REFLECT_AFTER) as { scope: string }[]).map((r) => r.scope);
}

/** When the last reflection that wrote something ran (ms), or -1. */
export function lastReflection(rt: Runtime): number {
  const row = rt.store.prepare(
    `SELECT max(hlc) AS hlc FROM ops
     WHERE kind = 'job.run' AND json_extract(payload, '$.job') = 'reflect'`,
  ).get() as { hlc: string | null };
  return row.hlc === null ? -1 : parseHlc(row.hlc).wall;
}

/**
 * Asks the model for the questions `scope`'s recent memories raise and the insights the
 * memories retrieved for each support. Empty without a model, or when it does not answer.
 */
export async function reflectOn(rt: Runtime, scope: string): Promise<Insight[]> {
  const llm = rt.llm;
  if (!llm) return [];
  const recent = rt.store.prepare(
    `SELECT type, content FROM memories WHERE scope = ? AND status = 'active' AND type != 'profile'
     ORDER BY recorded_at DESC, id LIMIT ?`,
  ).all(scope, QUESTION_ITEMS) as { type: MemoryType; content: string }[];
  const questions = (await llm.synthesize("questions", recent) ?? []).slice(0, MAX_QUESTIONS);
  const insights: Insight[] = [];
  for (const { text: question } of questions) {
    const leaves = neighboursOf(rt, question, scope, undefined, rt.clock.now())
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
