/**
 * One subject named in other words. Two statements about one thing often name it differently,
 * and their subject words then never meet. Three readings make them meet, each of a class of
 * words, not of examples:
 *
 * - **One word in two forms** (derivation, beyond the light stem of `terms.ts`): a noun made
 *   of a verb by a suffix is the verb (`assertions` / `assert`, `transformations` /
 *   `transforms`, `compression` / `compressed`, `rate limiter` / `rate limiting`,
 *   `scheduler` / `scheduled`). The root must keep five letters, so short words that only
 *   look derived stay apart (`portal` is no `port`, `edition` no `edit`, `version` no `verse`).
 * - **One word written as two** (a compound): `backoffice` / `back office`, `handover` /
 *   `hands over`, `lockout` / `locked out`, `timeout` / `times out`, `signup` / `sign up`.
 * - **Words of one meaning** in the domain (`synonyms` below, written from the domain, not
 *   from the data): staff and employees, RAM and memory, embeddings and vectors, exceptions and
 *   errors, login and sign-in. Only words that name the same thing are listed; words that
 *   name a kind and its members (credentials / passwords) are not, as a looser subject would
 *   let one member's fact retire another's.
 *
 * A word one side says is rewritten to the other side's word only when that side does not say
 * it already, so each statement keeps every subject word the other lacks.
 *
 * @module
 */
import type { Statement, Term } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { attributeTerms, stem, termsOf } from "./terms.ts";
import { impliedBy } from "./implied_qualifiers.ts";

/**
 * Groups of words that name the same thing in a codebase's or a team's talk. Each group is
 * read as its first word.
 */
const SYNONYMS: readonly (readonly string[])[] = [
  ["staff", "employee", "employees", "personnel", "workforce", "staffer", "staffers"],
  ["memory", "ram"],
  ["embedding", "embeddings", "vector", "vectors"],
  ["error", "errors", "exception", "exceptions"],
  ["login", "logins", "signin", "sign-in", "logon", "log-in"],
  ["signup", "signups", "sign-up", "registration", "registrations"],
  ["logout", "signout", "sign-out", "log-out"],
  ["venue", "location", "locations"],
  ["vulnerability", "vulnerabilities", "vuln", "vulns", "cve", "cves"],
  ["recommendation", "recommendations", "reco", "recos", "recommender"],
  ["lockout", "lock-out"],
  ["dependency", "dependencies", "dep", "deps"],
  ["cpu", "cpus", "vcpu", "vcpus"],
  ["salary", "salaries", "pay", "compensation"],
  ["holiday", "holidays", "vacation", "vacations", "pto"],
  ["offsite", "offsites", "retreat", "retreats"],
  ["oncall", "pager", "pagers"],
  ["tls", "ssl"],
  ["bug", "bugs", "defect", "defects"],
  ["laptop", "laptops", "workstation", "workstations"],
  ["concurrent", "concurrently", "parallel", "simultaneous", "simultaneously"],
  ["picture", "pictures", "photo", "photos"],
  ["spend", "spending", "cost", "costs"],
];

/**
 * Words that name a kind, and the words of its members: the kind said on one side names the
 * member the other side says ("service account credentials rotate …" / "… passwords are
 * rotated …"). Two members stay two things (passwords are no tokens).
 */
const KINDS: readonly (readonly [readonly string[], readonly string[]])[] = [
  [["credential", "credentials", "secret", "secrets", "creds"], [
    "password",
    "passwords",
    "passphrase",
    "passphrases",
    "token",
    "tokens",
    "key",
    "keys",
    "apikey",
    "apikeys",
    "certificate",
    "certificates",
    "cert",
    "certs",
    "keypair",
    "keypairs",
  ]],
  [["traffic"], [
    "request",
    "requests",
    "query",
    "queries",
    "call",
    "calls",
    "connection",
    "connections",
  ]],
  [["user", "users"], [
    "player",
    "players",
    "customer",
    "customers",
    "member",
    "members",
    "subscriber",
    "subscribers",
    "visitor",
    "visitors",
    "shopper",
    "shoppers",
    "gamer",
    "gamers",
  ]],
];

/** Each member's term → the terms of the kinds it belongs to. */
const KIND_OF: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  KINDS.flatMap(([kinds, members]) =>
    members.map((m) => [stem(m), new Set(kinds.map(stem))] as const)
  ),
);

/** Whether one of two terms names the kind the other is a member of. */
function kindOf(a: string, b: string): boolean {
  return !!KIND_OF.get(a)?.has(b) || !!KIND_OF.get(b)?.has(a);
}

/** The other words of the synonym group of a lowercase word (none when it is in none). */
export function sameMeaning(lower: string): readonly string[] {
  const group = SYNONYMS.find((g) => g.includes(lower));
  return group ? group.filter((w) => w !== lower) : [];
}

/** Each synonym's term (as `terms.ts` reads it) → its group's first word's term. */
const GROUP: ReadonlyMap<string, string> = new Map(
  SYNONYMS.flatMap((group) => group.map((w) => [stem(w), stem(group[0]!)] as const)),
);

/**
 * Suffixes that make a noun (or an agent) of a verb, longest first. `stem` leaves "-ation"
 * and "-ated" as "at" ("transformations" → "transformat"), so "at" is one of them.
 */
const DERIVED = /(?:ation|ition|ion|ment|ance|ence|at|er|or)$/;

/** Roots that are words of their own, not the verb of the longer word ("custom" / "customer"). */
const OWN_WORDS: ReadonlySet<string> = new Set(["custom", "product", "present", "content"]);

/** A word's root: its term without a deriving suffix, when five letters stay. */
function root(term: string): string {
  const bare = term.replace(DERIVED, "");
  return bare.length >= 5 && bare !== term && !OWN_WORDS.has(bare) ? bare.replace(/e$/, "") : term;
}

/** Keys per term, remembered (a strand repeats its words). */
const KEYS = new Map<string, string>();

/** What a term is matched on: its synonym group, or its root. */
function key(term: string): string {
  let k = KEYS.get(term);
  if (k === undefined) {
    k = GROUP.get(term) ?? root(term);
    if (KEYS.size >= 20_000) KEYS.clear();
    KEYS.set(term, k);
  }
  return k;
}

/** A word's light inflection off for joining ("hands" → "hand", "locked" → "lock"). */
function uninflected(lower: string): string {
  if (/^[a-z]{4,}ies$/.test(lower)) return `${lower.slice(0, -3)}y`;
  if (/^[a-z]{3,}(?:ed|es)$/.test(lower) && !/(?:ee|ie)[ds]$/.test(lower)) {
    const cut = lower.slice(0, -2);
    // "times" is "time", "locked" is "lock", "signed" is "sign".
    return lower.endsWith("es") && !/(?:s|x|z|ch|sh)$/.test(cut) ? `${cut}e` : cut;
  }
  if (/^[a-z]{3,}s$/.test(lower) && !/(?:ss|us)$/.test(lower)) return lower.slice(0, -1);
  if (/^[a-z]{3,}ing$/.test(lower)) return lower.slice(0, -3);
  return lower;
}

/** Compounds per statement text, remembered: a write compares itself with about ten neighbours. */
const COMPOUNDS = new Map<string, ReadonlyMap<string, readonly string[]>>();

/** The compounds two words in a row of `s` make, as terms, with the terms they replace. */
function compounds(s: Statement): ReadonlyMap<string, readonly string[]> {
  const hit = COMPOUNDS.get(s.text);
  if (hit) return hit;
  const out = new Map<string, readonly string[]>();
  const tokens = tokensFor(s.text);
  for (let i = 0; i + 1 < tokens.length; i++) {
    const [x, y] = [tokens[i]!, tokens[i + 1]!];
    if (x.kind !== "word" || y.kind !== "word" || x.clause !== y.clause) continue;
    if (!/^[a-z]+$/.test(x.lower) || !/^[a-z]+$/.test(y.lower)) continue;
    const parts = [stem(x.lower), stem(y.lower)];
    out.set(stem(`${uninflected(x.lower)}${y.lower}`), parts);
    out.set(stem(`${x.lower}${y.lower}`), parts);
  }
  if (COMPOUNDS.size >= 4_096) COMPOUNDS.clear();
  COMPOUNDS.set(s.text, out);
  return out;
}

/** How one side's terms are read as the other's. */
interface Renaming {
  /** Its term → the other side's word for it. */
  readonly renamed: Map<string, string>;
  /** Compounds the other side writes as one word, and the terms of their parts. */
  readonly joined: Map<string, readonly string[]>;
}

/**
 * The kind word of `s` that a technology of `other` says by its kind, both right after one
 * name ("reporting-db" / "the reporting Postgres": Postgres is a database). A technology of
 * several kinds (Redis: a cache, a database) names none of them surely.
 */
function kindsNamed(s: Statement, other: Statement): string[] {
  // Most statements name no technology after a word of theirs: nothing to read.
  if (!other.values.some((v) => v.kind === "tech" && v.start > 0)) return [];
  const strong = (x: Statement) => x.terms.filter((t) => t.kind === "strong").map((t) => t.term);
  const theirs = new Set(strong(other));
  const names = strong(s).filter((t) => theirs.has(t));
  if (names.length === 0) return [];
  const tokens = tokensFor(other.text);
  // The technologies of `other` written right after a name both say.
  const tech = other.values.filter((v) =>
    v.kind === "tech" && v.tense === "current" && !v.negated && !s.words.has(v.norm) &&
    v.start > 0 && termsOf(tokens[v.start - 1]?.lower ?? "").some((w) => names.includes(w))
  );
  // "reporting-db" as one word, or "the reporting db" as two.
  const joined = new Set([...s.words, ...s.terms.map((t) => t.term)]);
  return strong(s).filter((t) =>
    !other.words.has(t) && names.some((n) => joined.has(`${n}-${t}`)) &&
    tech.some((v) => {
      const kinds = v.slots.filter((slot) => slot.startsWith("tech:"));
      return kinds.length > 0 && kinds.every((slot) => attributeTerms(slot).has(t));
    })
  );
}

/** `impliedBy` per qualifier and statement text, remembered (it stems every word it reads). */
const IMPLIED = new Map<string, boolean>();

function implied(term: string, other: Statement): boolean {
  const k = `${term}\u0000${other.text}`;
  let hit = IMPLIED.get(k);
  if (hit === undefined) {
    hit = impliedBy(term, other);
    if (IMPLIED.size >= 4_096) IMPLIED.clear();
    IMPLIED.set(k, hit);
  }
  return hit;
}

/** What only runs on a developer's own machine: the local environment said by its tools. */
const LOCAL =
  /(?:^|[\s(])(?:docker[- ]compose|compose\.ya?ml|localhost|127\.0\.0\.1|devcontainers?|dev containers?|tilt|minikube|kind cluster|on my (?:machine|laptop))(?:$|[\s:,.;)])/i;

/**
 * The qualifiers of `s` that `other` says by what they imply (`implied_qualifiers.ts`: CI by
 * "the deploy job", mobile by "iOS and Android"; local by docker compose or localhost), as
 * terms for `other`, with the parts a whole replaces ("ios", "android").
 */
function impliedQualifiers(s: Statement, other: Statement): { terms: Term[]; parts: string[] } {
  const theirs = new Set(other.terms.map((t) => t.term));
  const terms: Term[] = [];
  const parts: string[] = [];
  for (const t of s.terms) {
    if (t.kind !== "environment" && t.kind !== "platform") continue;
    if (theirs.has(t.term) || other.words.has(t.term)) continue;
    const local = t.term === "local" && LOCAL.test(other.text) &&
      !other.terms.some((o) => o.kind === "environment");
    if (!local && !implied(t.term, other)) continue;
    terms.push(t);
    // A whole said by its parts: the parts are the whole here.
    if (t.kind === "platform") {
      parts.push(...other.terms.filter((o) => o.kind === "platform").map((o) => o.term));
    }
  }
  return { terms, parts };
}

/** `s` with its terms read as in `r`, and saying the words in `said`. */
function renamedIn(s: Statement, r: Renaming, said: readonly string[]): Statement {
  if (r.renamed.size === 0 && r.joined.size === 0) {
    return said.length ? { ...s, words: new Set([...s.words, ...said]) } : s;
  }
  const gone = new Set([...r.joined.values()].flat());
  const terms: Term[] = [];
  for (const t of s.terms) {
    if (gone.has(t.term)) continue;
    const to = r.renamed.get(t.term);
    terms.push(to ? { ...t, term: to } : t);
  }
  for (const to of [...r.renamed.values(), ...r.joined.keys()]) {
    if (!terms.some((t) => t.term === to)) terms.push({ term: to, kind: "strong" });
  }
  return {
    ...s,
    terms,
    words: new Set([...s.words, ...r.renamed.values(), ...r.joined.keys(), ...said]),
  };
}

/** The terms of `s` to read as terms of `other`, and the words of `s` `other` writes as one. */
function toOther(s: Statement, other: Statement): Renaming {
  const mine = new Set(s.terms.map((t) => t.term));
  const theirs = other.terms.filter((t) => t.kind === "strong" && !mine.has(t.term))
    .map((t) => t.term);
  const renamed = new Map<string, string>();
  const joined = new Map<string, readonly string[]>();
  for (const t of s.terms) {
    if (t.kind !== "strong" || other.words.has(t.term)) continue;
    const match = theirs.find((u) => key(u) === key(t.term) || kindOf(u, t.term));
    if (match) renamed.set(t.term, match);
  }
  // Two words of `s` that the other side writes as one.
  const pairs = compounds(s);
  for (const u of theirs) {
    const parts = pairs.get(u);
    if (parts && !s.words.has(u)) joined.set(u, parts);
  }
  return { renamed, joined };
}

/**
 * The two statements with the words one uses for a subject word of the other read as that
 * word (see the module doc); the same statements when nothing is renamed.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { withSameNames } from "./same_names.ts";
 * import { equal } from "node:assert/strict";
 *
 * const [a, b] = withSameNames(
 *   readStatement("The back office runs Angular 15."),
 *   readStatement("backoffice: angular 17"),
 * );
 * equal(a.terms.some((t) => t.term === "backoffic"), true);
 * equal(b.terms.some((t) => t.term === "backoffic"), true);
 * ```
 */
export function withSameNames(a: Statement, b: Statement): [Statement, Statement] {
  const ofA = toOther(a, b);
  const ofB = toOther(b, a);
  // A word renamed on both sides the same way meets already; rename one side only.
  for (const [from, to] of ofB.renamed) {
    if (ofA.renamed.get(to) === from) ofB.renamed.delete(from);
  }
  const [x, y] = [renamedIn(a, ofA, kindsNamed(b, a)), renamedIn(b, ofB, kindsNamed(a, b))];
  return [withImplied(x, impliedQualifiers(y, x)), withImplied(y, impliedQualifiers(x, y))];
}

/** `s` with the qualifiers it implies as terms, in place of the parts of a whole. */
function withImplied(s: Statement, implied: { terms: Term[]; parts: string[] }): Statement {
  if (implied.terms.length === 0) return s;
  const gone = new Set(implied.parts);
  return {
    ...s,
    terms: [...s.terms.filter((t) => !gone.has(t.term)), ...implied.terms],
    words: new Set([...s.words, ...implied.terms.map((t) => t.term)]),
  };
}
