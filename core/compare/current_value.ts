/**
 * An implicit change: the incoming statement says what holds now of the stored statement's
 * subject, with a word of currency and no change verb ("rate limiter is a sliding window these
 * days" after "Rate limiting uses a fixed window of 1 minute"; "tf state lives in s3 since last
 * month" after "terraform state is in local files"). Without the cue, two such statements are
 * two plain assertions (a conflict, `conflict.ts`), and stay both.
 *
 * The cue is a class, not a list of phrases: a present-time adverb ("now", "these days",
 * "currently", "at the moment"), a starting point ("as of", "since the reorg", "effective",
 * "going forward", "post-migration"), a new holder of a role ("has a new tech lead:"), or a
 * heading of correction ("UPDATE:"). The subject is
 * the stored statement's frame (`frame_change.ts`: the words before its last pivot), read as
 * normalised names (`names_key.ts`: kebab, snake and camel case, `-svc`, plurals, short forms):
 * the incoming statement must name all of it, and add at most one word of a subject of its own.
 * What the stored statement said of its subject must be partly gone, and something new said.
 * Look-alikes stay out: a proposal, a question, an addition, an event, a statement about the
 * past ("used to", "originally"), another scope (`own_subject.ts`), or both marked as current.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { otherScope } from "./own_subject.ts";
import { nameKeys } from "./names_key.ts";

/** A change read as a new current value of the stored subject. */
export interface CurrentValue {
  readonly attribute: "statement";
  readonly from: string;
  readonly to: string;
}

const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";

/** Spans of time and events a statement may date itself from ("since last sprint", "the reorg"). */
const EVENTS =
  "day|week|sprint|month|quarter|year|release|reorg|re-org|migration|cutover|cut-over|upgrade|rewrite|merger|incident|outage|postmortem|post-mortem|launch|rollout|offsite|review|refactor|switch|move";

/** A point in time after "since", "as of", "effective", "starting". */
const POINT = [
  String.raw`(?:(?:the|our|last|this|next) )?(?:[\w'-]+ )?(?:${EVENTS})s?`,
  String.raw`v?\d[\w.]*`,
  String.raw`(?:${MONTHS})(?: \d+)?`,
  String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`,
  "today|immediately|now|then|yesterday",
].join("|");

/** Words of currency: the present, a starting point, or a correction heading. */
const CURRENT = new RegExp(
  [
    String.raw`\b(?:now|nowadays|these days|currently|at the moment|at present|right now|today)\b`,
    String.raw`\b(?:as of|effective|starting)(?: (?:${POINT})\b)?`,
    String.raw`\bsince (?:${POINT})\b`,
    String.raw`\b(?:going forward|moving forward|from now on|from here on|onwards|henceforth)\b`,
    String.raw`\b(?:post|after)[- ](?:(?:the|our|this|last) )?(?:[\w-]+ )?(?:${EVENTS})\b`,
    String
      .raw`\b(?:per|under|with) the new (?:contract|policy|plan|agreement|process|setup|rules?)\b`,
    String
      .raw`\b(?:from|starting with|with the) v?\d+(?:\.\d+)*(?: release)? ?(?:on|onwards?|release)\b`,
    String.raw`\b(?:went|is|are) (?:EOL|end-of-life|live|GA)\b`,
    // A new holder of a role: "payments has a new tech lead: Aisha", "the new PM is Ruth".
    String
      .raw`\b(?:has|have|got|gets|the) (?:a )?new (?:[\w-]+ ){0,2}(?:lead|owner|manager|maintainer|contact|head|pm|em|po|champion|approver|reviewer)s?\b(?= ?(?::|is\b|are\b|-))`,
    String.raw`^\s*(?:update|updated|edit|correction|fyi)\s*[:\-—]`,
  ].join("|"),
  "i",
);

/** The statement speaks of the past, plans or wonders. */
const NOT_CURRENT =
  /\b(?:used to|originally|initially|at first|back (?:in|when|then)|previously|formerly|until|will|would|could|might|maybe|should|plan(?:s|ned|ning)? to|proposal|proposed|considering|if)\b|\?/i;

/** The statement with its cues blanked out: they say nothing of the subject. */
const CUE_SPANS = new RegExp(CURRENT.source, "gi");
function uncued(text: string): string {
  return text.replace(CUE_SPANS, " nowcue ");
}

/** Whether `text` marks itself as saying what holds now (see the module doc). */
export function currentCue(text: string): boolean {
  return CURRENT.test(text) && !NOT_CURRENT.test(text);
}

/** Verbs and signs after which a statement says what its subject is, uses or where it lives. */
const PIVOT =
  /^(?:is|are|was|were|uses?|using|runs?|lives?|sits?|goes|go|has|have|gets?|requires?|needs?|wants?|holds?|points?|talks?|sends?|calls?|prints?|pages?|supports?|returns?|stays?|[:=])$/i;

/** A statement's words as written, punctuation signs that split a frame kept as words. */
function wordsOf(text: string): string[] {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}._/'-]*|[:=,;]/gu) ?? [];
}

/** The keys of words, the cue's own words and signs left out. */
function keysOf(words: readonly string[]): Set<string> {
  return new Set(
    words.filter((w) => !/^[:=,;]$/.test(w) && w !== "nowcue")
      .map((w) => w.replace(/'s$/, "")).flatMap(nameKeys),
  );
}

/** Something going on, not a standing use. */
const PROGRESSIVE =
  /\b(?:is|are|'re|am)\s+(?:(?:now|currently|still)\s+)?(?!using\b|running\b|hosting\b|serving\b|storing\b|building\b)[a-z]+ing\b/i;

/** A statement's subject and predicate as keys, and the two words after its pivot as written. */
interface Frame {
  readonly subject: Set<string>;
  readonly predicate: Set<string>;
  readonly lead: readonly string[];
}

/** The subject (the words of its clause before its first pivot) and the rest, as keys. */
function frame(text: string): Frame | null {
  const words = wordsOf(text.replace(/\([^)]*\)/g, " "));
  const pivot = words.findIndex((w, i) => i > 0 && PIVOT.test(w));
  if (pivot < 1) return null;
  const opened = words.slice(0, pivot).lastIndexOf(",");
  // A later clause's subject is the statement's only after an opening cue ("Since the reorg,
  // retros are …"), not after a clause of its own ("we deploy with Kamal, cap scripts are …").
  const opening = words.slice(0, opened);
  const cued = opening.includes("nowcue") || CURRENT.test(opening.join(" "));
  if (opened > 0 && (opening.length > 4 || !cued)) return null;
  return {
    subject: keysOf(words.slice(opened + 1, pivot)),
    predicate: keysOf(words.slice(pivot + 1)),
    lead: words.slice(pivot + 1, pivot + 3).map((w) => w.toLowerCase()),
  };
}

/** The words of `text` as written whose keys are among `keys`, for people. */
function written(text: string, keys: readonly string[]): string {
  return wordsOf(text).filter((w) => nameKeys(w).some((k) => keys.includes(k)))
    .map((w) => w.replace(/[._/-]+$/, "")).join(" ");
}

/** Each key with the key of the next word, within a clause. */
function pairs(text: string): [string, string][] {
  const words = wordsOf(text);
  const out: [string, string][] = [];
  words.forEach((w, i) => {
    const next = words[i + 1];
    if (!next || /^[:=,;]$/.test(w) || /^[:=,;]$/.test(next)) return;
    for (const a of nameKeys(w)) for (const b of nameKeys(next)) out.push([a, b]);
  });
  return out;
}

/**
 * How `incoming`, marked as current, gives a new value to `stored`'s subject, or null (see the
 * module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { currentValue } from "./current_value.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("The billing worker is deployed with Capistrano.");
 * equal(currentValue(readStatement("These days the billing worker is deployed with Kamal."), stored)?.attribute, "statement");
 * equal(currentValue(readStatement("The billing worker is deployed with Kamal."), stored), null);
 * ```
 */
export function currentValue(incoming: Statement, stored: Statement): CurrentValue | null {
  if (!currentCue(incoming.text) || CURRENT.test(stored.text)) return null;
  if (incoming.cues.hypothetical || incoming.cues.additive) return null;
  if (stored.cues.hypothetical || stored.cues.event || NOT_CURRENT.test(stored.text)) return null;
  if (incoming.values.some((v) => v.negated && v.tense === "current")) return null;
  const old = frame(stored.text);
  if (!old || old.subject.size === 0 || otherScope(incoming, stored)) return null;
  const mine = keysOf(wordsOf(uncued(incoming.text)));
  const theirs = keysOf(wordsOf(stored.text));
  const subject = old.subject;
  // The incoming statement's own subject adds nothing to the stored one ("the billing API" is
  // not "the API"); the stored subject is named whole, but one qualifier of a longer subject
  // may go unsaid when the incoming statement's subject is plainly a part of it.
  const own = frame(uncued(incoming.text))?.subject ?? new Set<string>();
  if ([...own].some((k) => !subject.has(k))) return null;
  const missing = [...subject].filter((k) => !mine.has(k));
  if (missing.length > (subject.size >= 2 && own.size > 0 ? 1 : 0)) return null;
  // Ids and numbers of the subject are the subject: none may differ ("INC-2291" / "INC-2292").
  const ids = (s: ReadonlySet<string>) => [...s].filter((k) => /\d/.test(k));
  if (ids(subject).some((k) => !mine.has(k))) return null;
  // Something of what it said is gone, and something new is said.
  const predicate = old.predicate;
  const gone = [...predicate].filter((k) => !mine.has(k) && !subject.has(k));
  const added = [...mine].filter((k) => !theirs.has(k));
  if (gone.length === 0 || added.length === 0) return null;
  // The new value fills the stored frame: the words that lead what the stored statement said
  // of its subject ("held on", "done with", "stored in") come back, unless they are the value
  // itself ("is 99.9%"); "right now the deploy is blocked by a failing test" says a state of
  // the moment, not what deploys are done with.
  const said = new Set(wordsOf(uncued(incoming.text)).map((w) => w.toLowerCase()));
  const frameWords = old.lead.filter((w) => !nameKeys(w).some((k) => gone.includes(k)));
  const back = (w: string) => said.has(w) || nameKeys(w).some((k) => mine.has(k));
  if (frameWords.length > 0 && !frameWords.some(back)) return null;
  // Nor is something going on ("we are currently burning the budget"), but for the verbs of a
  // standing use ("we're using pnpm these days").
  if (PROGRESSIVE.test(incoming.text)) return null;
  // One modifier for another before the same head ("the e2e suite" / "the unit suite") names
  // another thing of one kind, which may well run too.
  const heads = (text: string, said: readonly string[]) =>
    pairs(uncued(text)).filter(([a]) => said.includes(a)).map(([, b]) => b);
  const before = new Set(heads(stored.text, gone));
  if (heads(incoming.text, added).some((h) => before.has(h))) return null;
  return {
    attribute: "statement",
    from: written(stored.text, gone),
    to: written(uncued(incoming.text), added),
  };
}
