/**
 * The extractor's single requests: the consolidation call on a grey-band candidate (its target
 * must be a memory it was shown) and the lifecycle worker's syntheses (statements citing the
 * items they rest on). Each is cached like the batched ones.
 *
 * @module
 */
import type { ActiveMemory, Adjudication, TypedContent } from "../model/candidate.ts";
import type { Statement, SynthesisKind } from "../model/synthesis.ts";
import { type Channel, MAX_RETRY_WAIT_MS } from "./channel.ts";
import { adjudicationMessage, MAX_ADJUDICATION_EXISTING, synthesisMessage } from "./messages.ts";
import { parseAdjudication, parseSynthesis } from "./parse_answers.ts";
import { ADJUDICATION_SYSTEM, SYNTHESIS_SYSTEM } from "./prompts.ts";
import { ADJUDICATION_SCHEMA, SYNTHESIS_SCHEMA } from "./schemas.ts";

/** How `candidate` relates to `existing` (nearest first); `null` to keep the threshold decision. */
export async function adjudicate(
  channel: Channel,
  candidate: TypedContent,
  existing: readonly ActiveMemory[],
): Promise<Adjudication | null> {
  if (existing.length === 0) return { action: "add", reason: "no existing memory to compare" };
  let result: Adjudication | null = null;
  try {
    const shown = existing.slice(0, MAX_ADJUDICATION_EXISTING);
    const ids = new Set(shown.map((memory) => memory.id));
    const user = adjudicationMessage(candidate, shown);
    const key = channel.cacheKey("adjudicate", JSON.parse(user));
    const hit = channel.cached(key, (raw) => parseAdjudication(raw, ids));
    if (hit !== undefined) return hit;
    const reply = await channel.ask({
      system: ADJUDICATION_SYSTEM,
      user,
      schemaName: "helix_consolidation",
      schema: ADJUDICATION_SCHEMA,
    }, { remainingMs: MAX_RETRY_WAIT_MS });
    if (reply !== undefined) {
      result = parseAdjudication(reply.answer, ids);
      if (result === null) channel.fail(channel.unusable("the decision does not match the schema"));
      else channel.remember(key, JSON.stringify(result), reply.tokens);
    }
  } catch (error) {
    return channel.settle([result], error)[0] ?? null;
  }
  return channel.settle([result])[0] ?? null;
}

/** Statements of `kind` written from `items`; `null` when the model is unavailable or unusable. */
export async function synthesize(
  channel: Channel,
  kind: SynthesisKind,
  items: readonly TypedContent[],
  question?: string,
): Promise<Statement[] | null> {
  if (items.length === 0) return [];
  let result: Statement[] | null = null;
  try {
    const user = synthesisMessage(items, question);
    const key = channel.cacheKey(kind, JSON.parse(user));
    const hit = channel.cached(key, (raw) => parseSynthesis(raw, items.length));
    if (hit !== undefined) return hit;
    const reply = await channel.ask({
      system: SYNTHESIS_SYSTEM[kind],
      user,
      schemaName: "helix_synthesis",
      schema: SYNTHESIS_SCHEMA,
    }, { remainingMs: MAX_RETRY_WAIT_MS });
    if (reply !== undefined) {
      result = parseSynthesis(reply.answer, items.length);
      if (result === null) {
        channel.fail(channel.unusable(`the ${kind} answer does not match the schema`));
      } else channel.remember(key, JSON.stringify(reply.answer), reply.tokens);
    }
  } catch (error) {
    return channel.settle([result], error)[0] ?? null;
  }
  return channel.settle([result])[0] ?? null;
}
