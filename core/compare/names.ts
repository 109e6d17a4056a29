/**
 * Tools no lexicon knows, read by where they stand: "firmware builds with PlatformIO",
 * "experiments are tracked in MLflow", "escalations are handled in Intercom", "CI secret
 * scanning is trufflehog", "gitleaks is our secret scanner", "WAL archiving uses wal-g". Each is
 * a value of the `tool` slot, which meets the other side's `tool` or any technology's slot
 * (`conflict.ts`), so "firmware is built with west" and "firmware builds with PlatformIO" give
 * two tools of one subject.
 *
 * A name is read only where a tool is said: after "is"/"are", "with", "via", "through",
 * "using"/"uses", "in" or "on", or before "is our …". It is written as a name (a capital past
 * the sentence's first word, an inner capital, an inner hyphen of a short part: `wal-g`,
 * `async-std`), or, lowercase, it ends its clause after "is"/"are" and does not end like a
 * describing word ("unversioned", "stable"), or opens its clause before "is our". Digits (ticket ids, sizes), and words the reading already used, are no names.
 *
 * @module
 */
import { SOFT, WEAK } from "./lexicon.ts";
import { stem } from "./terms.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** Words after which a name is a tool. */
const INTRO = /^(?:is|are|with|via|through|using|uses|use|in|on|into|onto)$/;
const ARTICLES = /^(?:the|a|an|our|their|its|self-hosted|hosted)$/;
/** Prepositions that may follow a tool in its clause ("uses wal-g to S3"). */
const AFTER = /^(?:to|for|in|on|with|as|at|under|behind|via|and|models?|stores?)$/;

/** Endings of words that describe rather than name ("urls are unversioned", "it is stable"). */
const ADJECTIVE = /(?:ed|ing|able|ible|ive|ous|ful|less|al|ic|ary|ent|ant|ly|er|est|y)$/;

/** The slot prefix of a tool read only from a bare lowercase word after "is". */
export const WEAK_TOOL = "tool?:";

/** A version right after a name ("1.x", "3.2"). */
const VERSIONED = /^v?\d+(?:\.(?:\d+|x))+$/;

/** Whether a token is written as a name (not just a capitalised first word). */
function nameShaped(t: Token, i: number): boolean {
  if (t.kind !== "word" || /\d/.test(t.lower) || /[/:@#_=]/.test(t.lower)) return false;
  // "PlatformIO", "MLflow", "pgBackRest", "SQLMesh": a capital inside.
  if (/^\p{L}+$/u.test(t.text) && /.\p{Lu}/u.test(t.text) && /\p{Ll}/u.test(t.text)) return true;
  // "wal-g", "async-std": a hyphenated name with a short part.
  if (/^[a-z]+-[a-z]+$/.test(t.lower) && t.lower.split("-").some((p) => p.length <= 3)) {
    return !/(?:ed|ing)$/.test(t.lower);
  }
  return i > 0 && t.cap && !t.possessive && /^\p{Lu}\p{Ll}+$/u.test(t.text);
}

/** Whether `lower` is a plain word of the language rather than a name. */
function plainWord(lower: string): boolean {
  return STOPWORDS.has(lower) || SOFT.has(lower) || WEAK.has(lower);
}

/** The unknown tools `tokens` names (see the module doc); tokens already used are skipped. */
export function readNames(
  tokens: readonly Token[],
  used: boolean[],
  values: Value[] = [],
): Value[] {
  const out: Value[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (used[i] || t.reason || t.paren || t.kind !== "word" || plainWord(t.lower)) continue;
    let j = i - 1;
    while (j >= 0 && ARTICLES.test(tokens[j]!.lower)) j--;
    const intro = j >= 0 && tokens[j]!.clause === t.clause ? tokens[j]!.lower : "";
    const next = tokens[i + 1];
    const ends = !next || next.clause !== t.clause || next.kind === "punct" || next.paren;
    // "gitleaks is our secret scanner": a name opening its clause before "is our".
    const opens = (i === 0 || tokens[i - 1]!.clause !== t.clause) && next?.lower === "is" &&
      tokens[i + 2]?.lower === "our";
    let end = i + 1;
    let weak = false;
    // A lowercase name shows itself by a version or an aside right after it ("use tokio 1.x",
    // "built with west (Zephyr)").
    const marked = /^[a-z][a-z-]{2,}$/.test(t.lower) &&
      (VERSIONED.test(next?.lower ?? "") || next?.paren === true);
    if (nameShaped(t, i) || marked || opens && /^[a-z][a-z-]+$/.test(t.lower)) {
      // "Weights & Biases": capitalised words joined by "&".
      while (
        tokens[end]?.lower === "&" && tokens[end + 1]?.cap && !used[end + 1] &&
        tokens[end + 1]!.clause === t.clause
      ) end += 2;
      const after = tokens[end];
      const free = !after || after.clause !== t.clause || after.kind === "punct" || after.paren ||
        AFTER.test(after.lower) || marked && VERSIONED.test(after.lower);
      if (!opens && !(INTRO.test(intro) && free)) continue;
    } else if (
      !(/^(?:is|are)$/.test(intro) && ends && /^[a-z]{4,}$/.test(t.lower)) ||
      ADJECTIVE.test(t.lower)
    ) {
      continue;
    } else weak = true;
    const text = tokens.slice(i, end).map((x) => x.text).join(" ");
    const norm = tokens.slice(i, end).map((x) => x.lower).join(" ");
    out.push({
      kind: "name",
      // A bare lowercase word after "is" may describe ("the wiki is slow"): its slot is its
      // own, met only by a tool written as a name (`value_match.ts`).
      slots: [weak ? `${WEAK_TOOL}${norm}` : "tool"],
      norm,
      text,
      start: i,
      end,
      negated: false,
      tense: "current",
    });
    for (let k = i; k < end; k++) used[k] = true;
    // "use tokio 1.x": the version right after the name is the name's.
    const version = values.findIndex((v) => v.kind === "version" && v.start === end);
    if (version >= 0) {
      values[version] = { ...values[version]!, slots: [`version:${out.at(-1)!.norm}`] };
    }
  }
  return out;
}

/** Irregular past forms, by their verb. */
const IRREGULAR: Readonly<Record<string, string>> = {
  built: "build",
  written: "write",
  wrote: "write",
  kept: "keep",
  sent: "send",
  held: "hold",
  made: "make",
  run: "run",
  ran: "run",
  done: "do",
};

/** The acts (past participles and -ing forms) said before value `v` in its clause. */
function actsBefore(tokens: readonly Token[], v: Value): Set<string> {
  const out = new Set<string>();
  for (let k = v.start - 1; k >= 0 && tokens[k]!.clause === tokens[v.start]!.clause; k--) {
    const w = tokens[k]!.lower;
    if (IRREGULAR[w]) out.add(IRREGULAR[w]!);
    else if (/^[a-z]{3,}(?:ed|ing)$/.test(w)) out.add(stem(w));
  }
  return out;
}

/**
 * Whether two unknown tools are said of different acts ("docs are written in Markdown" /
 * "docs are published with Docusaurus"): each side names an act before its tool that the
 * other side does not.
 */
export function otherActs(
  a: readonly Token[],
  va: Value,
  b: readonly Token[],
  vb: Value,
): boolean {
  const [x, y] = [actsBefore(a, va), actsBefore(b, vb)];
  const all = (tokens: readonly Token[]) =>
    new Set(tokens.flatMap((t) => [stem(t.lower), IRREGULAR[t.lower] ?? ""]));
  const [inA, inB] = [all(a), all(b)];
  return [...x].some((w) => !inB.has(w)) && [...y].some((w) => !inA.has(w));
}
