/**
 * Secrets broken across lines: a narrow terminal or chat wraps a long token, an e-mail's
 * quoted-printable soft break (`=` at the line's end) splits it, code concatenates it (`"…" +`,
 * Python's adjacent strings), a shell line goes on after `\`, YAML folds it. When a found secret
 * ends its line (past a closing quote and such a joiner), and the next line holds one token
 * and nothing else, drawn from the secret's own alphabet, that token is the rest of it.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { wordFraction } from "./lexical.ts";

/** What may stand after the first part on its line: a closing quote, then a joiner. */
const TAIL = /^["'`]?[ \t]*(?:\+|\\|=|,)?[ \t]*\r?$/;

/** A line holding one token: indentation, a quote, the token, a quote, a joiner or a bracket. */
const NEXT = /^[ \t]*["'`]?([^\s"'`]{8,200}?)["'`]?[ \t]*(?:[+,;)\\]|=\r?$)?[ \t]*\r?$/;

/** The longest a wrapped secret runs on (lines after its first). */
const MAX_LINES = 4;

/**
 * The rest of each accepted secret that runs on over the next lines, as new spans of the same
 * type. `taken` says whether a span is already redacted or kept.
 */
export function continuationSpans(
  text: string,
  accepted: readonly Candidate[],
  taken: (start: number, end: number) => boolean,
): Candidate[] {
  const out: Candidate[] = [];
  for (const secret of accepted) {
    const first = text.slice(secret.start, secret.end);
    // A wrapped secret is a long one. Base64 padding (`=` closing a length that is a multiple
    // of four) says the value ended; a lone `=` elsewhere is a quoted-printable soft break.
    if (first.length < 12 || (first.endsWith("=") && first.length % 4 === 0)) continue;
    let end = secret.end;
    for (let n = 0; n < MAX_LINES; n++) {
      const lineEnd = text.indexOf("\n", end);
      if (lineEnd === -1 || !TAIL.test(text.slice(end, lineEnd))) break;
      const nextEnd = text.indexOf("\n", lineEnd + 1);
      const line = text.slice(lineEnd + 1, nextEnd === -1 ? text.length : nextEnd);
      const m = NEXT.exec(line);
      if (m === null) break;
      const token = m[1]!;
      const start = lineEnd + 1 + m.index + m[0].indexOf(token);
      if (!sameAlphabet(first, token) || taken(start, start + token.length)) break;
      out.push({ start, end: start + token.length, type: secret.type, tier: secret.tier });
      end = start + token.length;
    }
    const head = headOf(text, secret, first, taken);
    if (head) out.push(head);
  }
  return out;
}

/**
 * The first part of a secret found on a line of its own, when the line above holds one token
 * and nothing else, about as long (three quarters or more), with the same letter and digit
 * classes, random and no name: a value given in halves, the second of which alone looked random
 * enough.
 */
function headOf(
  text: string,
  secret: Candidate,
  body: string,
  taken: (start: number, end: number) => boolean,
): Candidate | undefined {
  const lineStart = text.lastIndexOf("\n", secret.start - 1) + 1;
  const lineEnd = text.indexOf("\n", secret.end);
  if (body.length < 12 || lineStart < 2) return undefined;
  if (!NEXT.test(text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd))) return undefined;
  const aboveStart = text.lastIndexOf("\n", lineStart - 2) + 1;
  const m = NEXT.exec(text.slice(aboveStart, lineStart - 1));
  if (m === null) return undefined;
  const token = m[1]!;
  const start = aboveStart + m.index + m[0].indexOf(token);
  const profile = (s: string) => [/[a-z]/, /[A-Z]/, /\d/].map((re) => re.test(s)).join();
  if (token.length < 12 || token.length * 4 < body.length * 3 || profile(token) !== profile(body)) {
    return undefined;
  }
  // Random, not a name in camel case (`PaymentsGateway2024`): the class changes every third
  // character or more often, and words make up less of it than of a name.
  const changes = [...token].filter((c, i) => i > 0 && classOf(c) !== classOf(token[i - 1]!));
  if (changes.length * 3 < token.length || wordFraction(token) >= 0.7) return undefined;
  if (!sameAlphabet(body, token) || taken(start, start + token.length)) return undefined;
  return { start, end: start + token.length, type: secret.type, tier: secret.tier };
}

/**
 * Whether a token is drawn from the alphabet of the secret it would continue: only character
 * classes the secret uses (lower, upper, digits, each symbol), at least two of the letter and
 * digit classes (a random run, not a word or a number), and not hex when the secret is not.
 */
export function sameAlphabet(secret: string, token: string): boolean {
  const classes = (s: string) => ({
    lower: /[a-z]/.test(s),
    upper: /[A-Z]/.test(s),
    digit: /[0-9]/.test(s),
  });
  const have = classes(secret);
  const got = classes(token);
  if ((got.lower && !have.lower) || (got.upper && !have.upper) || (got.digit && !have.digit)) {
    return false;
  }
  const body = token.replace(/=+$/, ""); // base64 padding closes a token
  if (body.includes("=")) return false; // a setting: `NAME=value`
  for (const c of body) {
    if (!/[A-Za-z0-9]/.test(c) && !secret.includes(c)) return false;
  }
  if (Number(got.lower) + Number(got.upper) + Number(got.digit) < 2) return false;
  const hex = (s: string) => /^[0-9a-f]+$/i.test(s);
  if (hex(body) && !hex(secret)) return false; // a commit or an id on its own line
  return !/^[0-9a-f]{8}-[0-9a-f]{4}-/i.test(body); // a UUID names something
}

function classOf(c: string): string {
  return /[a-z]/.test(c) ? "a" : /[A-Z]/.test(c) ? "A" : /\d/.test(c) ? "0" : c;
}
