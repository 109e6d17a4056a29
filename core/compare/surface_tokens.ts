/**
 * The surface of a statement, for reading it without lexicons (`surface_change.ts`,
 * `surface_conflict.ts`): value-shaped tokens (numbers, identifiers, names written with capitals
 * inside a sentence), words, and the subject two statements share or do not.
 *
 * @module
 */
import { STATEMENT_STOPWORDS } from "../text/stopwords.ts";
import cues from "./lexicon/cues.json" with { type: "json" };

/** A value-shaped token or a word of a statement. */
export interface Token {
  readonly text: string;
  readonly norm: string;
  readonly kind: "number" | "ident" | "name" | "word";
  /** Where it starts in the statement, in tokens. */
  readonly index: number;
  /**
   * Its parts (lowercase, light-stemmed), for subject overlap: the pieces between separators
   * (`default_pool_size` → default, pool, size), the whole of a camel-cased piece and its humps
   * (`PgBouncer` → pgbouncer, bouncer).
   */
  readonly parts: readonly string[];
  /** The pieces between separators only: what tells two subjects apart. */
  readonly pieces: readonly string[];
}

const TOKEN = /[/.]?[A-Za-z0-9][\w.\-/:@*+#%]*[\w%*/]|[A-Za-z0-9]|->|→|=>/g;
const NUMBER = /^\d+(?:[.:,]\d+)*(?:%|[a-z]{1,3})?$/i;
/** Words that join nearly any two statements of a codebase: no evidence of one subject. */
const GENERIC = new Set([
  "now",
  "say",
  "says",
  "team",
  "service",
  "svc",
  "repo",
  "all",
  "new",
  "old",
  "one",
  "two",
  "get",
  "got",
  "set",
  "run",
  "runs",
  "after",
  "before",
  "since",
  "today",
  "yesterday",
  "tonight",
  "night",
  "morning",
  "last",
  "sprint",
  "week",
  "month",
  "day",
  "com",
  "www",
  "http",
  "https",
]);

/** Change words say how, not what about. */
const CUE_WORDS: ReadonlySet<string> = new Set(
  [...cues.changeVerbs, ...cues.temporal, ...cues.oldAfter, ...cues.oldBefore].flatMap((c) =>
    c.split(" ")
  ),
);

function stem(word: string): string {
  const w = word.toLowerCase().replace(/'s$/, "");
  if (w.length > 4 && /ie[sd]$/.test(w)) return `${w.slice(0, -3)}y`;
  if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss")) return w.slice(0, -1);
  return w;
}

const keep = (p: string) => p.length >= 3 && !/^\d+$/.test(p);

function piecesOf(text: string): string[] {
  return text.split(/[^A-Za-z0-9]+/).filter(keep).map(stem);
}

function partsOf(text: string): string[] {
  const humps = text.replace(/([a-z])([A-Z])/g, "$1 $2").split(/[^A-Za-z0-9]+/).filter(keep);
  return [...new Set([...piecesOf(text), ...humps.map(stem)])];
}

export function tokensOf(original: string): Token[] {
  const text = original.replace(/\s*(->|→|=>)\s*/g, " $1 ");
  const out: Token[] = [];
  let index = 0;
  let sentenceStart = true;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0].replace(/[.:]+$/, "");
    const before = text.slice(0, match.index).trimEnd();
    sentenceStart = index === 0 || /[.!?:;—–-]$/.test(before);
    const norm = raw.toLowerCase();
    // `#918`, `!812`: a ticket or request number is an id, not a quantity.
    const id = /[#!]$/.test(text.slice(0, match.index));
    const kind = NUMBER.test(raw) && !id
      ? "number"
      : id
      ? "ident"
      : /\d/.test(raw) && /[a-z]/i.test(raw) || /\w[._/:@-]\w|^[/.]\w/.test(raw)
      ? "ident"
      : /[A-Z]/.test(raw.slice(1)) || (/^[A-Z]/.test(raw) && !sentenceStart)
      ? "name"
      : "word";
    const number = kind === "number";
    out.push({
      text: raw,
      norm,
      kind,
      index,
      parts: number ? [] : partsOf(raw),
      pieces: number ? [] : piecesOf(raw),
    });
    index++;
  }
  return out;
}

/** Subject words: content words and identifier parts, generic words aside. */
export function subjectOf(tokens: readonly Token[]): Set<string> {
  const out = new Set<string>();
  for (const token of tokens) {
    for (const part of token.parts) {
      if (!STATEMENT_STOPWORDS.has(part) && !GENERIC.has(part) && !CUE_WORDS.has(part)) {
        out.add(part);
      }
    }
  }
  return out;
}

export const isValue = (token: Token) => token.kind !== "word";

/**
 * Two subjects, not one: right before the first word they share, each statement has a subject
 * word the other lacks ("the billing API rate limit" and "the search API rate limit").
 */
export function otherSubjects(
  a: readonly Token[],
  b: readonly Token[],
  shared: ReadonlySet<string>,
) {
  const only = (x: readonly Token[], y: readonly Token[]) => {
    const theirs = subjectOf(y);
    const first = x.findIndex((t) => t.parts.some((p) => shared.has(p)));
    return x.slice(Math.max(0, first - 2), Math.max(0, first + 1))
      .some((t) => t.pieces.some((p) => !theirs.has(p) && subjectOf([t]).has(p)));
  };
  return only(a, b) && only(b, a);
}

/** Two dotted versions with as many parts (`1.26`, `1.29`): one attribute's values. */
export function sameShape(a: Token, b: Token): boolean {
  const dots = (t: Token) => t.norm.split(".").length;
  return /\d\.\d/.test(a.norm) && dots(a) === dots(b);
}

/**
 * Two attributes, not one: next to its number, each statement has a subject word the other
 * lacks ("is version 16" and "max_connections set to 400").
 */
export function otherAttributes(
  a: readonly Token[],
  x: Token,
  b: readonly Token[],
  y: Token,
): boolean {
  const near = (tokens: readonly Token[], at: Token) =>
    subjectOf(tokens.slice(Math.max(0, at.index - 3), at.index + 3));
  const [mine, theirs] = [near(a, x), near(b, y)];
  const [allA, allB] = [subjectOf(a), subjectOf(b)];
  return [...mine].some((w) => !allB.has(w)) && [...theirs].some((w) => !allA.has(w));
}
