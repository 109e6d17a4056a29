/**
 * How an imported rule is recognised again: the `attributes.rules` record every imported memory
 * carries (file, line, section, globs, the hash of what the file said), and the tag they share.
 *
 * @module
 */
import { sha256Hex } from "../util/hash.ts";
import type { RuleFormat, RuleItem } from "./types.ts";

/** The tag on every memory imported from a rules file. */
export const RULES_TAG = "rules-file";

/** `attributes.rules` of an imported memory. */
export interface RuleOrigin {
  /** The rules file, relative to the project root. */
  readonly file: string;
  /** The rule's first line in it. */
  readonly line: number;
  /** The file's format. */
  readonly format: RuleFormat;
  /** The headings above it. */
  readonly section: string;
  /** Where it applies (empty: everywhere). */
  readonly globs: readonly string[];
  /** Hex SHA-256 of the rule as the file said it (kind, globs and text). */
  readonly hash: string;
}

/** The hash that tells an unchanged rule from an edited one. */
export function ruleHash(rule: Pick<RuleItem, "kind" | "globs" | "text">): string {
  return sha256Hex(`${rule.kind}\n${rule.globs.join(",")}\n${rule.text}`);
}

/** The origin record of `rule`. */
export function originOf(rule: RuleItem): RuleOrigin {
  return {
    file: rule.file,
    line: rule.line,
    format: rule.format,
    section: rule.section,
    globs: [...rule.globs],
    hash: ruleHash(rule),
  };
}

/** The origin of a memory's attributes, or null when it was not imported from a rules file. */
export function originIn(attributes: Readonly<Record<string, unknown>>): RuleOrigin | null {
  const raw = attributes.rules as Partial<RuleOrigin> | undefined;
  if (!raw || typeof raw !== "object") return null;
  if (typeof raw.file !== "string" || typeof raw.hash !== "string") return null;
  return {
    file: raw.file,
    line: typeof raw.line === "number" ? raw.line : 0,
    format: (raw.format ?? "agents") as RuleFormat,
    section: typeof raw.section === "string" ? raw.section : "",
    globs: Array.isArray(raw.globs) ? raw.globs.filter((g) => typeof g === "string") : [],
    hash: raw.hash,
  };
}
