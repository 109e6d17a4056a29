/**
 * The vocabulary of rules files: the port through which rules files are read, the formats Helix
 * reads and writes, and one rule as a parser finds it.
 *
 * @module
 */

/** One entry of a folder, as {@linkcode RulesFiles.list} reports it. */
export interface RulesEntry {
  /** The entry's name (no folder). */
  readonly name: string;
  /** True for a folder. */
  readonly isDirectory: boolean;
}

/**
 * The project's files as the rules capability reads them: paths are relative to the project
 * root and `/`-separated. The caller implements it (the CLI over the checkout, tests over a
 * map); the capability never touches the file system itself.
 */
export interface RulesFiles {
  /** The file's text, or null when it is missing, a folder, unreadable or outside the root. */
  read(path: string): Promise<string | null>;
  /** The folder's entries, sorted by name; empty when it is missing. */
  list(dir: string): Promise<readonly RulesEntry[]>;
}

/** The rules-file formats Helix reads. */
export const RULE_FORMATS = [
  "claude",
  "agents",
  "gemini",
  "cursor",
  "cursor-legacy",
  "copilot",
  "copilot-scoped",
  "windsurf",
  "windsurf-legacy",
] as const;

/** A rules-file format. */
export type RuleFormat = typeof RULE_FORMATS[number];

/** What an imported rule becomes. */
export type RuleKind = "convention" | "procedure";

/** One rule found in a rules file. */
export interface RuleItem {
  /** The file that holds it, relative to the project root. */
  readonly file: string;
  /** Its first line in that file, from 1. */
  readonly line: number;
  /** The file's format. */
  readonly format: RuleFormat;
  /** Convention (how things are done) or procedure (steps to follow). */
  readonly kind: RuleKind;
  /** The headings above it, outermost first, joined with ` › ` (empty at the top). */
  readonly section: string;
  /** The rule's text, as written (list markers removed, continuation lines joined). */
  readonly text: string;
  /** Where it applies, when the file limits it (globs, `applyTo`, a nested AGENTS.md's folder). */
  readonly globs: readonly string[];
}
