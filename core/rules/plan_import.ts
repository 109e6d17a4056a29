/**
 * What an import changes, decided before anything is written: rules found unchanged are kept
 * (their line updated when it moved), an edited rule supersedes the memory it was, a new rule is
 * added, and a rule gone from its file is retired. Pure.
 *
 * @module
 */
import { ruleHash, type RuleOrigin } from "./identity.ts";
import type { RuleItem } from "./types.ts";

/** A memory imported earlier, as the plan sees it. */
export interface ImportedMemory {
  readonly id: string;
  readonly origin: RuleOrigin;
}

/** The changes one import makes. */
export interface ImportPlan {
  /** New rules. */
  readonly add: readonly RuleItem[];
  /** Edited rules and the memory each replaces. */
  readonly supersede: readonly { readonly rule: RuleItem; readonly id: string }[];
  /** Unchanged rules that moved to another line. */
  readonly move: readonly { readonly rule: RuleItem; readonly id: string }[];
  /** Memories whose rule is gone. */
  readonly retire: readonly string[];
  /** How many rules were found unchanged where they were. */
  readonly unchanged: number;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

/**
 * The plan that brings `existing` (memories imported before) in line with `rules` (what the
 * files say now). Matching is per file: first by the rule's hash wherever it now stands, then
 * the rules left over are paired with the memories left over in the same section, in order (an
 * edit); what still has no partner is new or gone.
 *
 * @example Usage
 * ```ts
 * import { planImport } from "./plan_import.ts";
 * import { originOf } from "./identity.ts";
 * import { equal } from "node:assert/strict";
 *
 * const rule = (line: number, text: string) => ({
 *   file: "AGENTS.md", line, format: "agents" as const, kind: "convention" as const,
 *   section: "Style", text, globs: [],
 * });
 * const before = [rule(1, "Use tabs"), rule(2, "No any")];
 * const existing = before.map((r, i) => ({ id: `m${i}`, origin: originOf(r) }));
 * const plan = planImport([rule(1, "Use tabs"), rule(2, "Never use any")], existing);
 * equal(plan.unchanged, 1);
 * equal(plan.supersede[0]?.id, "m1");
 * equal(plan.add.length + plan.retire.length + plan.move.length, 0);
 * ```
 */
export function planImport(
  rules: readonly RuleItem[],
  existing: readonly ImportedMemory[],
): ImportPlan {
  const add: RuleItem[] = [];
  const supersede: { rule: RuleItem; id: string }[] = [];
  const move: { rule: RuleItem; id: string }[] = [];
  const retire: string[] = [];
  let unchanged = 0;
  const byFile = groupBy(existing, (m) => m.origin.file);
  const rulesByFile = groupBy(rules, (r) => r.file);
  for (const [file, fileRules] of rulesByFile) {
    const pool = [...(byFile.get(file) ?? [])].sort((a, b) => a.origin.line - b.origin.line);
    byFile.delete(file);
    const left: RuleItem[] = [];
    for (const rule of fileRules) {
      const hash = ruleHash(rule);
      const at = pool.findIndex((m) => m.origin.hash === hash);
      if (at < 0) {
        left.push(rule);
        continue;
      }
      const [match] = pool.splice(at, 1);
      if (match!.origin.line === rule.line) unchanged++;
      else move.push({ rule, id: match!.id });
    }
    for (const rule of left) {
      const at = pool.findIndex((m) => m.origin.section === rule.section);
      if (at < 0) {
        add.push(rule);
        continue;
      }
      supersede.push({ rule, id: pool.splice(at, 1)[0]!.id });
    }
    retire.push(...pool.map((m) => m.id));
  }
  for (const gone of byFile.values()) retire.push(...gone.map((m) => m.id));
  return { add, supersede, move, retire, unchanged };
}
