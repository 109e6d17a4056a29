/**
 * Two subjects told apart by their modifiers: a word both statements say (a head: "db",
 * "cache", "TTL") stands, in each, right after a word the other statement never says ("the
 * orders db is on RDS" / "events db moved from RDS to ClickHouse"; "product cache TTL" /
 * "lowered the session cache TTL"). Such statements name two things of one kind, however
 * alike the rest of their words; a change of one is no change of the other. A modifier only
 * one side gives ("the db" / "the orders db") does not tell them apart, nor does a change word
 * before the head ("migrated db …"), nor a value ("GitHub Pages" / "Cloudflare Pages").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import { QUALIFIERS } from "./lexicon.ts";
import { stem, synonym, termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** Environments, platforms and regions are told apart elsewhere (`change.ts`). */
const QUALIFIER = new Set([...QUALIFIERS.keys()].flatMap((w) => [w, stem(w)]));

/** Words that end a statement's subject. */
const PIVOT =
  /^(?:is|are|was|were|'s|'re|in|on|at|to|into|onto|from|with|via|through|by|for|uses|use|runs|run|lives|live|sits|goes|go|has|have|=|->|→)$/;

/** A token's words as stems ("product", "ttl" too: soft words name things here), or none. */
function wordsOf(t: Token | undefined): string[] {
  if (!t || t.kind !== "word" || STOPWORDS.has(t.lower)) return [];
  return [
    ...new Set([...termsOf(t.lower), ...t.lower.split(/[-_]/).map((w) => stem(synonym(w)))]),
  ];
}

/** Every word of a statement as {@linkcode wordsOf} reads it, and its subject words. */
function said(s: Statement): Set<string> {
  return new Set([...s.words, ...tokensFor(s.text).flatMap(wordsOf)]);
}

/** Token indexes inside a value, or named as old or as a change: no modifier of a subject. */
function taken(s: Statement): Set<number> {
  const out = new Set<number>([...s.cues.cueTokens, ...s.cues.oldTokens]);
  for (const v of s.values) for (let k = v.start; k < v.end; k++) out.add(k);
  return out;
}

/**
 * Where a statement's subject starts: after the change or currency words it opens with, and the
 * small words before them ("These days the shipping service …", "We switched the shipping service
 * to …"), else at its first token.
 */
function subjectStart(tokens: readonly Token[], cues: ReadonlySet<number>): number {
  let start = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (cues.has(i)) start = i + 1;
    else if (!STOPWORDS.has(tokens[i]!.lower)) break;
  }
  return start;
}

/**
 * The token indexes (from the subject's second) of a statement's subject: the words before its
 * first verb of being or using, or preposition, and a scope after `for` ("we use Mailgun for
 * transactional email").
 */
function subjectTokens(
  tokens: readonly Token[],
  skip: ReadonlySet<number>,
  cues: ReadonlySet<number>,
): number[] {
  const out: number[] = [];
  const start = subjectStart(tokens, cues);
  const end = subjectEnd(tokens, skip, cues, start);
  for (let i = start + 1; i < end; i++) out.push(i);
  tokens.forEach((t, f) => {
    if (t.lower !== "for" || f < end || skip.has(f)) return;
    for (let i = f + 2; i < tokens.length; i++) {
      if (tokens[i]!.clause !== t.clause || PIVOT.test(tokens[i]!.lower)) break;
      out.push(i);
    }
  });
  return out;
}

/**
 * Where a statement's subject ends: its first verb of being or using, or preposition, or its
 * first change word ("marketing email no longer goes through Mailgun").
 */
function subjectEnd(
  tokens: readonly Token[],
  skip: ReadonlySet<number>,
  cues?: ReadonlySet<number>,
  from = 0,
): number {
  const end = tokens.findIndex((t, i) =>
    i > from && (PIVOT.test(t.lower) && !skip.has(i) || cues?.has(i) === true)
  );
  return end < 0 ? 0 : end;
}

/**
 * Whether a value of `s` names its subject rather than its value: it stands in the subject,
 * before a head word ("websocket server listens on 8443", "grpc server port changed to 9443").
 */
export function namesSubject(s: Statement, v: Value): boolean {
  const tokens = tokensFor(s.text);
  const end = subjectEnd(tokens, s.cues.cueTokens);
  const next = tokens[v.end];
  return v.end < end && !!next && next.kind === "word" && next.clause === tokens[v.start]!.clause &&
    !s.cues.cueTokens.has(v.end) && !s.values.some((w) => w.start === v.end);
}

/**
 * The heads `a` says right after a modifier `b` never says, with that modifier: plain lowercase
 * words, outside values ("GitHub Pages" / "Cloudflare Pages" are two values, not two subjects).
 */
function modified(a: Statement, b: Statement): Map<string, string> {
  const tokens = tokensFor(a.text);
  const theirs = said(b);
  const skip = taken(a);
  const out = new Map<string, string>();
  for (const i of subjectTokens(tokens, skip, a.cues.cueTokens)) {
    const [before, head] = [tokens[i - 1]!, tokens[i]!];
    if (skip.has(i - 1) || skip.has(i) || before.cap || /\d/.test(before.lower)) continue;
    if (before.paren || head.paren || before.reason || head.reason) continue;
    if (before.clause !== head.clause) continue;
    const heads = wordsOf(head).filter((w) => theirs.has(w));
    const own = wordsOf(before).filter((w) => !QUALIFIER.has(w));
    if (heads.length === 0 || own.length === 0 || own.some((w) => theirs.has(w))) continue;
    // An abbreviation of a word the other says ("mem limit" / "memory limit") is that word.
    if (own.some((w) => w.length >= 3 && [...theirs].some((x) => x.startsWith(w)))) continue;
    for (const h of heads) out.set(h, own.join("-"));
  }
  return out;
}

/** A short id of letters and a number ("P1", "v2", "s3"): its letters, or null. */
function idLetters(t: Token): string | null {
  const m = /^([a-z]{1,3})-?(\d{1,3})$/.exec(t.lower);
  return m ? m[1]! : null;
}

/**
 * Each names in its subject a short id the other does not, with the same letters ("the SLA
 * for P1 tickets" / "P2 SLA tightened"): two things of one kind.
 */
function otherIds(a: Statement, b: Statement): boolean {
  const ids = (s: Statement) => {
    const tokens = tokensFor(s.text);
    const skip = taken(s);
    const at = new Set(subjectTokens(tokens, skip, s.cues.cueTokens).flatMap((i) => [i - 1, i]));
    return [...at].map((i) => tokens[i]!).filter((t) => idLetters(t) !== null);
  };
  const [x, y] = [ids(a), ids(b)];
  return x.some((t) =>
    !b.words.has(t.lower) && !b.text.toLowerCase().includes(t.lower) &&
    y.some((u) =>
      idLetters(u) === idLetters(t) && u.lower !== t.lower &&
      !a.text.toLowerCase().includes(u.lower)
    )
  );
}

/**
 * Whether `incoming` and `stored` name two things of one kind (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { otherModifiers } from "./modifiers.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("the orders db is on RDS");
 * equal(otherModifiers(readStatement("events db moved from RDS to ClickHouse"), stored), true);
 * equal(otherModifiers(readStatement("the db moved from RDS to Aurora"), stored), false);
 * ```
 */
export function otherModifiers(incoming: Statement, stored: Statement): boolean {
  if (otherIds(incoming, stored)) return true;
  const mine = modified(incoming, stored);
  if (mine.size === 0) return false;
  const theirs = modified(stored, incoming);
  return [...mine.keys()].some((head) => theirs.has(head));
}
