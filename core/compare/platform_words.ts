/**
 * A platform word only one side says, where the other names no platform at all ("the public
 * status page" / "our status page", "the iOS builds" / "the builds"): the other side leaves
 * the platform unsaid rather than naming another, so the word tells no subjects apart. Only
 * where the other side says the very noun the platform word qualifies with nothing of its own
 * before it: "the mobile team" / "the platform team", "public ids" / "auto-increment ids" and
 * "the internal tools account" / "the product account" are two things. Two different platforms
 * ("the iOS app" / "the Android app") still tell subjects apart, and environments and regions
 * are never left out this way ("staging" / no environment is another scope).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { stem, termsOf } from "./terms.ts";

/** Words that may stand before a noun without qualifying it. */
const DETERMINERS = /^(?:the|a|an|our|its|their|my|your|this|that|these|those|all|every|each)$/;

/**
 * The platform terms of `s` that `other` may leave unsaid (see the module doc); `mine` and
 * `theirs` are the two sides' subject words.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { oneSidedPlatform } from "./platform_words.ts";
 * import { equal } from "node:assert/strict";
 *
 * const words = (s: ReturnType<typeof readStatement>) => new Set(s.terms.map((t) => t.term));
 * const [a, b] = [readStatement("The public status page is on Statuspage."), readStatement("Our status page is on Instatus.")];
 * equal(oneSidedPlatform(a, b, words(a), words(b)).size, 1);
 * const [c, d] = [readStatement("Marco leads the mobile team."), readStatement("Aisha leads the platform team.")];
 * equal(oneSidedPlatform(c, d, words(c), words(d)).size, 0);
 * ```
 */
export function oneSidedPlatform(
  s: Statement,
  other: Statement,
  mine: ReadonlySet<string>,
  theirs: ReadonlySet<string>,
): ReadonlySet<string> {
  const platforms = s.terms.filter((t) => t.kind === "platform");
  if (platforms.length === 0 || other.terms.some((t) => t.kind === "platform")) return new Set();
  if (![...theirs].every((w) => mine.has(w))) return new Set();
  const tokens = tokensFor(s.text);
  const theirTokens = tokensFor(other.text);
  const out = new Set<string>();
  for (const p of platforms) {
    const at = tokens.findIndex((t) => termsOf(t.lower).includes(p.term));
    const noun = tokens[at + 1];
    if (at < 0 || noun?.kind !== "word") continue;
    const root = stem(noun.lower);
    const there = theirTokens.findIndex((t) => t.kind === "word" && stem(t.lower) === root);
    const before = theirTokens[there - 1];
    if (there >= 0 && (!before || before.kind !== "word" || DETERMINERS.test(before.lower))) {
      out.add(p.term);
    }
  }
  return out;
}
