/**
 * A path named before the disputed value narrows the subject to a part of it: "the billing
 * API's /export endpoint is limited to 5 requests per minute" is about the endpoint, not the
 * API (moved out of `conflict.ts`, unchanged).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { same } from "./value_match.ts";
import { termsOf } from "./terms.ts";
import type { Value } from "./value_types.ts";

/**
 * A path named before the disputed value that the other side lacks narrows the subject to a
 * part of it ("the billing API's /export endpoint is limited to 5 requests per minute").
 */
export function narrowedBy(
  mine: readonly Value[],
  theirs: readonly Value[],
  disputed: readonly Value[],
  other: Statement,
): boolean {
  const first = Math.min(...disputed.map((v) => v.start));
  // A path the other side names in words ("worker /metrics" / "the worker metrics") is no part.
  const said = (v: Value) =>
    v.norm.split(/[^a-z0-9]+/).filter(Boolean).every((w) =>
      other.words.has(w) || termsOf(w).every((t) => other.words.has(t))
    );
  return mine.some((v) =>
    v.kind === "path" && v.norm.startsWith("/") && v.end <= first && !disputed.includes(v) &&
    !theirs.some((w) => same(v, w)) && !said(v)
  );
}
