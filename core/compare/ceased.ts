/**
 * A change read from the old value's fate, in any idiom: the incoming statement names the
 * stored statement's value (a technology, a name, an identifier) next to a word that says it
 * ended ("Twilio account closed", "the NGINX controller is uninstalled", "logrus is banned by
 * the linter", "RIP TeamCity box", "bye bye TypeORM", "Jenkins out", "ditched `responses`"),
 * and gives another value of the same attribute (or, when the stored value is no value the
 * lexicons know, another value-shaped name). The stored value itself is the evidence that the
 * two are about one subject, so no subject word need be shared; what tells another subject
 * apart is what the incoming statement names of its own (`own_subject.ts`), a scope it gives
 * (`otherScope`), or a word saying the stored fact is left as it is ("Android untouched",
 * "admin panel is a separate ticket").
 *
 * The words of ending are a closed class of English (removal, shutdown, ban, farewell,
 * leftover), not a list of phrasings: they are matched as single words within a few words of
 * the value, in its clause, and not denied.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { ENDED_AFTER, ENDED_BEFORE } from "./ending_words.ts";
import { asserted, same } from "./conflict.ts";
import { tokensFor } from "./cached_tokens.ts";
import { otherScope, otherVersion, ownSubject } from "./own_subject.ts";
import { attributeTerms, stem, synonym, termsOf } from "./terms.ts";
import { labelSubject } from "./label.ts";
import { WEAK } from "./lexicon.ts";
import { lingers, NARROWED, narrowing, subjectOf } from "./narrowed.ts";
import type { Token } from "./tokens.ts";
import { type Value, value } from "./value_types.ts";

/** What ended, and what holds now. */
export interface Ceased {
  readonly attribute: "statement";
  readonly from: string;
  readonly to: string;
}

/** Generic heads ("service", "app") name nothing of their own. */
const WEAK_TERMS = new Set([...WEAK].flatMap((w) => [stem(w), stem(synonym(w))]));

/** Words saying the stored fact stays as it is: the change is elsewhere. */
const LEFT_AS_IS = /\b(?:untouched|unchanged|unaffected|separate|stays|remains|as-is|still)\b/i;

/** Kinds of value that name a thing (not a number, a time or a place). */
const NAMING = new Set(["tech", "name", "path", "host", "url", "choice", "person"]);

/**
 * A question answered by a word of ending ("OneSignal? gone."): read as a statement, not as
 * the question the question mark alone would make it.
 */
export function answered(text: string): boolean {
  const tokens = tokensFor(text);
  const marks = tokens.filter((t) => t.lower === "?").length;
  const i = tokens.findIndex((t) => t.lower === "?");
  return marks === 1 && i > 0 && ENDED_AFTER.has(tokens[i + 1]?.lower ?? "") &&
    !/^(?:did|does|do|has|have|is|are|was|were|should|can|could|will|would)$/.test(
      tokens[0]!.lower,
    );
}

/** Whether `text` has a word of ending at all (cheap: checked before reading the stored side). */
export function ceasedCue(text: string): boolean {
  const tokens = tokensFor(text);
  let found = CUED.get(tokens);
  if (found === undefined) {
    found = tokens.some((t) =>
      ENDED_AFTER.has(t.lower) || ENDED_BEFORE.has(t.lower) || NARROWED.test(t.lower)
    );
    CUED.set(tokens, found);
  }
  return found;
}

/** {@linkcode ceasedCue}, remembered per token list (token lists are cached by text). */
const CUED = new WeakMap<readonly Token[], boolean>();

/** The distinctive words of a value ("NGINX ingress" → nginx, ingress). */
function partsOf(norm: string): string[] {
  return norm.split(/[\s./:@_-]+/).filter((w) => w.length >= 3 && !/^\d/.test(w));
}

/** A span of the incoming statement naming a stored value, with the slots it is read in. */
interface Mention {
  readonly start: number;
  readonly end: number;
  readonly slots: readonly string[];
  /** Whether the incoming statement's cues already read it as old ("from X", "X anymore"). */
  readonly old?: boolean;
  /** Named by the head of its name only ("circle" for CircleCI): the new value must be of its kind. */
  readonly partial?: boolean;
}

/** Token ranges of `incoming` that name the stored value `w`. */
function mentions(incoming: Statement, tokens: readonly Token[], w: Value): Mention[] {
  const byValue = incoming.values.filter((v) =>
    same(v, w) ||
    v.kind === "tech" && w.kind === "tech" &&
      partsOf(v.norm).some((p) => partsOf(w.norm).includes(p))
  ).map((v) => ({
    start: v.start,
    end: v.end,
    slots: [...w.slots, ...v.slots],
    old: v.tense === "old",
  }));
  if (byValue.length > 0) return byValue;
  // The value as written, or its first segment ("db-staging-1.internal", "moment.js",
  // "Sublime Text" are named "db-staging-1", "moment", "Sublime").
  const first = w.norm.split(/[\s./:@]/)[0]!;
  if (first.length < 3 || !NAMING.has(w.kind)) return [];
  // Or the head of a camel-cased name ("CircleCI" is "circle"), five letters or more.
  const head = /^(\p{Lu}\p{Ll}{4,})\p{Lu}/u.exec(w.text)?.[1]?.toLowerCase();
  return tokens.flatMap((t, i) =>
    t.kind !== "punct" && (t.lower === w.norm || t.lower === first || t.lower === head)
      ? [{ start: i, end: i + 1, slots: w.slots, partial: t.lower === head }]
      : []
  );
}

/** A preposition right after the value: a part of it is meant ("WireGuard configs for …"). */
function scopedPart(tokens: readonly Token[], end: number): boolean {
  for (const t of tokens.slice(end, end + 3)) {
    // "VS Code is only for pairing": what it is used for now, not a part of it.
    if (BEING.test(t.lower) || t.clause !== tokens[end - 1]!.clause) return false;
    if (/^(?:for|in|on|of|at|under|within)$/.test(t.lower)) return true;
  }
  return false;
}

/** Words that open a verb's object: after a word of ending, the value before it acted. */
const OBJECT = /^(?:the|a|an|our|its|their|his|her|all|every|some|this|that|these|those|support)$/;
/** Verbs of being before a word of ending: the value underwent it ("X was removed the …"). */
const BEING = /^(?:is|are|was|were|been|be|being|got|gets)$/;

/** Whether the incoming statement gives a current technology in a slot of the mention. */
function slotted(incoming: Statement, mention: Mention): boolean {
  return asserted(incoming).some((v) =>
    v.kind === "tech" && v.slots.some((s) => mention.slots.includes(s))
  );
}

/**
 * Where the words around `[start, end)` say it ended: the old phrase from the value to its
 * word of ending ("TeamCity box", "Twilio account closed"), or null.
 */
function ended(
  tokens: readonly Token[],
  start: number,
  end: number,
  subject: ReadonlySet<string>,
): [number, number] | null {
  const clause = tokens[start]!.clause;
  const negated = (i: number) =>
    tokens.slice(Math.max(0, i - 2), i).some((t) =>
      /^(?:not|never|isn't|aren't|wasn't|weren't|hasn't|haven't|won't|no)$/.test(t.lower)
    );
  for (let i = end; i < Math.min(tokens.length, end + 5); i++) {
    const t = tokens[i]!;
    // "X is off", "Jenkins out": not a phrasal verb ("signs off", "went out").
    if (
      /^(?:off|out)$/.test(t.lower) && i > end &&
      !/^(?:is|are|was|were|been|be|now)$/.test(tokens[i - 1]!.lower)
    ) continue;
    // "nginx only serves static files", "the circle config is only kept for …": its use narrowed.
    // (`narrowed.ts`; narrowed to the stored subject itself, it keeps the stored fact.)
    const narrowed = narrowing(tokens, end, i, subject);
    if (narrowed) return narrowed === "kept" ? null : [start, i + 1];
    // "OneSignal? gone.": a bare word of ending may answer the value's own question.
    const crossed = t.clause !== clause && !(i === end + 1 && tokens[end]!.lower === "?");
    if (crossed || t.lower === "," || t.lower === "and" || t.lower === "but") break;
    // "WireGuard configs for contractors were deleted": a part of it, scoped, ended.
    if (/^(?:for|in|on|of|at|from|under|within)$/.test(t.lower)) break;
    const anyMore = t.lower === "more" && /^(?:any|no)$/.test(tokens[i - 1]?.lower ?? "");
    // "Fastly removed the old API": the value did the removing, with an object after it.
    const acting = OBJECT.test(tokens[i + 1]?.lower ?? "") &&
      !tokens.slice(end, i).some((x) => BEING.test(x.lower));
    if ((ENDED_AFTER.has(t.lower) || anyMore) && !negated(i) && !acting) return [start, i + 1];
  }
  for (let i = start - 1; i >= Math.max(0, start - 3); i--) {
    const t = tokens[i]!;
    if (t.clause !== clause || t.lower === ",") break;
    if (ENDED_BEFORE.has(t.lower) && !negated(i)) {
      // "RIP TeamCity box": the head after the value belongs to the old phrase.
      let to = end;
      while (
        to < tokens.length && to < end + 2 && tokens[to]!.kind === "word" && !tokens[to]!.cap &&
        tokens[to]!.clause === clause && !/^(?:for|with|to|in|on|and)$/.test(tokens[to]!.lower)
      ) to++;
      return [i, to];
    }
  }
  return null;
}

/** Whether the stored statement says `lower` (as a word, a term of it, or a token). */
function said(stored: Statement, lower: string): boolean {
  // An identifier is said only as a whole ("DATABASE_URL" is not "the database URL").
  const whole = IDENT.test(lower);
  return stored.words.has(lower) ||
    !whole && termsOf(lower).some((w) => stored.words.has(w)) ||
    tokensFor(stored.text).some((t) => t.lower === lower);
}

/** An identifier's shape: letters and digits joined, or parts joined by `.`, `_`, `/`, `@`. */
const IDENT = /[a-z]-?\d|\d[a-z]|\w[._/@]\w/i;

/** Value-shaped tokens: a name written with a capital inside a sentence, code, an identifier. */
function shaped(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind === "code") return true;
  if (t.kind !== "word" || t.reason) return false;
  return IDENT.test(t.lower) || t.cap && i > 0 &&
      !/^[.!?:;—]$/.test(tokens[i - 1]!.lower) && t.lower.length >= 3;
}

/** Another value of the attribute of `old`, outside the ended span, the stored side lacks. */
function newValue(
  incoming: Statement,
  stored: Statement,
  tokens: readonly Token[],
  old: Value,
  { slots, partial }: Mention,
  span: readonly [number, number],
): string | null {
  const held = stored.values;
  const outside = (v: { start: number; end: number }) => v.end <= span[0] || v.start >= span[1];
  const numeric = new Set(
    incoming.values.filter((v) => !NAMING.has(v.kind)).flatMap((v) => range(v.start, v.end)),
  );
  const fresh = asserted(incoming).filter((v) =>
    outside(v) && NAMING.has(v.kind) && !held.some((w) => same(v, w)) &&
    !stored.words.has(v.norm)
  );
  const slotted = fresh.find((v) => v.slots.some((s) => slots.includes(s)));
  if (slotted || partial) return slotted?.text ?? null;
  // Another version of the ended one, when the stored statement gives its version ("Java 21
  // …, the Java 11 images are EOL'd" after "… run on Java 11").
  const version = `version:${old.norm}`;
  const newer = stored.values.some((w) => w.slots.includes(version)) &&
    incoming.values.find((v) =>
      outside(v) && v.tense === "current" && v.slots.includes(version) &&
      !held.some((w) => same(v, w))
    );
  if (newer) return `${old.text} ${newer.text}`;
  // What the old one was swapped for ("ditched `responses` for respx"), or replaced by ("got
  // replaced by our own flagd sidecar"): the head of the object, past its determiners.
  const after = tokens[span[1]];
  const by = after?.lower === "by" && /^(?:replaced|superseded)$/.test(tokens[span[1] - 1]!.lower);
  let at = span[1] + 1;
  while (OBJECT.test(tokens[at]?.lower ?? "") || /^(?:own|new)$/.test(tokens[at]?.lower ?? "")) {
    at++;
  }
  const object = tokens[at];
  const content = object && object.kind !== "punct" && termsOf(object.lower).length > 0;
  if (after && object && (/^(?:for|with)$/.test(after.lower) || by) && content) {
    if (!said(stored, object.lower)) return object.text;
  }
  // A value the lexicons do not know: a name or identifier the stored statement never says.
  const named = tokens.findIndex((t, i) =>
    (i < span[0] || i >= span[1]) && shaped(tokens, i) && !t.paren && !numeric.has(i) &&
    !said(stored, t.lower)
  );
  return named >= 0 ? tokens[named]!.text : null;
}

/**
 * How `incoming` says the stored value ended and another holds, or null (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { ceasedChange } from "./ceased.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const stored = readStatement("Our editor is Sublime Text.");
 * deepEqual(ceasedChange(readStatement("I use Zed for everything, Sublime is uninstalled."), stored), {
 *   attribute: "statement",
 *   from: "Sublime Text",
 *   to: "Zed",
 * });
 * equal(ceasedChange(readStatement("I use Zed for notes, Sublime stays for coding."), stored), null);
 * ```
 */
export function ceasedChange(incoming: Statement, stored: Statement): Ceased | null {
  if (incoming.cues.hypothetical && !answered(incoming.text)) return null;
  if (incoming.cues.additive || LEFT_AS_IS.test(incoming.text)) return null;
  if (envElsewhere(incoming, stored)) return null;
  const scoped = otherScope(incoming, stored);
  const tokens = tokensFor(incoming.text);
  const candidates = oldValues(incoming, stored, tokens)
    // "dropped python 3.8 from the sdk" after "the api needs python >= 3.11": another fact.
    .filter((old) => old.kind !== "tech" || !otherVersion(incoming, stored, old))
    .map((old) => [old, mentions(incoming, tokens, old)] as const);
  for (const [old, found] of candidates) {
    for (const mention of found) {
      // Named as old by a change word ("switched to Neovim, VS Code is only for pairing now"),
      // or next to a word of ending.
      const phrase: [number, number] | null =
        mention.old && slotted(incoming, mention) && !scopedPart(tokens, mention.end)
          ? [mention.start, mention.end]
          : ended(tokens, mention.start, mention.end, subjectOf(stored));
      if (!phrase) continue;
      // What it names of its own, the old phrase and its words of ending aside.
      // The attribute's own words ("formatter for all python services") name no subject.
      const ignore = new Set([
        ...tokens.slice(...phrase).flatMap((t) => [t.lower, ...termsOf(t.lower)]),
        ...mention.slots.flatMap((slot) => [...attributeTerms(slot)]),
      ]);
      if (
        ownSubject(incoming, stored, ignore) ||
        subjectBefore(incoming, stored, phrase[0]) ||
        labelSubject(incoming, stored, mention.slots)
      ) {
        return null;
      }
      const to = newValue(incoming, stored, tokens, old, mention, phrase);
      // A scope said only in the old value's own part tells where it lingers or went ("black
      // isn't installed in the venv anymore", "… only kept for the archive branch"), when the
      // new value stands in another part; else the change holds in that scope only.
      if (to && scoped && !lingers(incoming, stored, tokens, phrase, to)) return null;
      if (to) return { attribute: "statement", from: old.text, to };
    }
  }
  return null;
}

/**
 * The stored values that may have ended: those it asserts that name a thing, its names
 * written with a capital inside the sentence ("Multiplayer uses ENet"), and its words the
 * incoming statement writes as code ("ditched `responses`").
 */
function oldValues(incoming: Statement, stored: Statement, tokens: readonly Token[]): Value[] {
  const held = asserted(stored).filter((w) => NAMING.has(w.kind));
  const inValue = (i: number, s: Statement) => s.values.some((v) => v.start <= i && i < v.end);
  const theirs = tokensFor(stored.text);
  const named = theirs.flatMap((t, i) =>
    shaped(theirs, i) && !inValue(i, stored) && !held.some((w) => w.norm === t.lower)
      ? [value("name", [], t.lower, theirs, i, i + 1)]
      : []
  );
  const coded = tokens.flatMap((t, i) =>
    t.kind === "code" && !inValue(i, incoming) && said(stored, t.lower) &&
      !named.some((w) => w.norm === t.lower)
      ? [value("name", [], t.lower, tokens, i, i + 1)]
      : []
  );
  return [...held, ...named, ...coded];
}

/**
 * The incoming statement names an environment the stored one does not, besides the words of
 * the stored values' attributes ("Android CI: Jenkins out" is about CI, the attribute of
 * Jenkins): what it says ended may have ended there only.
 */
function envElsewhere(incoming: Statement, stored: Statement): boolean {
  const envs = (s: Statement) => s.terms.filter((t) => t.kind === "environment");
  if (envs(stored).length > 0) return false;
  const attribute = new Set(
    stored.values.flatMap((v) => v.slots).flatMap((slot) => [...attributeTerms(slot)]),
  );
  return envs(incoming).some((e) => !attribute.has(e.term));
}

/**
 * A subject of its own right before the old phrase, in its clause and outside or inside
 * parentheses as the phrase is ("search replaced its redis cache …" after "checkout caches
 * carts in redis"): a word the stored statement never says, while the stored statement names a subject word the incoming one never says.
 */
function subjectBefore(
  incoming: Statement,
  stored: Statement,
  start: number,
): boolean {
  const tokens = tokensFor(incoming.text);
  let from = start;
  // Back to the clause start, a comma, or where an aside opens ("= BigQuery (Redshift … paused").
  while (
    from > 0 && tokens[from - 1]!.clause === tokens[start]!.clause &&
    tokens[from - 1]!.lower !== "," && tokens[from - 1]!.paren === tokens[start]!.paren
  ) from--;
  const strong = (s: Statement) => s.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  // Words in parentheses are no terms of the statement: there, any word but a generic head.
  const aside = tokens[start]!.paren;
  const mine = tokens.slice(from, start).filter((t) =>
    t.kind === "word" && t.paren === aside && !ENDED_BEFORE.has(t.lower) &&
    !ENDED_AFTER.has(t.lower) &&
    // An identifier there is the new value ("ADR-031 supersedes ADR-012").
    !IDENT.test(t.lower)
  )
    .flatMap((t) => termsOf(t.lower)).filter((w) =>
      aside ? !WEAK_TERMS.has(w) : strong(incoming).includes(w)
    );
  return mine.some((w) => !stored.words.has(w)) &&
    strong(stored).some((w) => !incoming.words.has(w));
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}
