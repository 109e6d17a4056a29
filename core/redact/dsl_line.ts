/**
 * A secret-named setting written as a name, a space and a quoted value on a line of its own,
 * the way Gradle's and Groovy's DSLs, nginx and Caddy write settings (`storePassword "…"`,
 * `auth_pass "…";`): there is no `=` or `:` for the assignment rule to read, and the quoted
 * value is the secret whatever it holds, an `=` included (`"Qm=T!x…"` is no `NAME=value`), when
 * it is a literal that looks generated.
 *
 * @module
 */
import { type Candidate, isLiteral, nameSignal } from "./catalogue.ts";
import { secretLooking } from "./lexical.ts";

/** A line holding a name, blanks, a quoted run without blanks, and perhaps `;` or `,`. */
const LINE =
  /^[ \t]*([A-Za-z_][\w.\-]{2,60})[ \t]+(["'])([^\s"']{6,200})\2[ \t]*[;,]?[ \t]*\r?$/gdm;

/** Candidate spans of quoted values of secret-named settings in a DSL's lines. */
export function dslLineCandidates(text: string, out: Candidate[]): void {
  if (!text.includes('"') && !text.includes("'")) return;
  for (const m of text.matchAll(LINE)) {
    const value = m[3]!;
    if (nameSignal(m[1]!) !== "strong" || !isLiteral(value) || !secretLooking(value)) continue;
    const [start, end] = m.indices![3]!;
    out.push({ start, end, type: "secret_assignment", tier: 1 });
  }
}
