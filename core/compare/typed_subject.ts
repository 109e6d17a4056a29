/**
 * One subject read by its head words, for a dispute whose values name their attribute by
 * their kind ("Traces are sent to Honeycomb" / "Distributed traces end up in Jaeger": a
 * tracing backend each; "dashboard sessions time out after 12 hours" / "dashboard idle timeout
 * is 2 hours": a duration each). The kind of value says which attribute is in dispute, so the
 * subject only has to be the same thing, not the same words:
 *
 * - the two share a subject word (an abbreviation counts: "dr" / "disaster recovery", "tf" /
 *   "terraform"), and what each side says beside it is a verb or a plain word, not a name
 *   (capitalised past the first word, with a digit or an identifier's punctuation), not a scope
 *   ("for the admin api"), and not a second modifier of the shared word ("the billing api" /
 *   "the search api": two things);
 * - the environment and platform words of one side, when both have some, are the other's;
 * - neither side denies, begins or adds anything ("no", "never", "started", "also"), and
 *   neither names a second thing of its own outside the dispute when the other does too
 *   ("postgres on 5432" / "pgbouncer on 6432").
 *
 * Only for one value a side whose slot is typed (a technology's category, a choice, a region,
 * a port, a day or time, a version, a quantity with a unit): a bare number or an unknown name
 * needs the stricter readings of `conflict.ts`.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Difference } from "./conflict.ts";
import { tokensFor } from "./cached_tokens.ts";
import { MEASURES } from "./loose_subject.ts";
import { attributeTerms, termsOf } from "./terms.ts";
import { same } from "./value_match.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** Slots whose values name their attribute by their kind. */
const TYPED = /^(?:tech|choice|version|port|region|qty|count|when|day|time|locale):?/;

/**
 * Denials, beginnings, hedges, plans and sets anywhere ("planning the React 19 upgrade",
 * "supports Chrome"): the word-for-word readings handle those.
 */
const GUARDED =
  /\b(?:not|no|never|don't|doesn't|isn't|aren't|won't|without|except|unless|started|began|initially|originally|also|too|only|some|(?<!at )most|plann\w*|plans? to|upgrad\w*|migrat\w*|evaluat\w*|consider\w*|trial|pilot|support\w*|accept(?:s|ed|ing)?(?!-)|allow\w*|includ\w*)\b/i;

/** Words after which what follows narrows the subject. */
const SCOPES = /^(?:for|of|per|by|except|excluding|besides|but|behind|inside|within)$/;

/** Auxiliaries: the word after one is a verb. */
const AUXILIARIES = /^(?:is|are|was|were|be|been|being|get|gets|got|will|can|should|must)$/;

/** Particles and prepositions: a word right before one, after the subject, is its verb. */
const PARTICLES = /^(?:to|in|on|at|with|by|from|through|via|up|out|into|onto|as|under|after)$/;

/** Articles and determiners: a word right before one is a verb taking an object. */
const DETERMINERS = /^(?:the|a|an|our|its|their|every|each|all|this|that)$/;

/** Most plain words one side may say that the other does not. */
const MAX_EXTRA = 2;

/** Whether `a` and `b` are about one subject for the typed dispute `d` (see the module doc). */
export function typedSubject(a: Statement, b: Statement, d: Difference): boolean {
  // An @-handle names its owner or team as plainly as a type would ("@acme/platform").
  const handles = [...d.a, ...d.b].every((v) => v.norm.startsWith("@"));
  if (d.a.length !== 1 || d.b.length !== 1) return false;
  if (!handles && !d.slots.some((s) => TYPED.test(s))) return false;
  if ([...d.a, ...d.b].some((v) => v.slots.length === 1 && v.slots[0] === "num")) return false;
  if (GUARDED.test(a.text) || GUARDED.test(b.text)) return false;
  if (!qualifiersAgree(a, b)) return false;
  const attribute = new Set(d.slots.flatMap((slot) => [...attributeTerms(slot)]));
  // An attribute word one side says and the other does not names a narrower attribute ("game
  // server scripting uses Lua" / "the game server is written in C++").
  const spoken = (s: Statement, other: Statement) =>
    s.terms.some((t) => attribute.has(t.term) && !said(t.term, other));
  if (spoken(a, b) || spoken(b, a)) return false;
  const [ra, rb] = [readSide(a, d.a, attribute), readSide(b, d.b, attribute)];
  const shared = [...ra.nouns].filter((w) => said(w, b));
  const sharedB = [...rb.nouns].filter((w) => said(w, a));
  // A word spelled out on one side and abbreviated on the other ("dr" / "disaster-recovery").
  for (const [r, other, list] of [[ra, b, shared], [rb, a, sharedB]] as const) {
    for (const w of spelledOut(r, other)) if (!list.includes(w)) (list as string[]).push(w);
  }
  // The attribute's own word said by both is a shared subject too ("traces are sent to …").
  const both = [...ra.attribute].some((w) => rb.attribute.has(w));
  if (!both && (shared.length === 0 || sharedB.length === 0)) return false;
  // Both sides say more of their value, differently ("1 MB flash" / "256 KB of RAM"): two
  // measures.
  const more = (r: Side, other: Statement) => [...r.details].some((w) => !said(w, other));
  if (more(ra, b) && more(rb, a)) return false;
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
  return !modifies(ra, extraA) && !modifies(rb, extraB) && !part(ra, extraA) &&
    !part(rb, extraB) && !object(ra, extraA, b) && !object(rb, extraB, a);
}

/** What one side says about its subject. */
interface Side {
  /** Subject words that are not verbs, values or the attribute's own words. */
  readonly nouns: ReadonlySet<string>;
  /** Runs of its words by their initials ("disaster-recovery copies" → "dr": disaster, …). */
  readonly runs: ReadonlyMap<string, readonly string[]>;
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
  let headed = false;
  const before = new Map<string, string[]>();
  const after = new Map<string, string[]>();
  const objectOf = new Map<string, string>();
  const qualifier = new Set(
    s.terms.filter((t) => t.kind !== "strong" && t.kind !== "weak").map((t) => t.term),
  );
  const runs = new Map<string, string[]>();
  for (const t of tokens) {
    const parts = t.kind === "word" ? t.lower.split("-") : [];
    if (parts.length < 2 || parts.length > 4 || parts.some((p) => !/^[a-z]+$/.test(p))) continue;
    const terms = parts.flatMap((p) => termsOf(p));
    runs.set(parts.map((p) => p[0]).join(""), [...terms, terms.join("-")]);
  }
  const details = detailsOf(tokens, disputed);
  const detailWords = new Set([...details].flatMap((k) => termsOf(tokens[k]!.lower)));
  tokens.forEach((t, i) => {
    // A value said before any word heads the subject ("the infra/ directory").
    if (inValue(i) && !disputed.some((v) => v.start <= i && i < v.end) && nouns.size === 0) {
      headed = true;
    }
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
      else if (!headed) first ??= w;
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
    runs,
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
    // "of" right after the value is its complement ("12 hours of inactivity").
    if (
      PARTICLES.test(t.lower) || /^(?:and|or|&|\+)$/.test(t.lower) ||
      SCOPES.test(t.lower) && !(k === end && t.lower === "of")
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

/** Whether `other` says `w`: as a word, by a longer form, or by the initials it abbreviates. */
function said(w: string, other: Statement): boolean {
  if (other.words.has(w)) return true;
  if (w.length >= 4 && [...other.words].some((o) => o.length > w.length && o.startsWith(w))) {
    return true;
  }
  if (w.length < 2 || w.length > 4 || !/^[a-z]+$/.test(w)) return false;
  // Spelled out as one hyphenated word ("dr" / "disaster-recovery").
  return tokensFor(other.text).some((t) =>
    t.kind === "word" && t.lower.includes("-") &&
    t.lower.split("-").map((p) => p[0]).join("") === w
  );
}

/** The words of `r` that a short word of `other` abbreviates. */
function spelledOut(r: Side, other: Statement): string[] {
  return [...other.words].filter((o) => /^[a-z]{2,4}$/.test(o) && r.runs.has(o))
    .flatMap((o) => r.runs.get(o)!);
}

/** Environment and platform words: each side's are the other's. */
function qualifiersAgree(a: Statement, b: Statement): boolean {
  const of = (s: Statement) =>
    s.terms.filter((t) => t.kind === "environment" || t.kind === "platform").map((t) => t.term);
  const [x, y] = [of(a), of(b)];
  return x.every((w) => said(w, b)) && y.every((w) => said(w, a));
}

/** Whether `s` names a thing outside the dispute that `other` does not name. */
function ownThings(s: Statement, other: Statement, d: Difference): boolean {
  return s.values.some((v) =>
    /^(?:tech|name|host|path|url)$/.test(v.kind) && v.tense === "current" && !v.negated &&
    !d.a.includes(v) && !d.b.includes(v) && !other.words.has(v.norm) &&
    !other.values.some((w) => same(v, w))
  );
}
