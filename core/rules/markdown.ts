/**
 * The body of a rules file read as rules: each top-level list item, paragraph or table is one
 * rule (nested items and continuation lines stay with their parent, a code fence joins the rule
 * before it), headings name the section, and `@path` imports are collected. Helix's own managed
 * block and HTML comments are skipped, so an exported block is never read back as rules.
 *
 * @module
 */
import type { RuleFormat, RuleItem, RuleKind } from "./types.ts";

/** Where a parsed body sits and what it applies to. */
export interface BodyContext {
  /** The file, relative to the project root. */
  readonly file: string;
  /** Its format. */
  readonly format: RuleFormat;
  /** Lines before the body (frontmatter), so line numbers count from the file's start. */
  readonly lineOffset: number;
  /** Globs every rule of the file applies to. */
  readonly globs: readonly string[];
  /** Collect `@path` imports (CLAUDE.md, GEMINI.md). */
  readonly imports: boolean;
}

/** An `@path` import and the line it is on. */
export interface ImportRef {
  readonly path: string;
  readonly line: number;
}

/** What a body holds. */
export interface ParsedBody {
  readonly rules: RuleItem[];
  readonly imports: ImportRef[];
}

/** The longest rule text kept (memories hold at most 16,384 characters). */
export const MAX_RULE_LENGTH = 16_000;

const PROCEDURE_SECTION =
  /\b(workflows?|procedures?|steps?|how to|set ?up|install(ation)?|build(ing)?|testing|tests?|deploy(ment|ing)?|releas(e|ing)|commands?|running|development|ci)\b/i;
const PROCEDURE_TEXT = /^(run|execute|install|build|deploy|release|invoke|start|then)\b/i;
const IMPORT = /(?:^|\s)@((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*\.[\w]+)/g;
const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

interface Open {
  line: number;
  lines: string[];
  numbered: boolean;
  fenced: boolean;
  list: boolean;
  section: string;
}

/**
 * The rules and imports of a Markdown body.
 *
 * @example Usage
 * ```ts
 * import { parseBody } from "./markdown.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * const body = "# Style\n- Use tabs\n  in Go files\n\n## Release\n1. Tag it\n";
 * const parsed = parseBody(body, {
 *   file: "AGENTS.md", format: "agents", lineOffset: 0, globs: [], imports: false,
 * });
 * deepEqual(parsed.rules.map((r) => [r.line, r.kind, r.section, r.text]), [
 *   [2, "convention", "Style", "Use tabs in Go files"],
 *   [6, "procedure", "Style › Release", "Tag it"],
 * ]);
 * ```
 */
export function parseBody(body: string, context: BodyContext): ParsedBody {
  const rules: RuleItem[] = [];
  const imports: ImportRef[] = [];
  const headings: string[] = [];
  const lines = body.split("\n");
  let open: Open | null = null;
  let fence: string | null = null;
  let inBlock = false;
  let inComment = false;

  const close = () => {
    if (open) rules.push(toRule(open, context));
    open = null;
  };
  const section = () => headings.filter((h) => h !== "").join(" › ");

  lines.forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    const number = context.lineOffset + index + 1;
    if (fence !== null) {
      if (open) open.lines.push(line);
      if (line.trim().startsWith(fence)) fence = null;
      return;
    }
    if (/<!--\s*helix:begin\s*-->/.test(line)) return void (close(), inBlock = true);
    if (inBlock) return void (inBlock = !/<!--\s*helix:end\s*-->/.test(line));
    if (inComment) return void (inComment = !line.includes("-->"));
    if (/^\s*<!--/.test(line)) {
      close();
      inComment = !line.includes("-->");
      return;
    }
    const fenceMark = FENCE.exec(line);
    if (fenceMark) {
      fence = fenceMark[1]!;
      if (!open) open = start(number, line, false, false, section());
      else open.lines.push(line);
      open.fenced = true;
      return;
    }
    if (line.trim() === "") {
      if (open && !open.list) close();
      return;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      headings.length = heading[1]!.length - 1;
      headings.push(heading[2]!.replace(/[*_`]/g, "").trim());
      return;
    }
    if (context.imports) {
      const found = [...line.matchAll(IMPORT)].map((m) => m[1]!);
      for (const path of found) imports.push({ path, line: number });
      if (found.length) return; // a line that imports a file points to rules; it is not one
    }
    const item = LIST_ITEM.exec(line);
    if (item && item[1]!.length < 2) {
      close();
      open = start(number, item[3]!, /\d/.test(item[2]!), true, section());
      return;
    }
    if (open && (item || /^\s/.test(line) || !open.list)) {
      open.lines.push(item ? line.trimEnd() : line.trim());
      return;
    }
    close();
    open = start(number, line.trim(), false, false, section());
  });
  close();
  return { rules: dropLeads(rules), imports };
}

function start(line: number, text: string, numbered: boolean, list: boolean, section: string) {
  return { line, lines: [text.trim()], numbered, fenced: false, list, section };
}

function toRule(open: Open, context: BodyContext): RuleItem {
  let text = "";
  let inFence = false;
  for (const part of open.lines) {
    const isFence = FENCE.test(part);
    const joiner = text === ""
      ? ""
      : inFence || isFence || /^\s*([-*+]|\d+[.)])\s/.test(part)
      ? "\n"
      : " ";
    text += joiner + part;
    if (isFence) inFence = !inFence;
  }
  const kind: RuleKind = open.numbered || open.fenced || PROCEDURE_SECTION.test(open.section) ||
      PROCEDURE_TEXT.test(text)
    ? "procedure"
    : "convention";
  return {
    file: context.file,
    line: open.line,
    format: context.format,
    kind,
    section: open.section,
    text: text.slice(0, MAX_RULE_LENGTH),
    globs: context.globs,
  };
}

/** A lone paragraph ending in ":" that introduces the list after it is a lead, not a rule. */
function dropLeads(rules: RuleItem[]): RuleItem[] {
  return rules.filter((rule, i) => {
    const next = rules[i + 1];
    return !(rule.text.endsWith(":") && !rule.text.includes("\n") && next &&
      next.section === rule.section);
  });
}
