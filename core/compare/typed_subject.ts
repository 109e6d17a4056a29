/**
 * One subject read by its head words, for a dispute whose values name their attribute by
 * their kind ("Traces are sent to Honeycomb" / "Collected traces land in Jaeger": a tracing
 * backend each; "dashboard sessions time out after 12 hours" / "dashboard idle timeout is 2
 * hours": a duration each). The kind of value says which attribute is in dispute, so the
 * subject only has to be the same thing, not the same words:
 *
 * - the two share a subject word (a word of the attribute said by both counts: "traces"), or a
 *   longer form of a shortened one ("reco" / "recommendations");
 * - the words only one side says are few, and none is a name (capitalised past the first word,
 *   with a digit, a hyphen or an identifier's punctuation), a scope ("for the admin api", "by
 *   the ingress", "pods running the pdf renderer"), a measure ("target", "budget"; a setting's
 *   key aside: "maxReplicas"), a modifier of a shared word ("audit logs" / "logs"; a
 *   participle aside: "distributed traces"), a part after one ("game server scripting"), the
 *   object of a verb the other side does not say ("exposes metrics"), or the first subject word
 *   ("the ledger db keeps 35 days of backups");
 * - never do both sides say or name something of their own ("CI cache" / "CI artifacts",
 *   "Kenji prefers" / "Sam prefers", "project orion" / "project vega");
 * - words right after the value say more of it ("bcrypt, cost 12", "12 hours of inactivity",
 *   "16 threads per worker"), unless both sides do so differently ("1 MB flash" / "256 KB of
 *   RAM": two measures);
 * - each side's environment and platform words are the other's, and an attribute word one
 *   side says is said by the other ("scripting" narrows "language");
 * - neither side denies, begins, hedges, plans or lists ("no", "started", "also", "some",
 *   "planning", "supports").
 *
 * Only for one value a side whose slot is typed (a technology's category, a choice, a region,
 * a port, a day or time, a version, a quantity with a unit): a bare number only as the value of
 * a key naming the other side's unit ("puma threads = 5" / "16 threads"); an unknown name
 * needs the stricter readings of `conflict.ts`.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Difference } from "./difference.ts";
import { tokensFor } from "./cached_tokens.ts";
import { MEASURES } from "./loose_subject.ts";
import { attributeTerms, termsOf } from "./terms.ts";
import { same } from "./value_match.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { impliedBy } from "./implied_qualifiers.ts";
import { disputedOnly } from "./disputed_words.ts";
import { otherModifiers } from "./own_modifiers.ts";
import { placed } from "./value_subject.ts";

/** Slots whose values name their attribute by their kind. */
const TYPED =
  /^(?:tech|choice|version|port|region|qty|count|when|day|time|locale|key|location|role|path|url|host):?/;

/**
 * Denials, beginnings, hedges, plans and sets anywhere ("planning the React 19 upgrade",
 * "supports Chrome"): the word-for-word readings handle those.
 */
const GUARDED =
  /\b(?:not|no|never|don't|doesn't|isn't|aren't|won't|without|except|unless|started|began|initially|originally|also|too|only(?! (?:uses|runs|wants|takes|reads|writes|speaks|works)\b)|some|(?<!at )most|plann\w*|plans? to|upgrad\w*|migrat\w*|evaluat\w*|consider\w*|trial|pilot|support\w*|accept(?:s|ed|ing)?(?!-)|allow\w*|includ\w*)\b/i;

/** Words that pick a part of a thing by its age or standing. */
const SUBSET =
  /\b(?:old|older|oldest|legacy|archived|former|existing|remaining|new|newer|newest)\b/g;

/** Words after which what follows narrows the subject. */
const SCOPES = /^(?:for|of|per|by|except|excluding|besides|but|behind|inside|within)$/;

/** Auxiliaries: the word after one is a verb. */
const AUXILIARIES = /^(?:is|are|was|were|be|been|being|get|gets|got|will|can|should|must)$/;

/** Personal pronouns as subjects: the word after one is a verb. */
const PRONOUNS = /^(?:we|i|they|you|he|she)$/;

/** Particles and prepositions: a word right before one, after the subject, is its verb. */
const PARTICLES = /^(?:to|in|on|at|with|by|from|through|via|up|out|into|onto|as|under|after)$/;

/** Articles and determiners: a word right before one is a verb taking an object. */
const DETERMINERS = /^(?:the|a|an|our|its|their|every|each|all|this|that)$/;

/** Most plain words one side may say that the other does not. */
const MAX_EXTRA = 2;

/** Whether `a` and `b` are about one subject for the typed dispute `d` (see the module doc). */
export function typedSubject(a: Statement, b: Statement, d: Difference): boolean {
  if (d.a.length !== 1 || d.b.length !== 1 || !d.slots.some((s) => TYPED.test(s))) return false;
  // An address or a path names where a thing is only after a word of place ("are uploaded
  // to s3://…", "config path: ~/.config/…"), not as a name ("the Slack command /deploy").
  if (!placed(a, d.a[0]!) || !placed(b, d.b[0]!)) return false;
  // A bare number counts only as the value of a key naming the other side's unit ("puma
  // threads = 5" / "puma runs 16 threads").
  const bare = (v: Value, s: Statement) =>
    v.slots.length === 1 && v.slots[0] === "num" && !keyedBy(s, v, d.slots);
  if (d.a.some((v) => bare(v, a)) || d.b.some((v) => bare(v, b))) return false;
  if (GUARDED.test(a.text) || GUARDED.test(b.text)) return false;
  // A part of the thing by its age or standing, said by one side ("old runbooks", "legacy
  // services"): a subset with a value of its own.
  const subset = (s: Statement) => new Set(s.text.toLowerCase().match(SUBSET) ?? []);
  const [sa, sb] = [subset(a), subset(b)];
  if ([...sa].some((w) => !sb.has(w)) || [...sb].some((w) => !sa.has(w))) return false;
  // One value a part of the other ("Tuesdays" / "Tuesdays and Thursdays"): one says more.
  // Two values that only share a piece ("eu-north-1" / "eu-west-2", "14:00" / "10:00") are
  // two values of one shape.
  if (partOf(d.a[0]!, d.b[0]!) || partOf(d.b[0]!, d.a[0]!)) return false;
  if (!qualifiersAgree(a, b)) return false;
  const attribute = new Set(d.slots.flatMap((slot) => [...attributeTerms(slot)]));
  // An attribute word one side says and the other does not names a narrower attribute ("game
  // server scripting uses Lua" / "the game server is written in C++").
  const spoken = (s: Statement, other: Statement) =>
    s.terms.some((t) => attribute.has(t.term) && !said(t.term, other));
  if (spoken(a, b) || spoken(b, a)) return false;
  const [ra, rb] = [readSide(a, d.a, attribute), readSide(b, d.b, attribute)];
  // A word the other side says only as its holder in dispute ("The billing team owns
  // payments" says billing as its owner) is not its subject (`disputed_words.ts`).
  const shared = [...ra.nouns].filter((w) => said(w, b) && !disputedOnly(b, w, d.slots));
  const sharedB = [...rb.nouns].filter((w) => said(w, a) && !disputedOnly(a, w, d.slots));
  // The attribute's own word said by both is a shared subject too ("traces are sent to …").
  const both = [...ra.attribute].some((w) => rb.attribute.has(w));
  // So is a thing both name outside the dispute ("our JS monorepo" / "the JS monorepo").
  const common = namedByBoth(a, b, d);
  if (!both && !common && (shared.length === 0 || sharedB.length === 0)) return false;
  // Both sides say more of their value, differently ("1 MB flash" / "256 KB of RAM"): two
  // measures.
  // (A technology followed by more of its own name or kind is one tool: "Terraform HCL".)
  const more = (r: Side, other: Statement) => [...r.details].some((w) => !said(w, other));
  const tools = [...d.a, ...d.b].every((v) => v.kind === "tech");
  if (!tools && more(ra, b) && more(rb, a)) return false;
  const extraA = [...ra.nouns].filter((w) => !shared.includes(w) && !ra.details.has(w));
  const extraB = [...rb.nouns].filter((w) => !sharedB.includes(w) && !rb.details.has(w));
  // A target, a budget or a peak is another measure of the thing, not its value.
  // (A setting's key names the attribute: "maxReplicas", "max_connections".)
  const measure = (r: Side, extra: readonly string[]) =>
    extra.some((w) => MEASURES.test(w) && !r.keys.has(w));
  if (measure(ra, extraA) || measure(rb, extraB)) return false;
  if (extraA.length > MAX_EXTRA || extraB.length > MAX_EXTRA) return false;
  if (extraA.some((w) => ra.named.has(w) || ra.scoped.has(w))) return false;
  if (extraB.some((w) => rb.named.has(w) || rb.scoped.has(w))) return false;
  // Each side says or names a thing of its own ("CI cache" / "CI artifacts", "Kenji prefers"
  // / "Sam prefers", "project orion" / "project vega"): two subjects.
  const own = (extra: readonly string[], s: Statement, other: Statement) =>
    extra.length > 0 || ownThings(s, other, d);
  if (own(extraA, a, b) && own(extraB, b, a)) return false;
  // The first subject word of each side is the other's too ("the ledger db keeps 35 days of
  // backups" is about the ledger db, not the backups).
  if (extraA.includes(ra.first!) || extraB.includes(rb.first!)) return false;
  // One side modifies a shared word ("audit logs" / "logs", "the orders index" / "the
  // index"): a kind or a part of the thing, with a value of its own.
  const modifies = (r: Side, extra: readonly string[]) =>
    extra.some((w) =>
      !r.participles.has(w) &&
      r.before.get(w)?.some((n) => shared.includes(n) || sharedB.includes(n))
    );
  // One side goes on past a shared word ("game server scripting" / "the game server"): a
  // part of the thing (a setting's key aside: "web HPA maxReplicas").
  const part = (r: Side, extra: readonly string[]) =>
    extra.some((w) => r.after.get(w)?.some((n) => shared.includes(n) || sharedB.includes(n)));
  // One side's verb has an object of its own ("exposes metrics on port 9090" / "listens on
  // port 8080"): another function of the thing.
  const object = (r: Side, extra: readonly string[], other: Statement) =>
    extra.some((w) => r.objectOf.has(w) && !said(r.objectOf.get(w)!, other));
  if (otherModifiers(a, b, [...shared, ...sharedB])) return false;
  return !modifies(ra, extraA) && !modifies(rb, extraB) && !part(ra, extraA) &&
    !part(rb, extraB) && !object(ra, extraA, b) && !object(rb, extraB, a);
}

/** Whether every word of `v` is a word of `w` ("Tuesdays" of "Tuesdays and Thursdays"). */
function partOf(v: Value, w: Value): boolean {
  const parts = (x: Value) => x.norm.split(/[^\p{L}\p{N}.]+/u).filter(Boolean);
  const of = new Set(parts(w));
  return parts(v).every((p) => of.has(p));
}

/** What one side says about its subject. */
interface Side {
  /** Subject words that are not verbs, values or the attribute's own words. */
  readonly nouns: ReadonlySet<string>;
  /** The words right after its value that say more of it. */
  readonly details: ReadonlySet<string>;
  /** The attribute's own words it says. */
  readonly attribute: ReadonlySet<string>;
  /** Those written as a setting's key ("maxReplicas", "max_surge"). */
  readonly keys: ReadonlySet<string>;
  /** Those written as a name. */
  readonly named: ReadonlySet<string>;
  /** Those said after a scope word. */
  readonly scoped: ReadonlySet<string>;
  /** The first of them that is not a participle. */
  readonly first: string | undefined;
  /** Those written as a participle ("distributed", "dedicated"). */
  readonly participles: ReadonlySet<string>;
  /** The subject word each one comes right after (not a qualifier, not a key). */
  readonly after: ReadonlyMap<string, readonly string[]>;
  /** The verb (as a term) each one is the object of, right after it. */
  readonly objectOf: ReadonlyMap<string, string>;
  /** The subject words each one comes right before. */
  readonly before: ReadonlyMap<string, readonly string[]>;
}

function readSide(s: Statement, disputed: readonly Value[], attribute: ReadonlySet<string>): Side {
  const tokens = tokensFor(s.text);
  const inValue = (k: number) => [...s.values, ...disputed].some((v) => v.start <= k && k < v.end);
  const nouns = new Set<string>();
  const said = new Set<string>();
  const named = new Set<string>();
  const keys = new Set<string>();
  const scoped = new Set<string>();
  const participles = new Set<string>();
  let first: string | undefined;
  const before = new Map<string, string[]>();
  const after = new Map<string, string[]>();
  const objectOf = new Map<string, string>();
  const qualifier = new Set(
    s.terms.filter((t) => t.kind !== "strong" && t.kind !== "weak").map((t) => t.term),
  );
  const details = detailsOf(tokens, disputed);
  const detailWords = new Set([...details].flatMap((k) => termsOf(tokens[k]!.lower)));
  tokens.forEach((t, i) => {
    if (t.kind === "punct" || inValue(i) || t.paren || t.reason) return;
    // A setting's key is its words, soft ones aside ("soft_time_limit": soft, time).
    const parts = t.lower.includes("_") ? t.lower.split("_").flatMap(termsOf) : termsOf(t.lower);
    // "inbox-tezo" is not "tezo-inbox": a hyphenated name is also a word as a whole.
    const whole = parts.length > 1 && t.lower.includes("-") ? [parts.join("-")] : [];
    for (const w of parts) if (attribute.has(w) && !verb(tokens, i)) said.add(w);
    const terms = [...parts, ...whole].filter((w) => !attribute.has(w));
    if (terms.length === 0 || verb(tokens, i)) return;
    for (const w of terms) {
      nouns.add(w);
      if (/[a-z][A-Z_]/.test(t.text)) keys.add(w);
      if (/[a-z]{3}ed$/.test(t.lower)) participles.add(w);
      else first ??= w;
      if (i > 0 && t.cap || /[\d_./:@#-]/.test(t.lower)) named.add(w);
      const back = tokens.slice(Math.max(0, i - 3), i);
      if (back.some((p, k) => SCOPES.test(p.lower) || clause(tokens, i - back.length + k))) {
        scoped.add(w);
      }
      const prev = tokens[i - 1];
      // A verb after its subject: "the service exposes metrics".
      const subject = tokens[i - 2];
      if (
        prev?.kind === "word" && /[^s]s$/.test(prev.lower) && !inValue(i - 1) &&
        subject?.kind === "word" && subject.clause === t.clause && termsOf(subject.lower).length
      ) {
        objectOf.set(w, termsOf(prev.lower)[0] ?? prev.lower);
      }
      if (
        prev?.kind === "word" && prev.clause === t.clause && !inValue(i - 1) &&
        !/[a-z][A-Z_]/.test(t.text)
      ) {
        after.set(w, termsOf(prev.lower).filter((p) => !qualifier.has(p)));
      }
      const next = tokens[i + 1];
      if (next?.kind === "word" && next.clause === t.clause && !inValue(i + 1)) {
        before.set(w, termsOf(next.lower));
      }
    }
  });
  return {
    nouns,
    details: detailWords,
    attribute: said,
    keys,
    named,
    scoped,
    first,
    participles,
    after,
    before,
    objectOf,
  };
}

/**
 * The tokens right after the value in dispute that say more of it ("bcrypt, cost 12",
 * "Tailwind utility classes", "12 hours of inactivity"), up to a preposition that starts a
 * scope of its own ("… in the review apps").
 */
function detailsOf(tokens: readonly Token[], disputed: readonly Value[]): Set<number> {
  const out = new Set<number>();
  if (disputed.length === 0) return out;
  const end = Math.max(...disputed.map((v) => v.end));
  const clause = tokens[end - 1]?.clause;
  for (let k = end; k < tokens.length && tokens[k]!.clause === clause; k++) {
    const t = tokens[k]!;
    // "of" right after the value is its complement ("12 hours of inactivity"), "per" its
    // denominator ("16 threads per worker").
    if (
      PARTICLES.test(t.lower) || /^(?:and|or|&|\+)$/.test(t.lower) ||
      SCOPES.test(t.lower) && !(k === end && t.lower === "of") && t.lower !== "per"
    ) {
      break;
    }
    out.add(k);
  }
  return out;
}

/** Whether token `i` opens a clause that narrows the word before it ("pods running the …"). */
function clause(tokens: readonly Token[], i: number): boolean {
  const [t, prev] = [tokens[i]!, tokens[i - 1]];
  return /[a-z]{3}ing$/.test(t.lower) && prev?.kind === "word" && prev.clause === t.clause &&
    termsOf(prev.lower).length > 0;
}

/** Whether token `i` reads as a verb: after an auxiliary, a participle, or before a particle. */
function verb(tokens: readonly Token[], i: number): boolean {
  const t = tokens[i]!;
  if (t.kind !== "word") return false;
  const prev = tokens[i - 1];
  // The act after "to" names what is done ("use fd to find files").
  if (prev?.lower === "to") return false;
  if (prev && AUXILIARIES.test(prev.lower)) return true;
  // The word after a personal pronoun is its verb ("we generate primary keys as …").
  if (prev && PRONOUNS.test(prev.lower)) return true;
  const next = tokens[i + 1];
  if (/[a-z]{3}(?:ed|ing)$/.test(t.lower)) {
    // A participle before a noun modifies it ("distributed traces", "failed logins"), a
    // gerund before a verb is a noun ("scripting uses Lua"): a verb goes on to its object.
    return next === undefined || next.kind !== "word" || next.clause !== t.clause ||
      PARTICLES.test(next.lower) || DETERMINERS.test(next.lower) || next.cap;
  }
  return i > 0 && next !== undefined && PARTICLES.test(next.lower) && prev?.kind === "word" &&
    prev.clause === t.clause && termsOf(prev.lower).length > 0;
}

/** Whether `other` says `w`: as a word, or by a longer form it abbreviates ("reco"). */
function said(w: string, other: Statement): boolean {
  // (A qualifier the other side implies: "CI" by "the build cache", `implied_qualifiers.ts`.)
  return other.words.has(w) || impliedBy(w, other) ||
    w.length >= 4 && [...other.words].some((o) => o.length > w.length && o.startsWith(w));
}

/** Environment and platform words: each side's are the other's. */
function qualifiersAgree(a: Statement, b: Statement): boolean {
  const of = (s: Statement) =>
    s.terms.filter((t) => t.kind === "environment" || t.kind === "platform").map((t) => t.term);
  const [x, y] = [of(a), of(b)];
  // One says the whole (mobile) the other says by its parts (iOS and Android): each part is said.
  const part = (w: string, other: Statement, mine: Statement) =>
    other.terms.some((t) => t.kind === "platform" && t.term !== w && impliedBy(t.term, mine));
  return x.every((w) => said(w, b) || part(w, b, a)) && y.every((w) => said(w, a) || part(w, a, b));
}

/** Whether both name one thing (a technology, a choice, a name) outside the dispute. */
function namedByBoth(a: Statement, b: Statement, d: Difference): boolean {
  // Only as the subject, before the value in dispute ("Turborepo caches builds across the
  // monorepo" names the monorepo as a scope, "pnpm workspaces hold the monorepo packages" as
  // an object).
  const mine = (s: Statement) => {
    const first = Math.min(
      ...[...d.a, ...d.b].filter((v) => s.values.includes(v)).map((v) => v.start),
    );
    return s.values.filter((v) =>
      /^(?:tech|choice|name)$/.test(v.kind) && v.tense === "current" && !v.negated &&
      !d.a.includes(v) && !d.b.includes(v) && v.end <= first
    );
  };
  return mine(a).some((v) => mine(b).some((w) => same(v, w)));
}

/** Whether `s` names a thing outside the dispute that `other` does not name. */
function ownThings(s: Statement, other: Statement, d: Difference): boolean {
  return s.values.some((v) =>
    /^(?:tech|name|host|path|url)$/.test(v.kind) && v.tense === "current" && !v.negated &&
    !d.a.includes(v) && !d.b.includes(v) && !other.words.has(v.norm) &&
    !other.values.some((w) => same(v, w))
  );
}

/** Whether the word written right before `v` ("threads = 5") names the unit of a count slot. */
function keyedBy(s: Statement, v: Value, slots: readonly string[]): boolean {
  const tokens = tokensFor(s.text);
  let k = v.start - 1;
  while (k >= 0 && (tokens[k]!.kind === "punct" || /^[=:]$/.test(tokens[k]!.text))) k--;
  const key = tokens[k];
  if (!key || key.kind !== "word") return false;
  const units = slots.filter((x) => x.startsWith("count:")).map((x) => x.slice("count:".length));
  return termsOf(key.lower).some((w) => units.some((u) => termsOf(u).includes(w)));
}
