/**
 * Finding a project's rules files and reading them into rules: the table of where each tool
 * keeps its rules (Markdown files under `.claude/rules` with `paths:` too), nested AGENTS.md files
 * (each a rule set for its folder), and `@path` imports of CLAUDE.md and GEMINI.md (relative to the importing file, at most 4 hops, never outside the
 * project). Helix's generated files are not read back.
 *
 * @module
 */
import { posix } from "node:path";
import { frontmatter, globsOf } from "./frontmatter.ts";
import { parseBody } from "./markdown.ts";
import type { RuleFormat, RuleItem, RulesFiles } from "./types.ts";

/** The files Helix generates on export; never imported. */
export const GENERATED_FILES: readonly string[] = [
  ".cursor/rules/helix.mdc",
  ".windsurf/rules/helix.md",
];

/** A rules file found in the project. */
export interface FoundFile {
  readonly path: string;
  readonly format: RuleFormat;
}

const SINGLE: readonly FoundFile[] = [
  { path: "CLAUDE.md", format: "claude" },
  { path: ".claude/CLAUDE.md", format: "claude" },
  { path: "CLAUDE.local.md", format: "claude" },
  { path: "AGENTS.md", format: "agents" },
  { path: "GEMINI.md", format: "gemini" },
  { path: ".cursorrules", format: "cursor-legacy" },
  { path: ".github/copilot-instructions.md", format: "copilot" },
  { path: ".windsurfrules", format: "windsurf-legacy" },
];

const SKIP_DIRS = new Set(["node_modules", "vendor", "dist", "build", "target", "out", "coverage"]);
const MAX_DEPTH = 6;
const MAX_IMPORT_HOPS = 4;

/** Files under `dir` (recursively when `deep`) whose name passes `keep`, sorted. */
async function filesUnder(
  files: RulesFiles,
  dir: string,
  keep: (name: string) => boolean,
  deep: boolean,
  depth = 0,
): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await files.list(dir)) {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      const skip = entry.name.startsWith(".") || SKIP_DIRS.has(entry.name) || depth >= MAX_DEPTH;
      if (deep && !skip) out.push(...await filesUnder(files, path, keep, deep, depth + 1));
    } else if (keep(entry.name)) out.push(path);
  }
  return out;
}

/** Every rules file of the project, in a fixed order. */
export async function findRulesFiles(files: RulesFiles): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  for (const file of SINGLE) if (await files.read(file.path) !== null) found.push(file);
  const nested = await filesUnder(files, "", (name) => name === "AGENTS.md", true);
  for (const path of nested) if (path !== "AGENTS.md") found.push({ path, format: "agents" });
  const claude = await filesUnder(files, ".claude/rules", (n) => n.endsWith(".md"), true);
  found.push(...claude.map((path) => ({ path, format: "claude" as const })));
  const cursor = await filesUnder(files, ".cursor/rules", (n) => n.endsWith(".mdc"), true);
  found.push(
    ...cursor.map((path) => ({ path, format: "cursor" as const })),
  );
  const copilot = await filesUnder(
    files,
    ".github/instructions",
    (n) => n.endsWith(".instructions.md"),
    true,
  );
  found.push(
    ...copilot.map((path) => ({ path, format: "copilot-scoped" as const })),
  );
  const windsurf = await filesUnder(files, ".windsurf/rules", (n) => n.endsWith(".md"), false);
  found.push(
    ...windsurf.map((path) => ({ path, format: "windsurf" as const })),
  );
  return found.filter((f) => !GENERATED_FILES.includes(f.path));
}

/** The globs a file's rules apply to, from its frontmatter or (nested AGENTS.md) its folder. */
function fileGlobs(file: FoundFile, data: Record<string, unknown>): string[] {
  const value = (key: string) => data[key] as Parameters<typeof globsOf>[0];
  switch (file.format) {
    case "claude":
      return globsOf(value("paths"));
    case "cursor":
      return data.alwaysApply === true ? [] : globsOf(value("globs"));
    case "copilot-scoped":
      return globsOf(value("applyTo")).filter((g) => g !== "**" && g !== "**/*");
    case "windsurf":
      return data.trigger === "glob" ? globsOf(value("globs")) : [];
    case "agents": {
      const dir = posix.dirname(file.path);
      return dir === "." ? [] : [`${dir}/**`];
    }
    default:
      return [];
  }
}

/** The rules of one file and the `@path` imports it makes (resolved against the root). */
function rulesOf(file: FoundFile, text: string): { rules: RuleItem[]; imports: string[] } {
  const front = frontmatter(text);
  const parsed = parseBody(front.body, {
    file: file.path,
    format: file.format,
    lineOffset: front.bodyLine,
    globs: fileGlobs(file, front.data),
    imports: file.format === "claude" || file.format === "gemini",
  });
  const base = posix.dirname(file.path);
  const imports = parsed.imports.flatMap(({ path }) => {
    const resolved = posix.normalize(posix.join(base, path));
    return resolved.startsWith("..") || posix.isAbsolute(resolved) ? [] : [resolved];
  });
  return { rules: parsed.rules, imports };
}

/**
 * The rules of every rules file of the project, in file then line order; files reached through
 * imports come after the files that import them, each file read once.
 */
export async function readRules(
  files: RulesFiles,
): Promise<{ files: string[]; rules: RuleItem[] }> {
  const queue = (await findRulesFiles(files)).map((file) => ({ file, hops: 0 }));
  const seen = new Set(queue.map((q) => q.file.path));
  const read: string[] = [];
  const rules: RuleItem[] = [];
  while (queue.length) {
    const { file, hops } = queue.shift()!;
    const text = await files.read(file.path);
    if (text === null) continue;
    read.push(file.path);
    const found = rulesOf(file, text);
    rules.push(...found.rules);
    if (hops >= MAX_IMPORT_HOPS) continue;
    for (const path of found.imports) {
      if (seen.has(path) || GENERATED_FILES.includes(path)) continue;
      seen.add(path);
      queue.push({ file: { path, format: file.format }, hops: hops + 1 });
    }
  }
  return { files: read, rules };
}

/**
 * The files `path` brings in through `@path` imports (CLAUDE.md, GEMINI.md), at most 4 hops:
 * what the tool reads along with it.
 */
export async function importedBy(files: RulesFiles, path: string): Promise<Set<string>> {
  const out = new Set<string>();
  let frontier = [path];
  for (let hop = 0; hop < MAX_IMPORT_HOPS && frontier.length; hop++) {
    const next: string[] = [];
    for (const file of frontier) {
      const text = await files.read(file);
      if (text === null) continue;
      for (const imported of rulesOf({ path: file, format: "claude" }, text).imports) {
        if (imported !== path && !out.has(imported)) {
          out.add(imported);
          next.push(imported);
        }
      }
    }
    frontier = next;
  }
  return out;
}
