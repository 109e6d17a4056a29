/**
 * A purpose or an occasion said after the claim: "changed backup retention to 35 days for the
 * SOC2 audit", "froze deploys for the holidays", "raised the pool to 40 to avoid timeouts",
 * "cut the TTL to 15 min to reduce egress". It tells why, not which thing: its words are no
 * subject words, as a reason after "because" is not. A purpose after `for` ends in a noun of
 * the class of occasions (audits and certifications, launches, migrations, incidents, seasons,
 * savings); one after `to` opens with a verb of aim (avoid, save, reduce, meet, comply …).
 * "for the admin tool" and "to the EU region" are scopes and places, and stay subject words.
 *
 * @module
 */
/** What a purpose is read from: a token's lowercase text, kind and clause (see `tokens.ts`). */
interface Word {
  readonly lower: string;
  readonly kind: string;
  readonly clause: number;
}

/** Nouns of occasions and aims, the class that ends a purpose after `for`. */
const OCCASIONS = new Set(
  ("audit audits auditor auditors compliance certification recertification soc2 soc iso27001 " +
    "hipaa pci gdpr launch launches go-live release releases migration migrations cutover " +
    "incident incidents outage outages postmortem holidays holiday season peak sale sales " +
    "black-friday demo demos conference event events offsite renewal deadline deadlines freeze " +
    "savings saving cost costs budget performance latency security privacy reasons reason " +
    "stability reliability test tests testing experiment load-test benchmark benchmarks")
    .split(" "),
);
/** Verbs that open a purpose after `to`. */
const AIMS = new Set(
  ("avoid save reduce cut lower limit prevent meet comply satisfy match speed free keep stop " +
    "fix unblock support accommodate handle survive pass")
    .split(" "),
);
/** Words that may stand between `for` and the occasion ("for the SOC2 audit", "for our Q3 launch"). */
const FILLER = /^(?:the|a|an|our|this|next|upcoming|their|its|q[1-4]|[\w-]+)$/;
/** Words that end the phrase after `for`. */
const STOP = /^(?:and|so|but|because|since|after|before|until|in|on|at|to|from|with|which|that)$/;
/** How many words may stand between `for` and the occasion. */
const REACH = 3;

/**
 * Whether the tokens from `i` on (`for …` or `to …`) give a purpose (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { purposeAt } from "./purpose.ts";
 * import { equal } from "node:assert/strict";
 *
 * const at = (text: string, word: string) => {
 *   const tokens = tokenize(text);
 *   return purposeAt(tokens, tokens.findIndex((t) => t.lower === word));
 * };
 * equal(at("changed backup retention to 35 days for the SOC2 audit", "for"), true);
 * equal(at("raised the rate limit to 300 for the partner api", "for"), false);
 * ```
 */
export function purposeAt(tokens: readonly Word[], i: number): boolean {
  const t = tokens[i];
  if (!t || i === 0) return false;
  if (t.lower === "to") return AIMS.has(tokens[i + 1]?.lower ?? "");
  if (t.lower !== "for") return false;
  // The phrase runs to the clause's end or a joining word; its last word is the occasion
  // ("for the SOC2 audit", not "for the audit log service").
  let k = i + 1;
  while (
    k < tokens.length && tokens[k]!.kind === "word" && tokens[k]!.clause === t.clause &&
    !STOP.test(tokens[k]!.lower)
  ) {
    if (k > i + 1 + REACH || !FILLER.test(tokens[k]!.lower)) return false;
    k++;
  }
  return k > i + 1 && OCCASIONS.has(tokens[k - 1]!.lower);
}
