/**
 * `helix rules import`: the project's rules files into conventions and procedures of the
 * project, origin user-asserted, each citing its file and line (`source.ref` `FILE:LINE` and
 * `attributes.rules`), with code anchors for the files a rule names. Importing again changes
 * only what the files changed (see `plan_import.ts`).
 *
 * @module
 */
import { anchorsFor } from "../extract/anchors.ts";
import type { WriteInput } from "../model/inputs.ts";
import type { Memory } from "../model/memory.ts";
import { listAll, type RulesDeps } from "./deps.ts";
import { readRules } from "./discover.ts";
import { originIn, originOf, RULES_TAG } from "./identity.ts";
import { planImport } from "./plan_import.ts";
import type { RuleItem, RulesFiles } from "./types.ts";

/** One change an import makes (or, in a dry run, would make). */
export interface RuleChange {
  /** `add` a new rule, `supersede` an edited one, `move` a citation, `retire` a gone rule. */
  readonly action: "add" | "supersede" | "move" | "retire";
  /** The rule's file and line now (`FILE:LINE`); for `retire`, where it was. */
  readonly ref: string;
  /** The rule's text now; for `retire`, the memory's. */
  readonly text: string;
  /** The memory it created or touched; null for a new memory in a dry run. */
  readonly id: string | null;
}

/** What an import did. */
export interface RulesImportResult {
  /** Whether nothing was written (a dry run). */
  readonly dryRun: boolean;
  /** Every change, in file order, then retirements. */
  readonly changes: readonly RuleChange[];
  /** The rules files read, relative to the project root. */
  readonly files: readonly string[];
  /** Rules found in them. */
  readonly rules: number;
  /** Ids of memories added for new rules. */
  readonly added: readonly string[];
  /** Edited rules: the new memory and the one it superseded. */
  readonly superseded: readonly { readonly id: string; readonly replaced: string }[];
  /** Memories whose rule moved to another line (their citation was updated). */
  readonly moved: readonly string[];
  /** Memories forgotten because their rule is gone from its file. */
  readonly retired: readonly string[];
  /** Rules already imported as they are. */
  readonly unchanged: number;
}

/** The memories imported from rules files earlier, in this project. */
export function importedMemories(deps: Pick<RulesDeps, "list" | "project">): Memory[] {
  const scope = deps.project ? { scope: deps.project } : {};
  return listAll(deps, { ...scope, tag: RULES_TAG, types: ["convention", "procedure"] })
    .filter((m) => m.validTo === null && originIn(m.attributes) !== null);
}

async function writeOf(
  deps: Pick<RulesDeps, "files" | "project">,
  rule: RuleItem,
  supersedes?: string,
): Promise<WriteInput> {
  const anchors = deps.files ? await anchorsFor(rule.text, deps.files) : [];
  return {
    content: rule.text,
    type: rule.kind,
    ...(deps.project ? { scope: deps.project } : {}),
    tags: [RULES_TAG],
    source: { origin: "user-asserted", ref: `${rule.file}:${rule.line}`, extractor: "helix-rules" },
    attributes: { rules: originOf(rule), ...(anchors.length ? { anchors } : {}) },
    ...(supersedes ? { supersedes: [supersedes] } : {}),
  };
}

/** Imports the rules files `files` holds; with `dryRun`, only reports what it would change. */
export async function importRules(
  deps: RulesDeps,
  files: RulesFiles,
  dryRun = false,
): Promise<RulesImportResult> {
  const found = await readRules(files);
  const existing = importedMemories(deps);
  const byId = new Map(existing.map((m) => [m.id, m]));
  const plan = planImport(
    found.rules,
    existing.map((m) => ({ id: m.id, origin: originIn(m.attributes)! })),
  );
  const writes = [
    ...await Promise.all(plan.add.map((rule) => writeOf(deps, rule))),
    ...await Promise.all(plan.supersede.map(({ rule, id }) => writeOf(deps, rule, id))),
  ];
  const ids = writes.length && !dryRun ? (await deps.writeMany(writes)).ids : [];
  for (const { rule, id } of dryRun ? [] : plan.move) {
    const attributes = { ...byId.get(id)!.attributes, rules: originOf(rule) };
    await deps.patch(id, { attributes });
  }
  if (plan.retire.length && !dryRun) await deps.forget({ ids: plan.retire });
  const ref = (rule: RuleItem) => `${rule.file}:${rule.line}`;
  const changes: RuleChange[] = [
    ...plan.add.map((rule, i) => ({ action: "add" as const, rule, id: ids[i] ?? null })),
    ...plan.supersede.map(({ rule }, i) => ({
      action: "supersede" as const,
      rule,
      id: ids[plan.add.length + i] ?? null,
    })),
    ...plan.move.map(({ rule, id }) => ({ action: "move" as const, rule, id })),
  ].sort((a, b) => a.rule.file.localeCompare(b.rule.file) || a.rule.line - b.rule.line)
    .map(({ action, rule, id }) => ({ action, ref: ref(rule), text: rule.text, id }));
  for (const id of plan.retire) {
    const origin = originIn(byId.get(id)!.attributes)!;
    const text = byId.get(id)!.content;
    changes.push({ action: "retire", ref: `${origin.file}:${origin.line}`, text, id });
  }
  return {
    dryRun,
    changes,
    files: found.files,
    rules: found.rules.length,
    added: ids.slice(0, plan.add.length),
    superseded: plan.supersede.map(({ id }, i) => ({
      id: ids[plan.add.length + i]!,
      replaced: id,
    })),
    moved: plan.move.map((m) => m.id),
    retired: plan.retire,
    unchanged: plan.unchanged,
  };
}
