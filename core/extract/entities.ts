/**
 * Named things in text, found by shape rather than by a dictionary: `code spans`, URLs,
 * package specifiers, paths and file names, versioned names ("Deno 2.9"), identifiers
 * (`camelCase`, `snake_case`, `ENV_VARS`, `calls()`) and capitalised names ("SQLite",
 * "GitHub Actions", "Maya"). Sentence-initial capitalised words count only when they read as
 * a subject ("Postgres is…"), so "Fixed the bug" does not make "Fixed" an entity.
 *
 * @module
 */
import { COMMON_WORDS, NOT_PATHS } from "./entity_words.ts";
import {
  capitalisedNames,
  packageObjects,
  type Span,
  systemNouns,
  versionedNames,
} from "./names.ts";

const FILE_EXTENSIONS =
  "ts|tsx|mts|cts|js|jsx|mjs|cjs|json|jsonc|md|mdx|py|rs|go|toml|ya?ml|sql|sh|bash|zsh|lock|css|scss|html|txt|env|dna|rb|java|kt|swift|c|h|cc|cpp|hpp|wasm|proto|graphql|csv|ini|conf|cfg|xml|vue|svelte|ex|exs|php|cs|zig|nix|dockerfile";

type Finder = (text: string) => Span[];

const matchAll = (re: RegExp, group = 0, clean: (value: string) => string = (v) => v): Finder =>
(
  text,
) =>
  [...text.matchAll(re)].flatMap((m) => {
    const value = clean(m[group] ?? "");
    return value === "" ? [] : [{ start: m.index, end: m.index + m[0].length, value }];
  });

const trimPunctuation = (value: string) => value.replace(/[.,;:!?)\]}>'"]+$/, "");

const FINDERS: readonly Finder[] = [
  matchAll(/`([^`\n]+)`/g, 1, (v) => v.trim()),
  matchAll(/\bhttps?:\/\/[^\s<>"'`]+/g, 0, trimPunctuation),
  matchAll(/\b(?:npm|jsr|node):(?:@[\w.-]+\/)?[\w.-]+(?:@[\w.^~*-]+)?/g, 0, trimPunctuation),
  matchAll(/(?<![\w@])@[a-z0-9][\w.-]*\/[\w.-]+(?:@[\w.^~-]+)?/g, 0, trimPunctuation),
  matchAll(/\b[a-z][\w.-]*@[\^~]?\d+(?:\.\d+)*\b/g),
  matchAll(/(?<![\w@:/.])(?:~|\.{1,2})?\/?(?:[\w.@-]+\/)+(?:[\w.@-]*\w)?/g, 0, (v) => {
    if (NOT_PATHS.has(v.toLowerCase()) || !/[a-z]/i.test(v) || /^\d+\/\d+/.test(v)) return "";
    const segments = v.split("/").filter((segment) => segment !== "");
    if (segments.every((segment) => COMMON_WORDS.has(segment.toLowerCase()))) return ""; // if/else
    return v;
  }),
  matchAll(new RegExp(`(?<![\\w/.-])[\\w-]+(?:\\.[\\w-]+)*\\.(?:${FILE_EXTENSIONS})\\b`, "gi")),
  matchAll(/(?<![\w/.-])\.[a-z][\w-]{2,}(?:\.[\w-]+)*/g),
  versionedNames,
  matchAll(/\b[a-z][a-z0-9]+(?:[A-Z][a-z0-9]*)+\b(?:\(\))?/g),
  matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b(?:\(\))?/g),
  matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g),
  matchAll(/\b[A-Za-z_][\w.]*\(\)/g),
  systemNouns,
  packageObjects,
  capitalisedNames,
];

/**
 * The entities a text mentions, as written, in order of appearance, without duplicates
 * (compared case-insensitively).
 *
 * @example Usage
 * ```ts
 * import { findEntities } from "./entities.ts";
 * import { deepEqual } from "node:assert/strict";
 * deepEqual(
 *   findEntities("Postgres is slow; we moved `billing` to SQLite in core/billing/db.ts."),
 *   ["Postgres", "billing", "SQLite", "core/billing/db.ts"],
 * );
 * ```
 */
export function findEntities(text: string): string[] {
  const spans = FINDERS.flatMap((find) => find(text));
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const seen = new Set<string>();
  const out: string[] = [];
  let reach = 0;
  for (const span of spans) {
    if (span.start < reach) continue;
    reach = span.end;
    const key = span.value.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(span.value);
  }
  return out;
}

/** The entities of several lists, in order, each once (case aside). */
export function mergeEntities(...lists: readonly string[][]): string[] {
  const seen = new Set<string>();
  return lists.flat().filter((e) => !seen.has(e.toLowerCase()) && seen.add(e.toLowerCase()));
}
