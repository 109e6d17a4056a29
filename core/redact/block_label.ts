/**
 * A value under a key that says little on its own takes its name from the block it sits in:
 * Terraform's `variable "db_password" { default = "…" }`, CloudFormation's `DbPassword:`
 * parameter with a `Default:` below it, a TOML `[stripe]` table's `key = "…"`, a YAML `datadog:`
 * map's `token: …`. A generic key (`default`, `value`) takes the block's name, which must say
 * secret (`catalogue.ts`'s strong name signal: `db_password`, `apiToken`; not
 * `password_min_length`); a key such as `key` or `token` is read with the block's name before it
 * (`stripe_key`, `datadog_token`: a service's key; `cache_key` stays weak), and then the value
 * must look generated. The value must be a
 * literal (no `var.x`, `${…}`, placeholders, public formats), 6 characters or more.
 *
 * @module
 */
import { type Candidate, isLiteral, nameSignal, PUBLIC_FORMAT } from "./catalogue.ts";
import { secretLooking } from "./lexical.ts";

/**
 * A block header: `variable "db_password" {` (group 2), `db_password = {` or YAML `DbPassword:`
 * (group 3), a TOML table `[stripe]` (group 4).
 */
const HEADER =
  /^([ \t]*)(?:[A-Za-z_][\w\-]*[ \t]+"([A-Za-z_][\w\-.]{1,60})"[ \t]*\{|([A-Za-z_][\w\-.]{1,60})[ \t]*(?:=[ \t]*\{|:)|\[([A-Za-z_][\w\-.]{1,60})\])[ \t]*$/gm;
/** A key and its value (quoted: group 3 or 4; bare: group 5), on one line of the block. */
const CHILD =
  /^([ \t]*)([A-Za-z_][\w\-]{0,40})[ \t]*[:=][ \t]*(?:"([^"\n]{6,200})"|'([^'\n]{6,200})'|([^\s"'#,{[][^\s#,]{5,199}))[ \t]*,?[ \t]*$/gm;
/** Keys that name nothing: the block says what their value is. */
const GENERIC = /^(?:default|value|initial_value|defaultValue|Default|Value)$/;
/** Keys that say what a value is only with the block's name: `[stripe] key`, `datadog: token`. */
const PARTIAL = /^(?:key|token|secret|api_?key|apiKey|auth|pass)$/;
/** How many characters of a block are read. */
const BLOCK = 600;

/** Candidate spans for values whose name is their block's. */
export function blockLabelCandidates(text: string, out: Candidate[]): void {
  if (!/default|value|key|token|secret|auth|pass/i.test(text)) return;
  for (const m of text.matchAll(HEADER)) {
    const name = m[2] ?? m[3] ?? m[4]!;
    const strong = nameSignal(name) === "strong";
    const indent = m[4] !== undefined ? -1 : m[1]!.length;
    const from = m.index + m[0].length;
    const block = blockText(text.slice(from, from + BLOCK), indent, m[2] !== undefined);
    for (const g of block.matchAll(CHILD)) {
      if (g[1]!.length <= indent) continue;
      const key = g[2]!;
      const value = g[3] ?? g[4] ?? g[5]!;
      // A partial key borrows the block's name, and then the value must look generated too
      // (`secretKeyRef: key: password` names a key of a Secret, it holds none).
      const named = GENERIC.test(key)
        ? strong
        : PARTIAL.test(key) && nameSignal(`${name}_${key}`) === "strong" && secretLooking(value);
      if (!named) continue;
      // In HCL a literal is quoted; a bare value is an expression (`var.x`, `local.y`).
      if ((m[2] !== undefined && g[5] !== undefined) || !isLiteral(value)) continue;
      if (PUBLIC_FORMAT.test(value)) continue; // `[stripe] key = "pk_live_…"` is published
      const start = from + g.index + g[0].lastIndexOf(value);
      out.push({ start, end: start + value.length, type: "secret_assignment", tier: 1 });
    }
  }
}

/**
 * The lines of a block: to its closing brace, to the next TOML table (`indent` -1), or (YAML)
 * while lines are indented further.
 */
function blockText(after: string, indent: number, braced: boolean): string {
  const lines = after.split("\n");
  let length = 0;
  for (let i = 1; i < lines.length; i++) { // lines[0] is the rest of the header's line
    const line = lines[i]!;
    const depth = /^[ \t]*/.exec(line)![0].length;
    const ends = braced
      ? /^[ \t]*\}/.test(line) && depth <= indent
      : indent < 0
      ? /^[ \t]*\[/.test(line)
      : line.trim() !== "" && depth <= indent;
    if (ends) break;
    length += line.length + 1;
  }
  return after.slice(0, lines[0]!.length + 1 + length);
}
