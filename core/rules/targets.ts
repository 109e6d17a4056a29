/**
 * Where `helix rules export` writes, per tool: a managed block in the tool's own file, or a
 * file Helix generates whole; each with the size limit the tool reads, and how Helix tells
 * that a project uses the tool.
 *
 * @module
 */
import type { RuleFormat, RulesFiles } from "./types.ts";

/** The tools Helix exports to. */
export const RULE_TARGETS = [
  "claude",
  "agents",
  "gemini",
  "copilot",
  "cursor",
  "windsurf",
  "claude-local",
  "cursor-legacy",
  "windsurf-legacy",
] as const;

/** A tool Helix exports to. */
export type RuleTarget = typeof RULE_TARGETS[number];

/** How one tool's file is written. */
export interface TargetSpec {
  /** The file, relative to the project root. */
  readonly path: string;
  /** `block`: a managed block in the tool's file; `generated`: Helix owns the whole file. */
  readonly mode: "block" | "generated";
  /** What goes before the block in a generated file (its frontmatter). */
  readonly header: string;
  /** The most the tool reads of the file. */
  readonly limit: number;
  /** Whether `limit` counts UTF-8 bytes (else characters). */
  readonly bytes: boolean;
  /**
   * Files or folders whose presence means the project uses the tool (none: only exported to
   * when asked for by name).
   */
  readonly signs: readonly string[];
  /** The rules formats the tool reads itself: rules imported from them are not exported to it. */
  readonly reads: readonly RuleFormat[];
}

/**
 * Each tool's file. Limits: Codex reads at most 32 KiB of AGENTS.md; Windsurf 6,000 characters
 * per rules file; Claude Code warns above 40,000 characters of CLAUDE.md; the others document
 * none, so Helix keeps them within 32 KiB as well. Three files are written only on request:
 * CLAUDE.local.md (Claude Code reads it beside CLAUDE.md; usually kept out of git, so Helix's
 * block stays on this machine) and the legacy single files `.cursorrules` and `.windsurfrules`
 * (for tool versions that read only those).
 */
export const TARGETS: Readonly<Record<RuleTarget, TargetSpec>> = {
  claude: {
    path: "CLAUDE.md",
    mode: "block",
    header: "",
    limit: 40_000,
    bytes: false,
    signs: ["CLAUDE.md", ".claude"],
    reads: ["claude"],
  },
  agents: {
    path: "AGENTS.md",
    mode: "block",
    header: "",
    limit: 32_768,
    bytes: true,
    signs: ["AGENTS.md", ".codex"],
    reads: ["agents"],
  },
  gemini: {
    path: "GEMINI.md",
    mode: "block",
    header: "",
    limit: 32_768,
    bytes: true,
    signs: ["GEMINI.md", ".gemini"],
    reads: ["gemini"],
  },
  copilot: {
    path: ".github/copilot-instructions.md",
    mode: "block",
    header: "",
    limit: 32_768,
    bytes: true,
    signs: [".github/copilot-instructions.md", ".github/instructions"],
    reads: ["copilot", "copilot-scoped"],
  },
  cursor: {
    path: ".cursor/rules/helix.mdc",
    mode: "generated",
    header:
      "---\ndescription: What Helix remembers about this project (conventions, procedures, decisions)\nglobs:\nalwaysApply: true\n---\n",
    limit: 32_768,
    bytes: true,
    signs: [".cursor", ".cursorrules"],
    reads: ["cursor", "cursor-legacy"],
  },
  windsurf: {
    path: ".windsurf/rules/helix.md",
    mode: "generated",
    header: "---\ntrigger: always_on\n---\n",
    limit: 6_000,
    bytes: false,
    signs: [".windsurf", ".windsurfrules"],
    reads: ["windsurf", "windsurf-legacy"],
  },
  "claude-local": {
    path: "CLAUDE.local.md",
    mode: "block",
    header: "",
    limit: 40_000,
    bytes: false,
    signs: [],
    reads: ["claude"],
  },
  "cursor-legacy": {
    path: ".cursorrules",
    mode: "block",
    header: "",
    limit: 32_768,
    bytes: true,
    signs: [],
    reads: ["cursor", "cursor-legacy"],
  },
  "windsurf-legacy": {
    path: ".windsurfrules",
    mode: "block",
    header: "",
    limit: 6_000,
    bytes: false,
    signs: [],
    reads: ["windsurf", "windsurf-legacy"],
  },
};

/** The size of `text` as the target counts it. */
export function sizeFor(spec: TargetSpec, text: string): number {
  return spec.bytes ? new TextEncoder().encode(text).length : text.length;
}

async function exists(files: RulesFiles, path: string): Promise<boolean> {
  if (await files.read(path) !== null) return true;
  const slash = path.lastIndexOf("/");
  const entries = await files.list(slash < 0 ? "" : path.slice(0, slash));
  return entries.some((e) => e.name === path.slice(slash + 1));
}

/** The tools the project uses (any sign present); AGENTS.md alone when none is. */
export async function detectTargets(files: RulesFiles): Promise<RuleTarget[]> {
  const found: RuleTarget[] = [];
  for (const target of RULE_TARGETS) {
    for (const sign of TARGETS[target].signs) {
      if (await exists(files, sign)) {
        found.push(target);
        break;
      }
    }
  }
  return found.length ? found : ["agents"];
}
