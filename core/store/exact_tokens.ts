/**
 * The exact-token channel's vocabulary: paths, identifiers, commands, flags, versions and
 * error codes that a word tokenizer would split apart (`src/billing/webhooks.py`,
 * `useSessionStore`, `BILLING_WEBHOOK_SECRET`, `--frozen-lockfile`, `E11000`,
 * `` `pnpm test:e2e` ``), and both sides of an assignment (`export ZQ47RX=1` gives `zq47rx=1`
 * and `zq47rx`; `--port=8080`, `NODE_ENV: production` and a URL's `?page=2` alike). Tokens are
 * lowercased: the channel is case-insensitive. The same extraction runs on memories (indexed
 * in `memory_tokens`) and on queries ({@linkcode queryTokens}).
 *
 * Changing what a text yields changes the index of stored memories: add a schema migration
 * that calls `retokenize` (see `retokenize.ts`).
 *
 * @module
 */

const MAX_TOKENS = 64;
const MIN_LENGTH = 3;
const MAX_LENGTH = 160;
/** Separators between words: spaces and the punctuation that never sits inside a token. */
const SEPARATORS = /[\s,;()[\]{}<>"'`|]+/;
// Leading dots stay: `.env` and `.github/workflows` are names.
const EDGE_PUNCTUATION = /^[\s,:;!?'"()[\]{}<>*`|=~]+|[\s.,:;!?'"()[\]{}<>*`|=~]+$/g;
/** The left side of an assignment: a name, a dotted name or a flag. */
const KEY = /^-{0,2}[A-Za-z_][\w.-]*$/;
/** `KEY="a value"`: the quotes split the word, so these are read before the words. */
const QUOTED = /(?<![\w.-])(-{0,2}[A-Za-z_][\w.-]*)=(?:"([^"\n]*)"|'([^'\n]*)')/g;
/**
 * `KEY: value` (YAML, compose files, HTTP headers): a key, a colon, a space and one word that
 * ends its line. ("auth-svc: the identity provider…" and "svc: invoices, payments" are prose.)
 */
const COLON =
  /(?<![\w.:/-])(-{0,2}[A-Za-z_][\w.-]*):[ \t]+([^\s,;()[\]{}<>"'`|]+)(?=[ \t]*(?:\r?\n|$))/g;
/** A URL: a scheme and `//`. */
const URL = /^[a-z][a-z0-9+.-]*:\/\//i;
/** A package at a version: `lodash@4.17.21`, `@scope/pkg@1.2.3`. */
const PACKAGE = /^(@?[\w.-]+(?:\/[\w.-]+)?)@(v?\d[\w.+-]*)$/;
/** A version of three parts or more, without letters: `1.2.3`, `10.0.1-rc.1`. */
const VERSION = /^v?\d+(?:\.\d+){2,}(?:[-+][\w.-]+)?$/;
/** A one-word value of an assignment (`staging`, `8080`, `true`). */
const VALUE = /^[\w.+-]+$/;
/** A number or a duration (`8080`, `1.5`, `30s`). */
const NUMBER = /^\d[\d.]*[a-z]{0,3}$/i;

/** True when `word` looks like a code token rather than prose. */
function isCodeToken(word: string): boolean {
  if (word.length < MIN_LENGTH || word.length > MAX_LENGTH) return false;
  if (/^-{1,2}[A-Za-z][\w-]*$/.test(word)) return true; // --flag, -rf
  if (/^\.[A-Za-z][\w.-]*$/.test(word)) return true; // .env, .venv
  if (/[A-Za-z0-9](?:[_./\\:@#$]|::)[A-Za-z0-9_]/.test(word)) return true; // snake_case, a.b, a/b, a::b
  if (/[A-Za-z0-9]-[A-Za-z0-9]/.test(word)) return true; // kebab-case names
  if (/[a-z][A-Z]/.test(word) || /[A-Z]{2,}[a-z]/.test(word)) return true; // camelCase, HTTPServer
  if (/[A-Za-z]/.test(word) && /\d/.test(word)) return true; // E11000, v2, utf8
  if (/^[A-Z][A-Z0-9]{3,}$/.test(word)) return true; // ECONNRESET, SIGKILL, ZQHKX
  return false;
}

/** A key with structure (`NODE_ENV`, `runs-on`, `a.b`, `maxRetries`), not a bare word. */
function isStructuredKey(key: string): boolean {
  return /[\w][_.-][\w]|\d|[a-z][A-Z]/.test(key);
}

/** Collects the tokens of one text, in first-seen order, up to the cap. */
class Collector {
  readonly found = new Set<string>();

  add(token: string): void {
    if (token.length < MIN_LENGTH || token.length > MAX_LENGTH) return;
    if (this.found.size < MAX_TOKENS) this.found.add(token.toLowerCase());
  }

  /** One word, its edge punctuation already stripped. */
  word(word: string): void {
    if (word.length < MIN_LENGTH || word.length > MAX_LENGTH) return;
    if (URL.test(word)) return this.url(word);
    const eq = word.indexOf("=");
    if (eq > 0 && KEY.test(word.slice(0, eq)) && !/^[=>]/.test(word.slice(eq + 1))) {
      return this.assignment(word.slice(0, eq), word.slice(eq + 1));
    }
    const pkg = PACKAGE.exec(word);
    if (pkg) {
      this.add(word);
      this.add(pkg[1]!);
      this.word(pkg[1]!);
      this.add(pkg[2]!);
      return;
    }
    if (VERSION.test(word)) return this.add(word);
    if (word.startsWith("$") && word.length > 1) this.word(word.slice(1)); // $DATABASE_URL
    if (!isCodeToken(word)) return;
    this.add(word);
    const bare = word.replace(/^-+/, ""); // --frozen-lockfile also matches frozen-lockfile
    if (bare !== word && isCodeToken(bare)) this.add(bare);
    if (/[/\\]/.test(word)) {
      const base = word.split(/[/\\]/).filter(Boolean).pop();
      if (base && base !== word) this.add(base);
    }
    if (/[./\\]|::/.test(word)) {
      for (const part of word.split(/::|[./\\]/)) {
        if (part !== word && isCodeToken(part)) this.add(part);
      }
    }
  }

  /**
   * Both sides of `key=value`: the pair (as written, `=` between), the key (whatever its
   * shape: the syntax makes it a name) and the value (a code token, or any one-word value).
   */
  assignment(key: string, value: string): void {
    if (value !== "") this.add(`${key}=${value}`);
    const bare = key.replace(/^-+/, ""); // --env-file=.env also matches env-file=.env
    if (value !== "" && bare !== key) this.add(`${bare}=${value}`);
    this.add(key);
    this.word(key);
    if (value === "") return;
    this.word(value);
    if (VALUE.test(value)) this.add(value);
  }

  /** A URL: whole, without its query, its host and last path segment, and its parameters. */
  url(url: string): void {
    this.add(url);
    const cut = url.search(/[?#]/);
    const base = cut < 0 ? url : url.slice(0, cut);
    this.add(base);
    const [authority, ...path] = base.replace(URL, "").split("/");
    const host = authority?.replace(/^.*@/, ""); // user:password@ is not a name
    if (host && isCodeToken(host)) this.add(host);
    const hostname = host?.replace(/:\d+$/, "");
    if (hostname && hostname !== host && isCodeToken(hostname)) this.add(hostname);
    const last = path.filter(Boolean).pop();
    if (last) this.add(last);
    if (cut < 0 || url[cut] !== "?") return;
    for (const param of url.slice(cut + 1).split(/[&#]/)) {
      const eq = param.indexOf("=");
      if (eq > 0 && KEY.test(param.slice(0, eq))) {
        this.assignment(param.slice(0, eq), param.slice(eq + 1));
      }
    }
  }

  /**
   * `KEY: value` is an assignment when the key is code-like and the value looks like a
   * value: a code token or a number, or any one word after a structured key. ("TODO: fix"
   * and "Note: see" stay prose.)
   */
  colon(key: string, raw: string): void {
    const value = raw.replace(EDGE_PUNCTUATION, "");
    if (!isCodeToken(key) || value === "") return;
    const valueLike = isCodeToken(value) || NUMBER.test(value) || VERSION.test(value) ||
      (isStructuredKey(key) && VALUE.test(value));
    if (valueLike) this.assignment(key, value);
  }
}

/**
 * The code tokens of `text`, lowercased and deduplicated, in first-seen order. Backticked
 * spans count as one token (commands), paths also yield their basename, dotted or slashed
 * names also yield their identifier-looking parts, and assignments yield both sides.
 *
 * @example Usage
 * ```ts
 * import { exactTokens } from "./exact_tokens.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(
 *   exactTokens("Run `pnpm test:e2e` after editing src/billing/webhooks.py"),
 *   ["pnpm test:e2e", "test:e2e", "src/billing/webhooks.py", "webhooks.py"],
 * );
 * deepEqual(exactTokens("export ZQ47RX=eu-west-3"), ["zq47rx=eu-west-3", "zq47rx", "eu-west-3"]);
 * ```
 */
export function exactTokens(text: string): string[] {
  const tokens = new Collector();
  for (const match of text.matchAll(/`([^`\n]{3,160})`/g)) {
    const span = match[1]!.trim().replace(/\s+/g, " ");
    if (span.length >= MIN_LENGTH && /\s/.test(span)) tokens.add(span);
    // Words inside the span are handled with the rest of the text below.
  }
  for (const match of text.matchAll(QUOTED)) {
    const value = (match[2] ?? match[3] ?? "").trim();
    // A value with spaces: its words come through the word pass below.
    tokens.assignment(match[1]!, /\s/.test(value) ? "" : value);
  }
  for (const match of text.matchAll(COLON)) tokens.colon(match[1]!, match[2]!);
  for (const raw of text.split(SEPARATORS)) tokens.word(raw.replace(EDGE_PUNCTUATION, ""));
  return [...tokens.found];
}

/**
 * The tokens a query looks up: its {@linkcode exactTokens}, and for a one-word query with
 * none (an identifier typed in lowercase, `zqhkx`, `usesessionstore`), the word itself, so
 * the lookup is case-insensitive whichever case made the stored word a token.
 *
 * @example Usage
 * ```ts
 * import { queryTokens } from "./exact_tokens.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(queryTokens("ZQHKX"), ["zqhkx"]);
 * deepEqual(queryTokens("zqhkx"), ["zqhkx"]);
 * deepEqual(queryTokens("why did the deploy fail"), []);
 * ```
 */
export function queryTokens(query: string): string[] {
  const tokens = exactTokens(query);
  if (tokens.length > 0) return tokens;
  const word = query.replace(EDGE_PUNCTUATION, "");
  const single = /^[\p{L}\p{N}_]+$/u.test(word) && word.length >= MIN_LENGTH &&
    word.length <= MAX_LENGTH;
  return single ? [word.toLowerCase()] : [];
}
