/**
 * A statement as tokens for reading claims: words and identifiers as written (`us-east-1`,
 * `node:20-alpine`, `@acme/utils`, `Chart.js` stay whole), code spans and URLs as one token,
 * and the punctuation that ends a clause. Each token knows its clause, whether it is written
 * with a capital letter, whether it is a possessive (`Maria's`), and whether it sits in
 * parentheses or in a clause that only gives a reason ("… so the Lisbon folks can join").
 *
 * @module
 */
import { purposeAt } from "./purpose.ts";

/** What a token is. */
export type TokenKind = "word" | "code" | "url" | "punct";

/** One token of a statement. */
export interface Token {
  /** As written (code spans without their backticks). */
  readonly text: string;
  /** Lowercase, NFKC. */
  readonly lower: string;
  readonly kind: TokenKind;
  /** Index of its clause (clauses end at `;`, `:`, ` - `, `—` and sentence ends). */
  readonly clause: number;
  /** Whether it starts with a capital letter. */
  readonly cap: boolean;
  /** Whether it was written with a possessive `'s`. */
  readonly possessive: boolean;
  /** Whether it is inside parentheses. */
  readonly paren: boolean;
  /** Whether it is inside a clause that gives a reason or circumstance, not the claim. */
  reason: boolean;
}

/** Code spans, URLs, clause punctuation, then runs of anything else but spaces and commas. */
const SCAN =
  /`([^`]+)`|([a-z][a-z0-9+.-]*:\/\/[^\s)>\]]+)|(\s[-–]\s|[;—!?()]|,|\.(?=\s|$)|:(?=\s|$))|([^\s,;()[\]{}"!?`]+)/giu;

/** Contractions split off a word: `we're` → `we`, `'re`. */
const CLITIC = /^(.+?)('s|'re|'d|'ll|'ve|'m)$/i;

/** Pronouns a contracted `'d` ("would", "had") follows. */
const PRONOUN = /^(?:i|you|he|she|we|they|it|that|who|there|what|where|how|this)$/i;

/** What follows a word's full stop when it ends a sentence: a space, then more words. */
const SENTENCE_END = /^\s+[\p{L}\p{N}`]/u;
/** Words a full stop abbreviates rather than ends ("etc.", "vs.", "approx."). */
const ABBREVIATION =
  /^(?:etc|vs|approx|incl|excl|cf|ca|resp|esp|dept|mr|mrs|ms|dr|st|no|nr|fig|min|max|avg|est|ver|v|viz|al)$/i;

/** Clause-ending punctuation (a comma only separates). */
const ENDS_CLAUSE = /^(?:[;—!?]|\s[-–]\s|\.|:)$/;

/**
 * Reason and circumstance markers: the words after them (to the clause end) say why or when,
 * not what.
 */
const REASON = new Set(["because", "so", "due", "thanks", "while", "whereas", "which", "who"]);

function push(out: Token[], text: string, kind: TokenKind, clause: number, paren: boolean) {
  const possessive = kind === "word" && /['’]s$/i.test(text) && text.length > 2;
  out.push({
    text,
    lower: text.normalize("NFKC").toLowerCase(),
    kind,
    clause,
    cap: /^\p{Lu}/u.test(text),
    possessive,
    paren,
    reason: false,
  });
}

/** A setting's key (`NODE_OPTIONS`, `--max-old-space-size`, `retention.ms`) before `=`. */
const SETTING = /^(-{0,2}[A-Za-z_][\w.-]*?)(==?)(.+)$/;

/**
 * A word, or a setting written in one piece split into key, `=` and value (`KEY=value`,
 * `--flag=4096`), or a pin into name and version (`Django==5.1.3`).
 */
function pushSetting(out: Token[], word: string, clause: number, paren: boolean): void {
  const m = SETTING.exec(word);
  if (!m || m[3]!.startsWith("=")) {
    push(out, word, "word", clause, paren);
    return;
  }
  push(out, m[1]!, "word", clause, paren);
  if (m[2] === "=") push(out, "=", "word", clause, paren);
  pushSetting(out, m[3]!, clause, paren);
}

/**
 * The tokens of `text`.
 *
 * @example Usage
 * ```ts
 * import { tokenize } from "./tokens.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(
 *   tokenize("We're on RN 0.74; see `app.json`.").map((t) => t.lower),
 *   ["we", "'re", "on", "rn", "0.74", ";", "see", "app.json", "."],
 * );
 * ```
 */
export function tokenize(text: string): Token[] {
  const source = text.normalize("NFKC").replace(/[’‘]/g, "'").replace(/[“”]/g, '"')
    .replace(/(\d),(\d{3})\b/g, "$1$2").replace(/(^|\s)w\/(?=\s)/gi, "$1with");
  const out: Token[] = [];
  let clause = 0;
  let paren = false;
  for (const m of source.matchAll(SCAN)) {
    if (m[1] !== undefined) push(out, m[1].trim(), "code", clause, paren);
    else if (m[2] !== undefined) push(out, m[2].replace(/[.,;:]+$/, ""), "url", clause, paren);
    else if (m[3] !== undefined) {
      const p = m[3];
      if (p === "(") paren = true;
      else if (p === ")") paren = false;
      else push(out, p.trim() || "-", "punct", clause, paren);
      if (ENDS_CLAUSE.test(p)) clause++;
    } else {
      let word = m[4]!.replace(/^['"]+/, "");
      let tail = "";
      const trailing = /[.:'"]+$/.exec(word);
      if (trailing) {
        tail = trailing[0];
        word = word.slice(0, -tail.length);
      }
      if (!word) continue;
      const clitic = CLITIC.exec(word);
      // "EOL'd", "OK'd", "cc'd": after a name, 'd makes a past participle, not "would".
      const participle = !!clitic && clitic[2]!.toLowerCase() === "'d" && !PRONOUN.test(clitic[1]!);
      if (clitic && !participle && !/^\d/.test(word)) {
        push(out, clitic[1]!, "word", clause, paren);
        if (clitic[2]!.toLowerCase() === "'s") {
          const owner = out[out.length - 1]!;
          out[out.length - 1] = { ...owner, possessive: true };
        } else push(out, clitic[2]!, "word", clause, paren);
      } else pushSetting(out, word, clause, paren);
      if (tail.includes(":")) {
        push(out, ":", "punct", clause, paren);
        clause++;
      } else if (
        tail.includes(".") && !word.includes(".") && !ABBREVIATION.test(word) &&
        SENTENCE_END.test(source.slice(m.index! + m[0].length))
      ) {
        // "… sidecar. vault-init isn't deployed": a sentence ends inside the statement.
        push(out, ".", "punct", clause, paren);
        clause++;
      }
    }
  }
  markReasons(out);
  return out;
}

/** Words that open a date ("since June", "after Q3", "since last sprint"). */
const WHEN =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|q[1-4]|h[12]|\d{4}(?:-\d\d(?:-\d\d)?)?|last|this|yesterday|today|v?\d+(?:\.\d+)+)$/;

/**
 * "…, so we moved to Fly.io": `so`, a doer and a verb in the past tell what was done as a
 * result, the claim itself, not a reason ("so we can …", "so the Lisbon folks can join").
 */
function resultAt(tokens: readonly Token[], i: number): boolean {
  return /^(?:we|i|they)$/.test(tokens[i + 1]?.lower ?? "") &&
    /(?:ed|^took|^went|^made|^set|^put|^ran|^began|^wrote|^rewrote)$/.test(
      tokens[i + 2]?.lower ?? "",
    );
}

/** Marks the tokens after a reason or circumstance marker, to the end of the clause. */
function markReasons(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1]?.lower ?? "";
    // "since June SaaS sources are loaded with Airbyte": a date says when, the claim follows.
    if (/^(?:since|after)$/.test(t.lower) && WHEN.test(next)) continue;
    const opens = REASON.has(t.lower)
      ? t.lower !== "so" || /^(?:that|the|we|our|it|they|a|an|i)$/.test(next) &&
          !resultAt(tokens, i)
      : (t.lower === "since" || t.lower === "after") &&
          /^(?:the|a|an|we|our|it|they|i|he|she|his|her|their|\p{Lu}.*)$/u.test(
            tokens[i + 1]?.text ?? "",
          ) &&
          !/^(?:a|an)$/.test(next) ||
        // "… to 35 days for the SOC2 audit", "… to avoid timeouts" (`purpose.ts`).
        purposeAt(tokens, i);
    if (!opens) continue;
    for (let j = i; j < tokens.length && tokens[j]!.clause === t.clause; j++) {
      if (tokens[j]!.kind === "punct" && tokens[j]!.lower === ",") break;
      tokens[j]!.reason = true;
    }
  }
}
