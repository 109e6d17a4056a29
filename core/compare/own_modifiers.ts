/**
 * Two kinds of one thing: each side puts its own word, soft ones included, right before a head
 * both say ("the release rota" / "the hiring rota"). A qualifier the other side implies is said
 * by it ("CI caches" / "the build cache", `implied_qualifiers.ts`).
 *
 * The sweep's reading (`typed_subject.ts`). The write path's `modifiers.ts` asks the same
 * question more strictly (no qualifier, capitalised or numbered word counts as a modifier
 * there), because a change it misses is cheaper than a wrong retirement; the two are kept apart
 * for that reason.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { impliedBy } from "./implied_qualifiers.ts";
import { termsOf } from "./terms.ts";

/** Articles and determiners: no word of a thing's kind. */
const DETERMINERS = /^(?:the|a|an|our|its|their|every|each|all|this|that)$/;

/**
 * Whether each side puts its own word right before one of the shared `heads`.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { otherModifiers } from "./own_modifiers.ts";
 * import { equal } from "node:assert/strict";
 *
 * const read = (text: string) => readStatement(text);
 * equal(otherModifiers(read("Ola owns the release checklist."), read("Ben owns the onboarding checklist."), ["checklist"]), true);
 * equal(otherModifiers(read("Ola owns the release checklist."), read("Ben owns the checklist."), ["checklist"]), false);
 * ```
 */
export function otherModifiers(a: Statement, b: Statement, heads: readonly string[]): boolean {
  const before = (s: Statement) => {
    const tokens = tokensFor(s.text);
    const out = new Set<string>();
    tokens.forEach((t, i) => {
      const prev = tokens[i - 1];
      if (
        i > 0 && prev!.kind === "word" && prev!.clause === t.clause &&
        !DETERMINERS.test(prev!.lower) && !s.values.some((v) =>
          v.start <= i - 1 && i - 1 < v.end
        ) &&
        termsOf(t.lower).some((w) => heads.includes(w))
      ) out.add(prev!.lower);
    });
    return out;
  };
  const [x, y] = [before(a), before(b)];
  // (A qualifier the other side implies is its own word too: "CI caches" / "the build cache".)
  const own = (mine: Set<string>, other: Statement) =>
    [...mine].some((w) => !other.text.toLowerCase().includes(w) && !impliedBy(w, other));
  return x.size > 0 && y.size > 0 && own(x, b) && own(y, a);
}
