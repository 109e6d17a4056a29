/**
 * An old value kept for less, for `ceased.ts`: its use narrowed by "only" or "just" ("nginx
 * only serves static files", "the circle config is only kept for the archive branch") while
 * the statement gives another value in its place; and where an old value lingers — a scope said
 * in the old value's own part ("black isn't installed in the venv anymore", "… only kept for the
 * archive branch") tells where it lingers or went, not where the change holds, when the new
 * value stands in another part. A use narrowed to the stored subject itself ("Fastly only for
 * the static assets" after "Static assets are served by Fastly") is the stored fact, kept.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { otherScope } from "./own_subject.ts";
import { termsOf } from "./terms.ts";
import type { Token } from "./tokens.ts";

const COPULA = /^(?:is|are|was|were|now)$/;

/** Words that narrow a value's use to less. */
export const NARROWED = /^(?:only|just)$/;

/** The stored statement's subject words, generic heads included ("deploys"). */
export function subjectOf(stored: Statement): Set<string> {
  return new Set(stored.terms.map((t) => t.term));
}

/**
 * Whether a value ending at `end` is narrowed by the word at `i` ("X only serves …", "X is
 * only kept for …") to something other than the stored subject: null when it is not narrowed,
 * else whether the narrowing keeps the stored subject (`kept`).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { narrowing, subjectOf } from "./narrowed.ts";
 * import { tokenize } from "./tokens.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = subjectOf(readStatement("Static assets are served by Fastly."));
 * const tokens = tokenize("The API is behind Cloudflare, Fastly only serves images");
 * equal(narrowing(tokens, 7, 7, stored), "narrowed");
 * const kept = tokenize("The API is behind Cloudflare, Fastly only serves the static assets");
 * equal(narrowing(kept, 7, 7, stored), "kept");
 * ```
 */
export function narrowing(
  tokens: readonly Token[],
  end: number,
  i: number,
  subject: ReadonlySet<string>,
): "narrowed" | "kept" | null {
  const next = tokens[i + 1];
  if (!NARROWED.test(tokens[i]!.lower) || next?.kind !== "word" || /^\d/.test(next.lower)) {
    return null;
  }
  if (next.clause !== tokens[i]!.clause) return null;
  // Between them, at most two words of the thing ("the circle config is only kept for …"), then
  // its copula.
  const between = tokens.slice(end, i);
  const copula = between.findIndex((x) => COPULA.test(x.lower));
  const head = copula < 0 ? between : between.slice(0, copula);
  if (
    head.length > 2 || head.some((x) => x.kind !== "word" || x.clause !== next.clause) ||
    copula >= 0 && !between.slice(copula).every((x) => COPULA.test(x.lower))
  ) return null;
  for (let k = i + 1; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.clause !== next.clause || t.lower === ",") break;
    if (termsOf(t.lower).some((w) => subject.has(w))) return "kept";
  }
  return "narrowed";
}

/** The tokens from the comma or clause start before `phrase` to the comma or clause end after it. */
function partOf(tokens: readonly Token[], phrase: readonly [number, number]): [number, number] {
  const clause = tokens[phrase[0]]!.clause;
  let [from, to] = phrase;
  while (from > 0 && tokens[from - 1]!.clause === clause && tokens[from - 1]!.lower !== ",") from--;
  while (to < tokens.length && tokens[to]!.clause === clause && tokens[to]!.lower !== ",") to++;
  return [from, to];
}

/** Every scope of `incoming` is in the old value's part (`phrase`), and `to` is said outside it. */
export function lingers(
  incoming: Statement,
  stored: Statement,
  tokens: readonly Token[],
  phrase: readonly [number, number],
  to: string,
): boolean {
  const [from, end] = partOf(tokens, phrase);
  const inside = (i: number) => i >= from && i < end;
  const first = to.toLowerCase().split(/\s+/)[0]!;
  const at = tokens.findIndex((t) => t.lower === first);
  return at >= 0 && !inside(at) && !otherScope(incoming, stored, inside);
}
