/**
 * A change read as one slot swapped, when the incoming statement marks itself as current: it
 * says the stored statement again, word for word but for what the stored one said of its
 * subject, and says from when ("Effective immediately, weekend support is covered by the
 * Manila team" after "Weekend support is covered by the EU team"; "after the INC-2291
 * postmortem the cache runs volatile-lru" after "Redis cache uses allkeys-lru"). The marker of
 * currency is what tells a change from a conflict: two plain statements that differ in one
 * slot are a conflict (`conflict.ts`), and stay both.
 *
 * Read without a lexicon of values: the two statements' words are compared as bags (stems,
 * and words sharing their first five letters: "Brazil" / "Brazilian"); the words only the
 * stored statement says must be few and lie in what it says of its subject (after its last
 * verb or preposition, `frame_change.ts`) or be its values, the words only the incoming one
 * says few too, and the two must share at least two words, one of them of the stored
 * subject. No environment or platform may come or go (that is another scope).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { frameOf } from "./frame_change.ts";
import { tokensFor } from "./cached_tokens.ts";
import { sharesRoot, termsOf } from "./terms.ts";
import type { Token } from "./tokens.ts";

/** A swap: the stored words replaced, and the new ones. */
export interface Swap {
  readonly attribute: "statement";
  readonly from: string;
  readonly to: string;
}

/** Change words that only say from when a statement holds. */
const CURRENCY = new Set([
  "now",
  "nowadays",
  "these days",
  "effective",
  "as of",
  "since",
  "from now on",
  "going forward",
  "from here on",
  "starting",
  "from today",
  "moving forward",
  "onwards",
  "correction",
  "update",
  "today",
]);

/**
 * "after the cutover", "after Tuesday's cutover", "after the INC-2291 postmortem", "after this
 * quarter's hires" (events of a team too: hires, layoffs, a restructuring, an acquisition).
 */
const AFTER_EVENT =
  /\bafter (?:the |our |this |last |[\w-]+'s )?(?:[\w-]+(?:'s)? )?(?:cutover|cut-over|migration|move|upgrade|reorg|re-org|postmortem|post-mortem|incident|rollout|switch|rewrite|review|outage|launch|merger|refactor|hires|hiring|layoffs|departures|restructuring|reorganisation|reorganization|acquisition|rebrand)\b/i;

/** A ticket or a pull request: "PR #5531", "MR !12", "SEC-204", "#88". */
const TICKET = String.raw`(?:(?:PR|MR|pull request)\s*[#!]?\d+|[A-Z][A-Z0-9]+-\d+|#\d+)`;
/** Said done. */
const DONE = String
  .raw`(?:is\s+|was\s+|got\s+)?(?:merged|closed|shipped|landed|deployed|done|resolved|released|live)`;
/**
 * A ticket or a pull request said done beside the statement, in parentheses or as its heading
 * ("… (PR #5531 merged)", "SEC-204 closed: …"): what it says holds from then on. A statement
 * about the merge itself ("hotfix/PAY-4420 is merged to main") is an event, not this.
 */
const LANDED = new RegExp(String.raw`\(\s*${TICKET}\s+${DONE}\s*\)|^\s*${TICKET}\s+${DONE}\s*:`);

/** What happened once, not what holds: "were retried 5 times during the outage". */
const EPISODE = /\b(?:was|were|during|yesterday|last night)\b/i;

/** Words that carry the sentence, not its content. */
const FRAME_WORDS =
  /^(?:immediately|currently|is|are|was|were|be|been|uses?|used|runs?|ran|goes|go|done|held|gets?|via)$/;

/** Whether `s` marks itself as holding from some time on (a word of currency). */
export function currencyMarked(s: Statement): boolean {
  return s.cues.change.some((c) => CURRENCY.has(c)) || AFTER_EVENT.test(s.text) ||
    LANDED.test(s.text) && !EPISODE.test(s.text.replace(/\([^)]*\)/g, ""));
}

/** The indexes of the tokens of an "after the … cutover" phrase. */
function eventSpan(text: string, tokens: readonly Token[]): Set<number> {
  const m = AFTER_EVENT.exec(text);
  if (!m) return new Set();
  // "after this quarter's hires": the tokenizer splits the possessive off.
  const words = m[0].toLowerCase().split(/\s+/).map((w) => w.replace(/'s$/, ""));
  const start = tokens.findIndex((_, i) => words.every((w, k) => tokens[i + k]?.lower === w));
  return new Set(start < 0 ? [] : words.map((_, k) => start + k));
}

/** The content words of a statement, as stems (or whole, for values with digits or symbols). */
function bag(s: Statement, skip: ReadonlySet<number>): Map<string, string> {
  const out = new Map<string, string>();
  const tokens = tokensFor(s.text);
  // "After the cutover, …" opens with its time: what follows it is the claim, not a reason.
  const opened = tokens[0]?.reason === true;
  tokens.forEach((t, i) => {
    if (t.kind === "punct" || t.paren || t.reason && !opened || skip.has(i)) return;
    if (s.cues.cueTokens.has(i) || FRAME_WORDS.test(t.lower)) return;
    const whole = /\d|[:/@]/.test(t.lower) && /[a-z0-9]/.test(t.lower);
    for (const w of whole ? [t.lower] : termsOf(t.lower)) out.set(w, t.text);
  });
  return out;
}

/** Two words are one: equal, or sharing their first five letters ("brazil" / "brazilian"). */
function alike(a: string, b: string): boolean {
  return a === b || sharesRoot(a, b) && /^[a-z]+$/.test(a + b);
}

const only = (x: ReadonlyMap<string, string>, y: ReadonlyMap<string, string>) =>
  [...x.keys()].filter((w) => ![...y.keys()].some((v) => alike(w, v)));

/**
 * How `incoming`, marked as current, swaps one slot of `stored`, or null (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { markedSwap } from "./swap.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("Weekend support is covered by the EU team.");
 * equal(markedSwap(readStatement("Effective immediately, weekend support is covered by the Manila team."), stored)?.to, "Manila");
 * equal(markedSwap(readStatement("Weekend support is covered by the Manila team."), stored), null);
 * ```
 */
export function markedSwap(incoming: Statement, stored: Statement): Swap | null {
  if (!currencyMarked(incoming) || incoming.cues.additive || incoming.cues.hypothetical) {
    return null;
  }
  // Both said as current ("Slow query from API-725 now has …"): two facts of one time.
  if (currencyMarked(stored)) return null;
  if (incoming.values.some((v) => v.negated)) return null;
  const mine = bag(incoming, eventSpan(incoming.text, tokensFor(incoming.text)));
  const theirs = bag(stored, new Set());
  const [gone, added] = [only(theirs, mine), only(mine, theirs)];
  if (gone.length === 0 || gone.length > 3 || added.length === 0 || added.length > 3) return null;
  const shared = [...theirs.keys()].filter((w) => [...mine.keys()].some((v) => alike(w, v)));
  if (shared.length < 2) return null;
  // No environment or platform comes or goes.
  const scoped = (s: Statement) =>
    new Set(
      s.terms.filter((t) => t.kind === "environment" || t.kind === "platform").map((t) => t.term),
    );
  const scopes = [...scoped(stored), ...scoped(incoming)];
  if ([...gone, ...added].some((w) => scopes.includes(w))) return null;
  // The words gone are what the stored statement said of its subject, or its values.
  const values = new Set(
    stored.values.flatMap((v) => [v.norm, ...v.norm.split(/[\s-]+/).flatMap(termsOf)]),
  );
  const frame = frameOf(stored.text);
  const subject = frame
    ? [...frame.subject]
    : stored.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  if (!shared.some((w) => subject.includes(w))) return null;
  // A word of the subject gone is another subject ("the e2e suite" / "the unit suite"), unless
  // a technology names it ("Redis cache").
  const techs = new Set(
    stored.values.filter((v) => v.kind === "tech")
      .flatMap((v) => [v.norm, ...v.norm.split(/[\s-]+/).flatMap(termsOf)]),
  );
  const said = (w: string) =>
    frame
      ? frame.predicate.has(w) && !frame.subject.has(w) || techs.has(w) ||
        values.has(w) && !frame.subject.has(w)
      : values.has(w);
  if (!gone.every(said)) return null;
  return {
    attribute: "statement",
    from: gone.map((w) => theirs.get(w)!).join(" "),
    to: added.map((w) => mine.get(w)!).join(" "),
  };
}
