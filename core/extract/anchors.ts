/**
 * Code anchors: the project files a memory cites ("the retry logic lives in
 * `src/billing/retry.ts`"), with each file's content hash (and the git commit) when the memory
 * was written, so a later check can tell when the code moved on. Finding mentions is pure; reading
 * files goes through a {@linkcode FileProbe} the caller passes in.
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
import type { FileProbe } from "../ports.ts";

/** Most file mentions taken from one memory. */
export const MAX_FILE_MENTIONS = 10;

/** A file a memory cites, as it was when the memory was written. */
export interface FileAnchor {
  /** Path relative to the project root, `/`-separated, without `./`. */
  readonly path: string;
  /** Hex SHA-256 of the file's bytes when written; null: the file was absent then. */
  readonly sha256: string | null;
  /** HEAD commit when written, in a git repository. */
  readonly commit?: string;
}

const MAX_PATH_LENGTH = 160;

/** Source, config and doc extensions, lowercase. (`env` is not one: `process.env` is code.) */
const EXTENSIONS = new Set([
  ...["ts", "tsx", "mts", "cts", "js", "jsx", "mjs", "cjs", "vue", "svelte", "astro"],
  ...["py", "pyi", "ipynb", "rb", "go", "rs", "java", "kt", "kts", "scala", "groovy", "swift"],
  ...["c", "h", "cc", "cpp", "cxx", "hpp", "hh", "cs", "fs", "fsx", "php", "pl", "pm", "lua"],
  ...["dart", "ex", "exs", "erl", "hrl", "clj", "cljs", "elm", "hs", "ml", "mli", "nim", "zig"],
  ...["jl", "sol", "vim", "el", "sql", "prisma", "graphql", "gql", "proto", "wasm", "wat"],
  ...["sh", "bash", "zsh", "fish", "ps1", "psm1", "bat", "cmd", "mk", "cmake", "just"],
  ...["json", "jsonc", "json5", "yml", "yaml", "toml", "ini", "cfg", "conf", "properties"],
  ...["xml", "plist", "gradle", "sbt", "lock", "tf", "tfvars", "hcl", "nix", "bazel", "bzl"],
  ...["dockerfile", "gemspec", "podspec", "csproj", "sln", "editorconfig"],
  ...["html", "htm", "css", "scss", "sass", "less", "md", "mdx", "rst", "adoc", "txt"],
]);

/** Extensionless file names that are files, not words. */
const BARE_NAMES = new Set([
  ...["Dockerfile", "Containerfile", "Makefile", "makefile", "GNUmakefile", "Justfile"],
  ...["justfile", "Procfile", "Gemfile", "Rakefile", "Podfile", "Brewfile", "Jenkinsfile"],
  ...["Vagrantfile", "Pipfile", "Caddyfile", "Tiltfile", "Earthfile", "CODEOWNERS", "LICENSE"],
  ...["WORKSPACE"],
]);

/** Dotfiles (and their `.x` variants: `.env.local`) that are config files. */
const DOTFILES = new Set([
  ...[".env", ".envrc", ".gitignore", ".gitattributes", ".gitmodules", ".npmrc", ".yarnrc"],
  ...[".nvmrc", ".node-version", ".python-version", ".ruby-version", ".tool-versions"],
  ...[".editorconfig", ".prettierrc", ".prettierignore", ".eslintrc", ".eslintignore"],
  ...[".babelrc", ".swcrc", ".dockerignore", ".browserslistrc", ".terraform-version"],
]);

/**
 * First folders whose extensionless entries are usually files (executables, hooks), so that
 * `scripts/release` is a path while `client/server` or "and/or" is prose.
 */
const SCRIPT_ROOTS = new Set([
  ...["bin", "scripts", "script", "tools", "hack", "ci", "deploy", "hooks", "githooks"],
  ...[".github", ".circleci", ".husky", ".githooks", ".devcontainer", ".vscode"],
]);

/** `.js` names that are libraries in prose, not files. */
const LIBRARY_NAMES = new Set([
  ...["node", "next", "nuxt", "vue", "react", "three", "d3", "chart", "express", "ember"],
  ...["backbone", "angular", "nest", "solid", "alpine", "p5", "moment", "day", "video"],
  ...["anime", "pdf", "highlight", "knockout", "meteor", "babylon", "paper", "fabric"],
  ...["hammer", "immutable", "preact", "socket", "tensorflow", "brain", "ml5", "vite"],
]);

/** Last labels that make a first segment (`github.com/…`) a host. */
const TOP_LEVEL_DOMAINS = new Set([
  ...["com", "org", "net", "io", "dev", "ai", "co", "app", "gov", "edu", "me", "info", "xyz"],
  ...["cloud", "land", "page", "site", "tech", "us", "uk", "de", "fr", "eu", "ly", "gg"],
]);

/** A token: what lies between whitespace and delimiters that never occur in a kept path. */
const TOKEN = /[^\s,;(){}<>"'`|=]+/g;
/** One path segment. */
const SEGMENT = /^[\p{L}\p{N}_.@+\-[\]]+$/u;

/** The lowercase extension of a file name (`a.test.ts` → `ts`); "" when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : "";
}

function isDotfile(name: string): boolean {
  const base = /^\.[^.]+/.exec(name)?.[0];
  return base !== undefined && DOTFILES.has(base);
}

function isHost(segment: string): boolean {
  const labels = segment.toLowerCase().split(".");
  return labels.length > 1 && labels[0] !== "" && TOP_LEVEL_DOMAINS.has(labels.at(-1)!);
}

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
 * import { fileMentions } from "./anchors.ts";
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

/**
 * The anchors of `content`: each file it mentions that exists under the probe's root, with its
 * hash and (in a git repository) the HEAD commit. A mentioned file that does not exist here is no
 * anchor: the memory is not about this checkout's code. Reads each file once.
 *
 * @example Usage
 * ```ts
 * import { anchorsFor } from "./anchors.ts";
 * import type { FileProbe } from "../ports.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const probe: FileProbe = {
 *   root: "/repo",
 *   hash: (path) => Promise.resolve(path === "package.json" ? "ab".repeat(32) : null),
 *   commit: () => Promise.resolve("c0ffee".padEnd(40, "0")),
 * };
 * deepEqual(await anchorsFor("Bump package.json, then run scripts/gone.sh", probe), [
 *   { path: "package.json", sha256: "ab".repeat(32), commit: "c0ffee".padEnd(40, "0") },
 * ]);
 * ```
 */
export async function anchorsFor(content: string, probe: FileProbe): Promise<FileAnchor[]> {
  const paths = fileMentions(content);
  if (paths.length === 0) return [];
  const hashes = await Promise.all(paths.map((path) => probe.hash(path)));
  const present = paths.flatMap((path, i) => {
    const sha256 = hashes[i];
    return sha256 ? [{ path, sha256 }] : [];
  });
  if (present.length === 0) return [];
  const commit = await probe.commit();
  return present.map((anchor) => commit ? { ...anchor, commit } : anchor);
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const COMMIT_HEX = /^[0-9a-f]{7,64}$/;

/**
 * The well-formed anchors stored in a memory's `attributes.anchors`; anything malformed (not an
 * array, an entry without a relative path, a hash that is not 64 lowercase hex digits or null, a
 * commit that is not hex) is left out, and a repeated path keeps its first entry.
 *
 * @example Usage
 * ```ts
 * import { anchorsOf } from "./anchors.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const good = { path: "deno.json", sha256: "0".repeat(64) };
 * deepEqual(anchorsOf({ anchors: [good, { path: "/etc/passwd", sha256: null }, 42] }), [good]);
 * deepEqual(anchorsOf({ anchors: "deno.json" }), []);
 * ```
 */
export function anchorsOf(attributes: Readonly<Record<string, unknown>>): FileAnchor[] {
  const raw = attributes.anchors;
  if (!Array.isArray(raw)) return [];
  const seen = new Set<string>();
  const out: FileAnchor[] = [];
  for (const item of raw as unknown[]) {
    if (item === null || typeof item !== "object" || Array.isArray(item)) continue;
    const { path, sha256, commit } = item as Record<string, unknown>;
    if (typeof path !== "string" || !isRelativePath(path) || seen.has(path)) continue;
    if (sha256 !== null && (typeof sha256 !== "string" || !SHA256_HEX.test(sha256))) continue;
    if (commit !== undefined && (typeof commit !== "string" || !COMMIT_HEX.test(commit))) {
      continue;
    }
    seen.add(path);
    out.push(commit === undefined ? { path, sha256 } : { path, sha256, commit });
  }
  return out;
}

/** A non-empty, `/`-separated path that stays under the root. */
function isRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > MAX_PATH_LENGTH || path.includes("\0")) return false;
  if (path.startsWith("/") || path.includes("\\") || /^[A-Za-z]:/.test(path)) return false;
  return path.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}
