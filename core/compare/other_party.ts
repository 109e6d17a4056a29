/**
 * A change made by another party: "Our client replaced Jira with Linear", "a customer moved
 * their integration from REST to GraphQL", "the vendor switched their SDK to fetch", "upstream
 * dropped Python 3.8". What a client, customer, vendor, partner or upstream project did is no
 * change of the team's own fact, unless the stored fact is about that party too ("The client's
 * portal uses Jira").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";

/** Parties other than the team: who may change their own tools without changing ours. */
const PARTIES = new Set([
  "client",
  "clients",
  "competitor",
  "competitors",
  "customer",
  "customers",
  "partner",
  "partners",
  "provider",
  "providers",
  "supplier",
  "suppliers",
  "upstream",
  "vendor",
  "vendors",
  "maintainers",
]);

/** Whether the doer before the first change word of `incoming` is another party. */
export function otherParty(incoming: Statement, stored: Statement): boolean {
  const tokens = tokensFor(incoming.text);
  const first = firstCue(incoming.cues);
  if (first <= 0) return false;
  const one = (word: string) => word.replace(/s$/, "");
  const theirs = new Set(tokensFor(stored.text).map((t) => one(t.lower)));
  return tokens.slice(0, first).some((t) =>
    t.kind === "word" && PARTIES.has(t.lower) && !theirs.has(one(t.lower))
  );
}
