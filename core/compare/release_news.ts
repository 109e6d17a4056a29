/**
 * News of a release is no change of what the team runs: "Terraform 1.9 is out with a new test
 * framework", "Node 24 was released yesterday", "Postgres 17 is now generally available" say
 * what the world shipped, not that the team moved to it. A version followed by a verb of
 * release, with no first person ("we shipped v2.3" is the team's own release; "Node 22 is out,
 * so we upgraded" its move), no other change word and no swap ("Node 20 is out, 22 is in"),
 * leaves the stored version standing.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { saidByUs } from "./ours.ts";

/** A verb of release after a version: `is out`, `was released`, `is (now) GA`, `came out`. */
const RELEASED =
  /^(?:(?:is|are|was|were|has been|have been|got|just)\s+)?(?:now\s+|finally\s+)?(?:out|released|available|generally available|ga|announced|published|came out|dropped|landed)\b/i;

/** Change words that are the release itself. */
const RELEASE_CUES =
  /^(?:(?:is|are|was|were|got|has been) )?(?:out|released|dropped|landed)$|^now$/;

/** The other half of a swap ("Node 20 is out, Node 22 is in"). */
const SWAP = /\b(?:is|are) in\b/i;

/** Whether `incoming` is news of a release rather than a change of the team's version. */
export function releaseNews(incoming: Statement): boolean {
  if (!incoming.cues.change.every((c) => RELEASE_CUES.test(c))) return false;
  if (saidByUs(incoming.text) || SWAP.test(incoming.text)) return false;
  const tokens = tokensFor(incoming.text);
  return incoming.values.some((v) => {
    if (v.kind !== "version" && !v.slots.some((s) => s.startsWith("version"))) return false;
    const after = tokens.slice(v.end, v.end + 4).map((t) => t.lower).join(" ");
    return RELEASED.test(after);
  });
}
