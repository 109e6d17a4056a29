/**
 * Two wordings of one subject that say more than one word apart ("webhook deliveries retry 5
 * times with backoff" / "failed webhooks are retried 3 times, then dead-lettered"): the
 * subject is read by structure rather than word for word. Words only one side says are
 * allowed on both sides when nothing in them names another subject:
 *
 * - the two share at least two subject words (one is not enough to know the subject);
 * - the environment, platform and region words agree (each side's are said by the other);
 * - no extra word is a name (capitalised past the first word, with a digit, an identifier),
 *   a measure ("target", "p95"), a scope ("for the admin api", "except staging"), or a
 *   modifier of a word both sides say ("the **billing** api" / "the api": a part or a kind
 *   of the shared thing is another subject);
 * - a side says at most {@linkcode MAX_EXTRA} such words.
 *
 * Only used for values whose slot already names the attribute (a technology's category, a
 * port, a region, a duration, a count): a bare number or an unknown name needs the stricter
 * matchers of `conflict.ts`.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { boundsAgree, sameKind } from "./subject_kind.ts";
import { attributeTerms, stem, termsOf } from "./terms.ts";
import { type Token, tokenize } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { disputedOnly } from "./disputed_words.ts";

/** Most words one side may say about the subject that the other does not. */
const MAX_EXTRA = 3;

/** Words that make a quantity another measure of the same thing (a target, not the value). */
export const MEASURES =
  /^(?:target|goal|budget|sla|slo|expect|estimat|typical|averag|mean|median|peak|actual|observ|measur|p\d+|min|max|soft|hard|warn|default|initial|burst)/;

/** Files that hold settings and versions (as subject terms). */
const FILES =
  /^(?:tsconfig|package[._-]json|pyproject|gemfile|dockerfile|makefile|\.nvmrc|\.?\w+-version)$/;

/** Denials and beginnings. */
const GUARDED =
  /\b(?:not|no|never|don't|doesn't|isn't|aren't|won't|without|started|began|initially|originally)\b/i;

/** Words before a scope: what follows them narrows the subject. */
const SCOPES =
  /^(?:for|of|except|excluding|besides|but|only|per|inside|outside|within|through|behind|via|at|by)$/;

/**
 * Whether `a` and `b` are about one subject although each says words the other does not (see
 * the module doc). `slots` are the slots of the values in dispute, `disputed` those values.
 */
export function looseSubject(
  a: Statement,
  b: Statement,
  slots: readonly string[],
  disputed: readonly Value[] = [],
): boolean {
  // A denial or a beginning anywhere ("don't add … to API v1", "started on react 16") may
  // scope the value: only the word-for-word matchers read those.
  if (GUARDED.test(a.text) || GUARDED.test(b.text)) return false;
  if (!sameKind(a, b) || !boundsAgree(a, b)) return false;
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  const subject = (s: Statement) =>
    s.terms.filter((t) => t.kind !== "weak" && t.kind !== "bound" && !attribute.has(t.term));
  const [x, y] = [subject(a), subject(b)];
  // Environment, platform and region words: each side's said by the other.
  // A qualifier the other side names by a technology of that kind counts ("ci uses node 20" /
  // "github actions runners run node 22").
  const byKind = (term: string, other: Statement) =>
    other.values.some((v) =>
      v.kind === "tech" && v.slots.some((z) => z === `tech:${term}` || attributeTerms(z).has(term))
    );
  const qualified = (mine: typeof x, other: Statement) =>
    mine.every((t) => t.kind === "strong" || other.words.has(t.term) || byKind(t.term, other));
  if (!qualified(x, b) || !qualified(y, a)) return false;
  // A value outside the dispute names the subject: both name it ("Kafka brokers run 3.6.1" /
  // "kafka cluster version: 2.8"), or it tells the two apart ("rds backups" / "the ledger db").
  // A value in parentheses is an aside or an example ("in the URL (/v2/...)").
  const current = (s: Statement) => {
    const tokens = tokensOf(s.text);
    return s.values.filter((v) =>
      !v.negated && v.tense === "current" && !v.slots.some((z) => slots.includes(z)) &&
      !disputed.includes(v) && !tokens[v.start]?.paren &&
      !disputed.some((w) => v.slots.includes(`version:${w.norm}`))
    );
  };
  const [va, vb] = [current(a), current(b)];
  // Only a thing named counts ("Kafka"), not a shared schedule or amount ("nightly").
  // A technology the other side names by its kind ("nightly k6 run" / "the nightly load test").
  const kindSaid = (v: Value, other: Statement) =>
    v.kind === "tech" &&
    v.slots.some((z) =>
      [...attributeTerms(z)].filter((w) => other.words.has(w)).length >= 2 ||
      other.words.has(z.slice("tech:".length))
    );
  const common =
    va.filter((v) =>
      /^(?:tech|name|host|path|url)$/.test(v.kind) && vb.some((w) => w.norm === v.norm)
    ).length + [...va.filter((v) => kindSaid(v, b)), ...vb.filter((w) => kindSaid(w, a))].length;
  // A path the other side says in words ("worker /metrics" / "the worker metrics").
  const pathSaid = (v: Value, other: Statement) =>
    v.kind === "path" &&
    v.norm.split(/[^a-z0-9]+/).filter(Boolean).every((w) =>
      termsOf(w).every((t) => other.words.has(t))
    );
  const apart = (mine: readonly Value[], theirs: readonly Value[], other: Statement) =>
    mine.some((v) =>
      !other.words.has(v.norm) && !theirs.some((w) => w.norm === v.norm) &&
      !kindSaid(v, other) && !pathSaid(v, other)
    );
  if (apart(va, vb, b) || apart(vb, va, a)) return false;
  if (namesSubject(a, slots) || namesSubject(b, slots)) return false;
  const xs = new Set(x.map((t) => t.term));
  const ys = new Set(y.map((t) => t.term));
  // A doer is its act ("secret scanner" / "secret scanning").
  const doer = (w: string) => /^\w{3,}er$/.test(w) ? [w.slice(0, -2), w.slice(0, -3)] : [];
  // A noun made of a verb is the verb ("transformations" / "transforms", "pagination" /
  // "paginated").
  const root = (w: string) => w.replace(/(?:ation|ion)$/, "");
  // (Not a word the other says only as its value in dispute: `disputed_words.ts`.)
  const said = (w: string, theirs: ReadonlySet<string>, other: Statement) =>
    theirs.has(w) || other.words.has(w) && !disputedOnly(other, w, slots) || doer(w).some((r) =>
      other.words.has(r)
    ) ||
    [...theirs].some((y) => doer(y).includes(w) || root(y).length >= 5 && root(y) === root(w));
  const shared = [...xs].filter((w) => said(w, ys, b));
  const sharedB = [...ys].filter((w) => said(w, xs, a));
  // Words said only after the value in dispute, with no scope before them, say more of the
  // value ("long explanations with background", "terse answers, code first").
  const [afterA, afterB] = [afterValue(a, disputed), afterValue(b, disputed)];
  // A file where values are written names no subject ("tsconfig target for the SDK").
  const kept = (w: string) => !FILES.test(w);
  const extraA = [...xs].filter((w) =>
    !said(w, ys, b) && !afterA.has(w) && !byKind(w, b) && kept(w)
  );
  const extraB = [...ys].filter((w) =>
    !said(w, xs, a) && !afterB.has(w) && !byKind(w, a) && kept(w)
  );
  const both = extraA.length > 0 && extraB.length > 0;
  // Words on both sides need two in common, and neither side's first subject word among
  // them ("Mailhog listens on …" / "minio listens on …"); words on one side only, one.
  if (Math.min(shared.length, sharedB.length) + common < (both ? 2 : 1)) return false;
  if (both && (extraA.includes(x[0]!.term) || extraB.includes(y[0]!.term))) return false;
  // A sentence that opens with words of its own names its own subject ("the payments module
  // logs at WARN" / "prod log level is INFO").
  if (opensWith(a, extraA) || opensWith(b, extraB)) return false;
  if (extraA.length > MAX_EXTRA || extraB.length > MAX_EXTRA) return false;
  // Each side names a thing of its own: "scrapes the api" / "scrapes the worker", "webhook
  // deliveries" / "webhook signature checks".
  if (both && ownThing(a, extraA, b) && ownThing(b, extraB, a)) return false;
  return plainExtras(a, extraA, b, both) && plainExtras(b, extraB, a, both);
}

/** The subject words `s` says only after its value in dispute, none after a scope word. */
function afterValue(s: Statement, disputed: readonly Value[]): Set<string> {
  const mine = s.values.filter((v) => disputed.includes(v));
  if (mine.length === 0) return new Set();
  const tokens = tokensOf(s.text);
  const end = Math.max(...mine.map((v) => v.end));
  const before = new Set(
    tokens.slice(0, Math.min(...mine.map((v) => v.start))).flatMap((t) => termsOf(t.lower)),
  );
  // Only where the subject comes first ("Mira owns the IC rota" names its subject after).
  if (before.size === 0) return new Set();
  const out = new Set<string>();
  for (const t of tokens.slice(end)) {
    if (SCOPES.test(t.lower) || /^(?:in|on|at|during)$/.test(t.lower)) break;
    const terms = termsOf(t.lower);
    // "multi-thread" is also said whole.
    for (const w of [...terms, terms.join("-")]) if (w && !before.has(w)) out.add(w);
  }
  return out;
}

/** Whether the first word of `s` (articles aside) is one of its `extra` words. */
function opensWith(s: Statement, extra: readonly string[]): boolean {
  const first = tokensOf(s.text).find((t) => !/^(?:the|a|an|our|its|their|my)$/.test(t.lower));
  return first !== undefined && termsOf(first.lower).some((w) => extra.includes(w));
}

/** A value in dispute written before a subject word names it ("the GraphQL server"). */
function namesSubject(s: Statement, slots: readonly string[]): boolean {
  const tokens = tokensOf(s.text);
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  return s.values.some((v) => {
    if (!v.slots.some((z) => slots.includes(z))) return false;
    // The attribute's own word after it is no subject ("terse answers", "long explanations").
    const next = tokens[v.end];
    const terms = next?.kind === "word" && !next.paren ? termsOf(next.lower) : [];
    return terms.length > 0 && !terms.every((w) => attribute.has(w)) &&
      !s.values.some((w) => w.start === v.end);
  });
}

/**
 * Whether the words `extra` of `s` name nothing apart from `other`: no name, measure, scope,
 * or modifier of a word `other` says too; when only `s` says more, no part of a word both say
 * ("game server scripting" / "the game server").
 */
function plainExtras(
  s: Statement,
  extra: readonly string[],
  other: Statement,
  both: boolean,
): boolean {
  if (extra.length === 0) return true;
  if (extra.some((w) => MEASURES.test(w))) return false;
  const tokens = tokensOf(s.text);
  const inValue = (k: number) => s.values.some((v) => v.start <= k && k < v.end);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const terms = termsOf(t.lower);
    if (!terms.some((w) => extra.includes(w)) && !extra.includes(terms.join("-"))) continue;
    // A name: capitalised past the first word, a digit, an identifier's punctuation.
    if (t.kind !== "word" || (i > 0 || t.possessive) && t.cap || /[\d_./:@#]/.test(t.lower)) {
      return false;
    }
    // A hyphenated name ("orders-kalo") whose parts the other side does not say.
    if (t.lower.includes("-") && !/(?:ed|ing)$/.test(t.lower)) return false;
    // A scope: "for the admin api", "except staging".
    const before = tokens.slice(Math.max(0, i - 3), i).map((p) => p.lower);
    if (before.some((p) => SCOPES.test(p))) return false;
    // A modifier of a word both say: "the billing api" / "the api" (unless the other side
    // says that word as a verb: "deliveries retry" / "webhooks are retried").
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    // A verb after its subject ("the bot trims history") modifies nothing.
    const verb = /[^s]s$/.test(t.lower) && prev?.kind === "word" && prev.clause === t.clause &&
      termsOf(prev.lower).length > 0;
    if (
      !verb && next?.kind === "word" && next.clause === t.clause && !t.possessive &&
      termsOf(next.lower).some((w) => other.words.has(w) && !verbIn(other, w))
    ) {
      return false;
    }
    // The object of a verb the other side does not say: "exposes metrics on port 9090" /
    // "listens on port 8080".
    if (
      !both && prev?.kind === "word" && prev.clause === t.clause && /[^s]s$/.test(prev.lower) &&
      !/ies$/.test(prev.lower) && !inValue(i - 1) && !verbSaid(prev.lower, other)
    ) {
      return false;
    }
    // A part of a word both say: "game server scripting" / "the game server" (not the noun
    // after a participle: "cached responses" / "the cache").
    if (
      !both && prev?.kind === "word" && prev.clause === t.clause && !inValue(i - 1) &&
      !/[a-z]{3}ed$/.test(prev.lower) && termsOf(prev.lower).some((w) => other.words.has(w))
    ) {
      return false;
    }
  }
  return true;
}

/**
 * Whether one of the words `extra` of `s` names a thing: after an article ("the worker"), or
 * after a word `other` says too, as its part ("webhook deliveries"); not a verb after its
 * subject ("the bot truncates context").
 */
function ownThing(s: Statement, extra: readonly string[], other: Statement): boolean {
  const tokens = tokensOf(s.text);
  return tokens.some((t, i) => {
    if (t.kind !== "word" || !termsOf(t.lower).some((w) => extra.includes(w))) return false;
    const prev = tokens[i - 1];
    if (prev?.kind !== "word" || prev.clause !== t.clause) return false;
    if (/^(?:the|a|an|our|its|their|this|that|each|every)$/.test(prev.lower)) return true;
    const verb = /[^s]s$/.test(t.lower) && !/ies$/.test(t.lower);
    return !verb && termsOf(prev.lower).some((w) => other.words.has(w));
  });
}

const TOKENS_LIMIT = 4_096;
const tokenCache = new Map<string, readonly Token[]>();

/** The tokens of `text`, remembered: one statement is compared with many. */
function tokensOf(text: string): readonly Token[] {
  const hit = tokenCache.get(text);
  if (hit) return hit;
  const tokens = tokenize(text);
  if (tokenCache.size >= TOKENS_LIMIT) tokenCache.clear();
  tokenCache.set(text, tokens);
  return tokens;
}

/** Whether `other` says the verb `lower` in any form. */
function verbSaid(lower: string, other: Statement): boolean {
  const root = stem(lower);
  return tokensOf(other.text).some((t) => stem(t.lower) === root);
}

/** Auxiliaries: the word after one is a verb. */
const AUXILIARIES =
  /^(?:is|are|was|were|be|been|being|get|gets|got|will|would|can|should|must|has|have|had|does|do|did)$/;

/** Whether `s` says the subject word `term` as a verb, after an auxiliary ("are retried"). */
function verbIn(s: Statement, term: string): boolean {
  const tokens = tokensOf(s.text);
  return tokens.some((t, i) =>
    i > 0 && AUXILIARIES.test(tokens[i - 1]!.lower) && termsOf(t.lower).includes(term)
  );
}
