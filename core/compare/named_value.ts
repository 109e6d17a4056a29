/**
 * A name no lexicon knows, in the value's place ("DB incidents escalate to Amara" / "Database
 * incidents are escalated to Jonas"; "firmware is flashed with a J-Link" / "we flash the boards
 * with an ST-Link"): the two say the same of one subject and each ends on a name of its own
 * where the other has another. Read by structure, not by word lists:
 *
 * - a name is a word written capitalised past the sentence's first word, in code, or as an
 *   `@handle`; one with a digit is an identifier (a ticket, a build), not a value;
 * - each side has exactly one name the other does not say, and it comes after every subject
 *   word (the predicate's end, not its subject: "Kenji prefers Go" / "Sam prefers Kotlin" name
 *   two people);
 * - every other subject word of each side is said by the other (abbreviations and stems
 *   count), so nothing else tells the two apart;
 * - and at least two subject words are shared.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";
import type { Token } from "./tokens.ts";

/** What two statements name differently, or null. */
export interface NamedValues {
  readonly values: readonly [string, string];
}

/** Whether `s` ends on a name that could be a value (see the module doc). */
export function namesValue(s: Statement): boolean {
  return lastName(s) !== null || leadName(s) !== null;
}

/** The names in the value's place of `a` and `b`, when that is all that tells them apart. */
export function namedValues(a: Statement, b: Statement): NamedValues | null {
  for (const x of [lastName(a), leadName(a)]) {
    for (const y of [lastName(b), leadName(b)]) {
      const found = x && y && apart(a, x, b, y);
      if (found) return found;
    }
  }
  return null;
}

/** The names `x` of `a` and `y` of `b`, when they are all that tells the two apart. */
function apart(a: Statement, x: Name, b: Statement, y: Name): NamedValues | null {
  if (x.key === y.key) return null;
  // A day, a region or a time is read as such: the value readings decide.
  if (typed(a, x) || typed(b, y)) return null;
  // Two products each with a version ("targets Nimbus 2.4" / "targets Cirrus 2.1"): the named
  // versions' reading decides (`named_versions.ts`).
  if (x.versioned && y.versioned) return null;
  if (a.words.has(y.key) || b.words.has(x.key)) return null;
  // Two known technologies of different kinds fill two attributes ("runs on Node" / "is
  // written in TypeScript").
  const [kx, ky] = [kinds(a, x), kinds(b, y)];
  if (kx.length && ky.length && !kx.some((k) => ky.includes(k))) return null;
  if (names(a).some((n) => n !== x.key && !says(b, n))) return null;
  if (names(b).some((n) => n !== y.key && !says(a, n))) return null;
  const [sa, sb] = [x.subject, y.subject];
  if (sa.length === 0 || sb.length === 0) return null;
  if (!sa.every((w) => said(w, b)) || !sb.every((w) => said(w, a))) return null;
  if (new Set(sa.filter((w) => said(w, b))).size < 2) return null;
  return { values: [x.text, y.text] };
}

interface Name {
  /** Lowercase, as the other side would say it. */
  readonly key: string;
  readonly text: string;
  /** Its first token. */
  readonly index: number;
  /** The subject words said beside it. */
  readonly subject: readonly string[];
  /** Whether a version follows it ("Godot 4"). */
  readonly versioned: boolean;
}

/** Whether token `t` (at `i`) is written as a name. */
function nameLike(t: Token, i: number): boolean {
  if (t.kind === "punct" || /\d/.test(t.text)) return false;
  if (t.text.startsWith("@")) return true;
  return i > 0 && /^\p{Lu}/u.test(t.text) && /\p{Ll}/u.test(t.text);
}

/** The lowercase names of `s`. */
function names(s: Statement): string[] {
  return tokensFor(s.text).flatMap((t, i) => nameLike(t, i) ? [t.lower] : []);
}

/**
 * The last name of `s` when it comes after all its subject words and ends its clause (words
 * that say more of the name, "a Unity project", aside), else null.
 */
function lastName(s: Statement): Name | null {
  const tokens = tokensFor(s.text);
  let found = -1;
  tokens.forEach((t, i) => {
    if (nameLike(t, i) && !t.paren) found = i;
  });
  if (found < 0) return null;
  // A run of names is one ("Google Docs", "ST-Link V3").
  let start = found;
  while (start > 0 && nameLike(tokens[start - 1]!, start - 1)) start--;
  const t = tokens[found]!;
  // Only the end of its sentence or clause may follow, or one plain word ("project").
  const rest = tokens.slice(found + 1).filter((r) => r.clause === t.clause && r.kind !== "punct");
  if (rest.length > 1) return null;
  const text = tokens.slice(start, found + 1).map((r) => r.text).join(" ");
  const versioned = rest.some((r) => /\d/.test(r.text));
  const subject = subjectWords(tokens.slice(0, start));
  return { key: tokens[start]!.lower, text, index: start, subject, versioned };
}

/**
 * The name that opens `s` as the one a role is given to ("Yuki is primary on-call this week",
 * "Ravi is the Play Console admin"), else null; a passive ("Search is owned by …") is not one.
 */
function leadName(s: Statement): Name | null {
  const tokens = tokensFor(s.text);
  const [first, copula, next] = [tokens[0], tokens[1], tokens[2]];
  if (!first || !copula || !next || first.kind !== "word" || /\d/.test(first.text)) return null;
  if (!/^\p{Lu}\p{Ll}+$/u.test(first.text) || copula.lower !== "is") return null;
  if (/(?:ed|en)$/.test(next.lower) || next.kind !== "word") return null;
  const subject = subjectWords(tokens.slice(2));
  return { key: first.lower, text: first.text, index: 0, subject, versioned: false };
}

/** The subject words of `tokens` ("inbox-tezo" is also a word as a whole: not "tezo-inbox"). */
function subjectWords(tokens: readonly Token[]): string[] {
  return tokens.filter((t) => t.kind === "word" && !t.paren).flatMap((t) => {
    const terms = termsOf(t.lower);
    return terms.length > 1 && t.lower.includes("-") ? [...terms, terms.join("-")] : terms;
  });
}

/** Whether the name `n` of `s` is read as a value of a kind the lexicon knows (a day, a time). */
function typed(s: Statement, n: Name): boolean {
  const v = s.values.find((v) => v.start <= n.index && n.index < v.end);
  return v !== undefined && !/^(?:tech|name|person)$/.test(v.kind);
}

/** Whether `other` says `w`, or a longer word that starts with it ("db" / "database"). */
function said(w: string, other: Statement): boolean {
  if (w.includes("-")) return other.words.has(w) || other.terms.some((t) => t.term === w);
  return other.words.has(w) ||
    w.length >= 4 && [...other.words].some((o) => o.length > w.length && o.startsWith(w));
}

/** The slots a known value read at the name `n` fills. */
function kinds(s: Statement, n: Name): readonly string[] {
  return s.values.find((v) => v.start === n.index)?.slots ?? [];
}

/** Whether `s` says the word `lower`, as written or as its terms ("Console": consol). */
function says(s: Statement, lower: string): boolean {
  const terms = termsOf(lower);
  return s.words.has(lower) || terms.length > 0 && terms.every((t) => s.words.has(t));
}
