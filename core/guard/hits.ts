/**
 * The guard's evidence: hits per rule (the strongest kept), their excerpts, and the score,
 * the noisy-OR of their weights.
 *
 * @module
 */
import type { InjectionKind } from "./kinds.ts";

/** One rule's evidence, before it becomes a signal. */
export interface Hit {
  readonly kind: InjectionKind;
  readonly weight: number;
  readonly excerpt: string;
}

/** At most 80 characters of the matched text, whitespace collapsed. */
export function excerpt(text: string): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= 80 ? clean : `${clean.slice(0, 79)}…`;
}

/** Records `hit` under `id`, keeping the stronger of two hits of one rule. */
export function add(hits: Map<string, Hit>, id: string, hit: Hit): void {
  const previous = hits.get(id);
  if (!previous || previous.weight < hit.weight) hits.set(id, hit);
}

/** Records every hit of `from` in `into`. */
export function merge(into: Map<string, Hit>, from: Map<string, Hit>): void {
  for (const [id, hit] of from) add(into, id, hit);
}

/** Noisy-OR of the weights; two rules that matched the same words count once. */
export function combined(hits: Map<string, Hit>): number {
  const strongest = new Map<string, number>();
  for (const hit of hits.values()) {
    const key = `${hit.kind}\u0000${hit.excerpt}`;
    strongest.set(key, Math.max(strongest.get(key) ?? 0, hit.weight));
  }
  let keep = 1;
  for (const weight of strongest.values()) keep *= 1 - weight;
  return 1 - keep;
}
