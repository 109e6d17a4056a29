/**
 * Passwords no label names: a word of prose strong enough to be a generated password on its
 * shape alone ("Does anyone know why u_l$ZX_YFf$b?9 no longer works for the staging DB?"): all
 * four character classes, two or more symbols that are not base64's, no words, no syntax.
 * Everything weaker needs a label (`prose.ts`) or the entropy detector's length.
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { isLiteral } from "./catalogue.ts";
import { wordFraction } from "./lexical.ts";
import { trimWord, valueShape } from "./value_shape.ts";

/**
 * A run between spaces, quotes, Thai and CJK text that holds a symbol, matched from the run's start
 * only (its length is checked below): one pass over the text.
 */
const RUN =
  /(?<![^\s"'`\u0E00-\u0E7F\u3000-\u9FFF\uAC00-\uD7AF\uFF01-\uFF1F])[^\s"'`\u0E00-\u0E7F\u3000-\u9FFF\uAC00-\uD7AF\uFF01-\uFF1F!@#$%^&*?~|<>\\{}\[\]()]*[!@#$%^&*?~|<>\\{}\[\]()][^\s"'`\u0E00-\u0E7F\u3000-\u9FFF\uAC00-\uD7AF\uFF01-\uFF1F]*/g;
/** Symbols of passwords, not of base64, paths, names or sentences (`+/=_-.,:;`). */
const SYMBOL = /[!@#$%^&*?~|<>\\{}\[\]()]/g;

/** Two such symbols in one word. */
const TWO_SYMBOLS = /[!@#$%^&*?~|<>\\{}\[\]()][^]*[!@#$%^&*?~|<>\\{}\[\]()]/;

/** A crypt(3) hash anywhere in the word (`user:$apr1$…`): a hash, not a password. */
const CRYPT = /\$(?:2[abxy]?|1|5|6|7|y|gy|apr1|sha1|argon2(?:id|i|d)|scrypt|pbkdf2[\w\-]*)\$/;

/**
 * Code: a character range or a quantifier, a query string or a route, a call or a method chain
 * (`1e6).toFixed(1)}`), an operator, an escape.
 */
const SYNTAX =
  /a-z|A-Z|0-9|\{\d+(?:,\d*)?\}|\?[A-Za-z_]\w*=|^#?\/|[A-Za-z_]\w*\(|\)[.\])}]|\(\)|=>|\?\.|\?\?|&&|\|\||[!=]==?|\[[^\]]*-[^\]]*\]|\\/;

/** Candidate spans for generated passwords standing alone in `text`. */
export function barePasswords(text: string, out: Candidate[]): void {
  SYMBOL.lastIndex = 0;
  if (!SYMBOL.test(text) || !SYMBOL.test(text)) return; // fewer than two symbols in the text
  for (const m of text.matchAll(RUN)) {
    const word = m[0];
    if (word.length < 10 || word.length > 64 || !TWO_SYMBOLS.test(word)) continue;
    let { start, end } = trimWord(word);
    const user = /^[A-Za-z][\w.\-]{0,31}:(?=[^:\/]{8,}$)/.exec(word.slice(start, end)); // user:password
    if (user) start += user[0].length;
    // `--from-literal=password=<value>`: the names before the value are not part of it.
    const names = /^(?:-{0,2}[a-z][\w.\-]{0,40}=)+(?=.{10})/.exec(word.slice(start, end));
    if (names && !user) start += names[0].length;
    const value = word.slice(start, end);
    if (!strong(value)) continue;
    out.push({ start: m.index + start, end: m.index + end, type: "secret_assignment", tier: 1 });
  }
}

/** Whether a trimmed word is a generated password on its shape alone (cheapest tests first). */
function strong(v: string): boolean {
  if (v.length < 10 || !TWO_SYMBOLS.test(v) || !/[a-z]/.test(v) || !/[A-Z]/.test(v)) return false;
  if (!/\d/.test(v) || new Set(v).size < 0.6 * v.length) return false;
  // Syntax, not a password: a call, a template, an index, a regex, a format string.
  if (
    CRYPT.test(v) || SYNTAX.test(v) ||
    /^[\w.$]+\(|\)$|\$\{|\{\{|\w\[["'\w]|\\[dwsbn]|%[-\d.]*[sdfx]\b/.test(v) || anchored(v)
  ) return false;
  // Base64 fields joined by `|`, `$` or `:` are an encoding (a hashed known_hosts entry
  // `|1|salt|hash`), not a password someone typed.
  const fields = v.split(/[|$:]/).filter((f) => f !== "");
  const encoded = fields.filter((f) => /^[A-Za-z0-9+\/=]{8,}$/.test(f)).length;
  if (encoded > 1 && fields.every((f) => /^(?:[A-Za-z0-9+\/=]{8,}|\d{1,3})$/.test(f))) return false;
  return wordFraction(v) < 0.3 && isLiteral(v) && valueShape(v) === "password";
}

/**
 * A regular expression's anchors: `^…` or `…$` with another mark of one (the other anchor, `.*`,
 * `.+`, a group or a class). A password may end in `$` (`EB!I6g6x…I2jG$`).
 */
function anchored(v: string): boolean {
  if (!v.startsWith("^") && !v.endsWith("$")) return false;
  return (v.startsWith("^") && v.endsWith("$")) || /\.[*+?]|[(\[]/.test(v) ||
    v.startsWith("^") && v.length < 12;
}
