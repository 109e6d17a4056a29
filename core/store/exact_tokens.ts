/**
 * The exact-token channel's vocabulary: paths, identifiers, commands, flags and error codes
 * that a word tokenizer would split apart (`src/billing/webhooks.py`, `useSessionStore`,
 * `BILLING_WEBHOOK_SECRET`, `--frozen-lockfile`, `E11000`, `` `pnpm test:e2e` ``).
 * The same extraction runs on memories (indexed in `memory_tokens`) and on queries.
 *
 * @module
 */

const MAX_TOKENS = 64;
const MIN_LENGTH = 3;
const MAX_LENGTH = 160;
// Leading dots stay: `.env` and `.github/workflows` are names.
const EDGE_PUNCTUATION = /^[\s,:;!?'"()[\]{}<>*`|=~]+|[\s.,:;!?'"()[\]{}<>*`|=~]+$/g;

/** True when `word` looks like a code token rather than prose. */
function isCodeToken(word: string): boolean {
  if (word.length < MIN_LENGTH || word.length > MAX_LENGTH) return false;
  if (/^-{1,2}[A-Za-z][\w-]*$/.test(word)) return true; // --flag, -rf
  if (/^\.[A-Za-z][\w.-]*$/.test(word)) return true; // .env, .venv
  if (/[A-Za-z0-9](?:[_./\\:@#$]|::)[A-Za-z0-9_]/.test(word)) return true; // snake_case, a.b, a/b, a::b
  if (/[A-Za-z0-9]-[A-Za-z0-9]/.test(word)) return true; // kebab-case names
  if (/[a-z][A-Z]/.test(word) || /[A-Z]{2,}[a-z]/.test(word)) return true; // camelCase, HTTPServer
  if (/[A-Za-z]/.test(word) && /\d/.test(word)) return true; // E11000, v2, utf8
  if (/^[A-Z][A-Z0-9]{3,}$/.test(word)) return true; // ECONNRESET, SIGKILL
  return false;
}

/**
 * The code tokens of `text`, lowercased and deduplicated, in first-seen order. Backticked
 * spans count as one token (commands), paths also yield their basename, and dotted or
 * slashed names also yield their identifier-looking parts.
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
 * ```
 */
export function exactTokens(text: string): string[] {
  const found = new Set<string>();
  const add = (token: string) => {
    if (found.size < MAX_TOKENS) found.add(token.toLowerCase());
  };
  for (const match of text.matchAll(/`([^`\n]{3,160})`/g)) {
    const span = match[1]!.trim().replace(/\s+/g, " ");
    if (span.length >= MIN_LENGTH && /\s/.test(span)) add(span);
    // Words inside the span are handled with the rest of the text below.
  }
  for (const raw of text.split(/[\s,;()[\]{}<>"'`|]+/)) {
    const word = raw.replace(EDGE_PUNCTUATION, "");
    if (!isCodeToken(word)) continue;
    add(word);
    const bare = word.replace(/^-+/, ""); // --frozen-lockfile also matches frozen-lockfile
    if (bare !== word && isCodeToken(bare)) add(bare);
    if (/[/\\]/.test(word)) {
      const base = word.split(/[/\\]/).filter(Boolean).pop();
      if (base && base !== word && base.length >= MIN_LENGTH) add(base);
    }
    if (/[./\\]|::/.test(word)) {
      for (const part of word.split(/::|[./\\]/)) {
        if (part !== word && isCodeToken(part)) add(part);
      }
    }
  }
  return [...found];
}
