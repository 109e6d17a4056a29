/**
 * The YAML frontmatter of rules files (`.mdc`, `.instructions.md`, Windsurf rules), read as the
 * tools read it: flat `key: value` lines, a value a string, a boolean, a `[a, b]` list or a
 * `- item` list. Anything else stays a string.
 *
 * @module
 */

/** A frontmatter value. */
export type FrontValue = string | boolean | readonly string[];

/** A file split into its frontmatter and body. */
export interface Fronted {
  /** The keys and values; empty when the file has no frontmatter. */
  readonly data: Readonly<Record<string, FrontValue>>;
  /** The body after the closing `---`. */
  readonly body: string;
  /** How many lines come before the body (0 without frontmatter). */
  readonly bodyLine: number;
}

function unquote(value: string): string {
  const v = value.trim();
  if (v.length >= 2 && (v[0] === '"' || v[0] === "'") && v.at(-1) === v[0]) return v.slice(1, -1);
  return v;
}

function scalar(raw: string): FrontValue {
  const value = raw.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (value.startsWith("[") && value.endsWith("]")) {
    return value.slice(1, -1).split(",").map(unquote).filter((v) => v !== "");
  }
  return unquote(value);
}

/**
 * Splits `text` into frontmatter and body. The frontmatter is the lines between a first line
 * `---` and the next `---`.
 *
 * @example Usage
 * ```ts
 * import { frontmatter } from "./frontmatter.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const f = frontmatter('---\ndescription: "API style"\nglobs: src/**\nalwaysApply: false\n---\n- Use zod\n');
 * deepEqual(f.data, { description: "API style", globs: "src/**", alwaysApply: false });
 * equal(f.body, "- Use zod\n");
 * equal(f.bodyLine, 5);
 * ```
 */
export function frontmatter(text: string): Fronted {
  const lines = text.split("\n");
  if (lines[0]?.trimEnd() !== "---") return { data: {}, body: text, bodyLine: 0 };
  const end = lines.findIndex((line, i) => i > 0 && line.trimEnd() === "---");
  if (end < 0) return { data: {}, body: text, bodyLine: 0 };
  const data: Record<string, FrontValue> = {};
  let listKey: string | null = null;
  for (const line of lines.slice(1, end)) {
    const item = /^\s+-\s+(.*)$/.exec(line) ?? /^-\s+(.*)$/.exec(line);
    if (item && listKey !== null) {
      const previous = data[listKey];
      data[listKey] = [...(Array.isArray(previous) ? previous : []), unquote(item[1]!)];
      continue;
    }
    const pair = /^([A-Za-z_][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!pair) continue;
    listKey = pair[2]!.trim() === "" ? pair[1]! : null;
    data[pair[1]!] = listKey ? [] : scalar(pair[2]!);
  }
  return { data, body: lines.slice(end + 1).join("\n"), bodyLine: end + 1 };
}

/** A frontmatter value as globs: a list, or a comma-separated string; empty when absent. */
export function globsOf(value: FrontValue | undefined): string[] {
  if (value === undefined || typeof value === "boolean") return [];
  const list = typeof value === "string" ? value.split(",") : value;
  return list.map((g) => g.trim()).filter((g) => g !== "");
}
