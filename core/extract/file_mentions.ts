/**
 * File mentions in text: the relative paths of project files a memory cites. Pure.
 *
 * A mention is a relative path (optionally `./`-prefixed) that
 *
 * - ends in a known source, config or doc extension (`package.json`, `lib/x.py`), or
 * - is a known extensionless file (`Dockerfile`, `Makefile`, `.github/CODEOWNERS`) or dotfile
 *   (`.env.local`, `.gitignore`), or
 * - has a directory and a file extension (`assets/logo.png`), or
 * - starts with `./` (`./configure`), or
 * - has a directory and no extension, when it is in backticks or starts with a folder of
 *   scripts (`bin/helix`, `scripts/release`).
 *
 * Never: URLs and host paths (`github.com/a/b.ts`), absolute or home paths (`/usr/bin/env`,
 * `~/.ssh/config`), `..` paths, globs and placeholders (`src/**.ts`, `$HOME/x.sh`), flags,
 * emails and scoped packages, version strings and dates (`v1.2.3`, `2024/01/15`), abbreviations
 * (`e.g.`), library names (`Node.js`), method calls (`response.json()`), directories
 * (`src/billing/`), Windows paths. A line suffix (`src/a.ts:42`, `src/a.ts#L42`) is dropped.
 *
 * @module
 */
import {
  BARE_NAMES,
  extensionOf,
  EXTENSIONS,
  isDotfile,
  isHost,
  LIBRARY_NAMES,
  SCRIPT_ROOTS,
} from "./file_names.ts";

/** Most file mentions taken from one memory. */
export const MAX_FILE_MENTIONS = 10;

/** Longest path kept. */
export const MAX_PATH_LENGTH = 160;

/** A token: what lies between whitespace and delimiters that never occur in a kept path. */
const TOKEN = /[^\s,;(){}<>"'`|=]+/g;
/** One path segment. */
const SEGMENT = /^[\p{L}\p{N}_.@+\-[\]]+$/u;

/** `raw` as a normalized relative path when it is a file mention, else null. */
function mention(raw: string, quoted: boolean, calledAsMethod: boolean): string | null {
  let token = raw.replace(/#.*$/, "").replace(/^[*:!?[\]]+/, "").replace(/[*.:!?[\]]+$/, "");
  token = token.replace(/:\d+(?::\d+)?$/, "").replace(/[.:!?]+$/, "");
  if (!token || token.length > MAX_PATH_LENGTH || calledAsMethod) return null;
  if (token.startsWith("/") || token.startsWith("-") || token.endsWith("/")) return null;
  const explicit = token.startsWith("./");
  const segments = token.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.length === 0) return null;
  if (segments.some((s) => s === ".." || !SEGMENT.test(s))) return null;
  if (!segments.some((s) => /\p{L}/u.test(s))) return null; // dates, numbers, versions
  const first = segments[0]!;
  const name = segments.at(-1)!;
  const hasDir = segments.length > 1;
  if (first.includes("@")) return null; // emails, @scope/pkg
  if (hasDir && isHost(first)) return null;
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -ext.length - 1) : name;
  const path = segments.join("/");
  if (EXTENSIONS.has(ext)) {
    if (!hasDir && ext === "js" && LIBRARY_NAMES.has(stem.toLowerCase())) return null;
    return path;
  }
  if (BARE_NAMES.has(name) || isDotfile(name)) return path;
  if (explicit) return path; // ./configure
  if (ext) return hasDir && /[a-z]/.test(ext) && /\p{L}/u.test(stem) ? path : null;
  return hasDir && (quoted || SCRIPT_ROOTS.has(first)) ? path : null;
}

/**
 * The relative file paths `content` cites, in first-seen order, deduplicated, at most
 * {@linkcode MAX_FILE_MENTIONS}. See the module doc for what counts.
 *
 * @example Usage
 * ```ts
 * import { fileMentions } from "./file_mentions.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(
 *   fileMentions("Retries live in `src/billing/retry.ts`; ./scripts/deploy.sh needs AWS_PROFILE."),
 *   ["src/billing/retry.ts", "scripts/deploy.sh"],
 * );
 * deepEqual(fileMentions("See https://example.com/a.ts, e.g. /usr/bin/env or v1.2.3"), []);
 * ```
 */
export function fileMentions(content: string): string[] {
  const found = new Set<string>();
  // Odd parts lie between backticks (inline code or fenced blocks).
  const parts = content.split("`");
  for (let i = 0; i < parts.length && found.size < MAX_FILE_MENTIONS; i++) {
    const part = parts[i]!;
    for (const match of part.matchAll(TOKEN)) {
      const after = part[match.index + match[0].length];
      const path = mention(match[0], i % 2 === 1, after === "(");
      if (path !== null) found.add(path);
      if (found.size >= MAX_FILE_MENTIONS) break;
    }
  }
  return [...found];
}
