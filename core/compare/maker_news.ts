/**
 * What a product or its maker did to itself is news, not a change of what the team uses:
 * "Tailwind 4 replaced the JS config with CSS-first configuration", "ESLint 9 switched the
 * default to flat config" (the stored tool, as the doer, changed its own parts), "AWS replaced
 * Elasticsearch with OpenSearch in its managed service", "GitHub deprecated the set-output
 * command" (a cloud or a code host changed its offering). Read when the doer before the first
 * change word is only such a name (with a version, an article or a possessive), the change word
 * is active, nothing in the statement is the team's own (`we`, `our`, `I`), and no rival of the
 * doer is named after the change word: "Node 22 replaced Node 18 on the API", "Redis moved to
 * Valkey" and "GitHub Actions replaced Jenkins" stay changes.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { firstCue } from "./cues.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";
import { saidByUs } from "./ours.ts";

/** Makers whose own offering changes without the team's choice changing. */
const MAKERS = /^tech:(?:cloud|code-hosting)$/;

/** Words a doer may carry besides its name: an article, a possessive, a version. */
const FILLER = /^(?:the|a|an|'s|’s|s|v?\d+(?:\.\d+)*(?:\.x)?)$/;

/** A change word said in the passive ("Jest was replaced by Vitest") names what was acted on. */
const PASSIVE = /^(?:is|are|was|were|been|be|got|gets|get|being)$/;

/**
 * Whether `incoming` tells what a product or its maker did to its own offering (see the module
 * doc), so it changes nothing in `stored`.
 */
export function makerNews(incoming: Statement, stored: Statement): boolean {
  if (saidByUs(incoming.text)) return false;
  const first = firstCue(incoming.cues);
  if (first <= 0) return false;
  const tokens = tokensFor(incoming.text);
  if ([first - 1, first].some((i) => PASSIVE.test(tokens[i]?.lower ?? ""))) return false;
  const techs = incoming.values.filter((v) => v.kind === "tech");
  // A doer the change word ends ("IE11 is no longer supported", "axios is deprecated") is
  // the old value itself.
  const doers = techs.filter((v) => v.end <= first);
  if (doers.length === 0 || doers.some((v) => v.tense === "old" && held(stored, v.norm))) {
    return false;
  }
  const named = (i: number) => doers.some((v) => v.start <= i && i < v.end);
  const onlyNames = tokens.slice(0, first).every((t, i) =>
    named(i) || t.kind !== "word" || FILLER.test(t.lower)
  );
  if (!onlyNames) return false;
  // A rival named after the change word makes it the team's change after all: of the doer,
  // or the doer's own next version ("Airflow upgraded to 2.7.3"); when the doer is a stored
  // technology, of any stored one too ("Looker repointed at Snowflake" after "Looker reads
  // from Redshift"). A maker's products are its own ("AWS replaced Elasticsearch with
  // OpenSearch in its managed service").
  const rivalOf = (around: readonly Value[]) => {
    const slots = new Set(around.flatMap((v) => v.slots));
    for (const v of doers) slots.add(`version:${v.norm}`);
    return incoming.values.some((v) => v.start >= first && v.slots.some((s) => slots.has(s)));
  };
  const storedTechs = stored.values.filter((v) => v.kind === "tech");
  const itself = doers.some((v) => held(stored, v.norm)) && !rivalOf([...doers, ...storedTechs]);
  const maker = doers.some((v) => !held(stored, v.norm) && v.slots.some((s) => MAKERS.test(s))) &&
    !rivalOf(doers);
  return itself || maker;
}

/** Whether `stored` names the technology `norm`. */
function held(stored: Statement, norm: string): boolean {
  return stored.values.some((v) => v.kind === "tech" && v.norm === norm);
}
