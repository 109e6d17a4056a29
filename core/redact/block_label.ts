/**
 * A value under a generic key (`default`, `value`, `Default`) takes its name from the block it
 * sits in: Terraform's `variable "db_password" { default = "…" }`, CloudFormation's
 * `DbPassword:` parameter with a `Default:` below it. The block's name must say secret
 * (`catalogue.ts`'s strong name signal: `db_password`, `apiToken`; not `password_min_length`),
 * and the value must be a literal (no `var.x`, `${…}`, placeholders), 6 characters or more.
 *
 * @module
 */
import { type Candidate, isLiteral, nameSignal } from "./catalogue.ts";

/** A block header: `variable "db_password" {`, `db_password = {`, YAML `DbPassword:`. */
const HEADER =
  /^([ \t]*)(?:[A-Za-z_][\w\-]*[ \t]+"([A-Za-z_][\w\-.]{1,60})"[ \t]*\{|([A-Za-z_][\w\-.]{1,60})[ \t]*(?:=[ \t]*\{|:)[ \t]*)$/gm;
/** A generic key and its value (quoted: group 2 or 3; bare: group 4), on one line of the block. */
const GENERIC =
  /^([ \t]*)(?:default|value|initial_value|defaultValue|Default|Value)[ \t]*[:=][ \t]*(?:"([^"\n]{6,200})"|'([^'\n]{6,200})'|([^\s"'#,][^\s#,]{5,199}))[ \t]*,?[ \t]*$/gm;
/** How many characters of a block are read. */
const BLOCK = 600;

/** Candidate spans for values under a generic key of a secret-named block. */
export function blockLabelCandidates(text: string, out: Candidate[]): void {
  if (!/default|value/i.test(text)) return;
  for (const m of text.matchAll(HEADER)) {
    const name = m[2] ?? m[3]!;
    if (nameSignal(name) !== "strong") continue;
    const indent = m[1]!.length;
    const from = m.index + m[0].length;
    const block = blockText(text.slice(from, from + BLOCK), indent, m[2] !== undefined);
    for (const g of block.matchAll(GENERIC)) {
      if (g[1]!.length <= indent) continue;
      const value = g[2] ?? g[3] ?? g[4]!;
      // In HCL a literal is quoted; a bare value is an expression (`var.x`, `local.y`).
      if ((m[2] !== undefined && g[4] !== undefined) || !isLiteral(value)) continue;
      const start = from + g.index + g[0].lastIndexOf(value);
      out.push({ start, end: start + value.length, type: "secret_assignment", tier: 1 });
    }
  }
}

/** The lines of a block: to its closing brace, or (YAML) while lines are indented further. */
function blockText(after: string, indent: number, braced: boolean): string {
  const lines = after.split("\n");
  let length = 0;
  for (let i = 1; i < lines.length; i++) { // lines[0] is the rest of the header's line
    const line = lines[i]!;
    const depth = /^[ \t]*/.exec(line)![0].length;
    if (
      braced ? /^[ \t]*\}/.test(line) && depth <= indent : line.trim() !== "" && depth <= indent
    ) {
      break;
    }
    length += line.length + 1;
  }
  return after.slice(0, lines[0]!.length + 1 + length);
}
