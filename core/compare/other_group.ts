/**
 * A team or a person that holds one side's subject while the other side speaks for "us" ("The
 * data team runs one-week sprints" / "Our sprints are two weeks"): two groups, each with its
 * own way, not one subject with two values.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";

/** Words that speak for the writer's own group. */
const OURS = /^(?:we|our|us|ours)$/;

/**
 * Whether `s` names a holder (a team, a person) outside the dispute that `other`, which speaks
 * for "us", does not name.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { heldByOtherGroup } from "./other_group.ts";
 * import { equal } from "node:assert/strict";
 *
 * const read = (text: string) => readStatement(text);
 * equal(heldByOtherGroup(read("The mobile team runs three-week sprints."), read("Our sprints are two weeks."), []), true);
 * equal(heldByOtherGroup(read("The mobile team runs three-week sprints."), read("Sprints are two weeks."), []), false);
 * ```
 */
export function heldByOtherGroup(
  s: Statement,
  other: Statement,
  disputed: readonly Value[],
): boolean {
  if (!tokensFor(other.text).some((t) => OURS.test(t.lower))) return false;
  return s.values.some((v) =>
    v.kind === "person" && v.tense === "current" && !v.negated && !disputed.includes(v) &&
    v.slots.some((slot) => slot.startsWith("role:")) &&
    !v.norm.split(/\s+/).filter((w) => !/^(?:the|a|an)$/.test(w)).every((w) => other.words.has(w))
  );
}
