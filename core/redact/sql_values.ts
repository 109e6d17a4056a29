/**
 * SQL `INSERT INTO t (a, b, …) VALUES ('…', '…', …)`: each value's key is its column, not the
 * table's name. A value under a column that names a public thing (`id`, `token_hash`,
 * `key_prefix`) is kept, whatever the table is called (`api_keys`); a value under a
 * secret-named column (`password`, `api_token`) goes.
 *
 * @module
 */
import { type Candidate, nameSignal, nameWords } from "./catalogue.ts";
import { NEGATIVE_WORDS } from "./entropy.ts";

const INSERT = /\bINSERT[ \t]+INTO[ \t]+[\w."`\[\]]{1,80}[ \t]*\(([^()]{1,600})\)\s*VALUES\s*\(/gi;

/** Words a column names something public by, beyond the entropy detector's. */
const PUBLIC_COLUMN = new Set(["prefix", "owner", "name", "label", "created", "email", "user"]);

/**
 * Spans of the values of public columns, to keep; candidates for the values of secret columns
 * are pushed onto `out`.
 */
export function sqlValues(text: string, out: Candidate[]): [number, number][] {
  const kept: [number, number][] = [];
  for (const m of text.matchAll(INSERT)) {
    const columns = m[1]!.split(",").map((c) => c.trim().replace(/^["`\[]|["`\]]$/g, ""));
    const values = literals(text, m.index + m[0].length);
    columns.forEach((column, i) => {
      const value = values[i];
      if (value === undefined) return;
      const words = nameWords(column);
      if (nameSignal(column) === "strong" && !words.some((w) => NEGATIVE_WORDS.has(w))) {
        out.push({ start: value[0], end: value[1], type: "secret_assignment", tier: 2 });
      } else if (words.some((w) => NEGATIVE_WORDS.has(w) || PUBLIC_COLUMN.has(w))) {
        kept.push(value);
      }
    });
  }
  return kept;
}

/**
 * The spans inside the quotes of a value list's top-level items (undefined for an item that is
 * no quoted string), up to its closing bracket.
 */
function literals(text: string, from: number): ([number, number] | undefined)[] {
  const out: ([number, number] | undefined)[] = [];
  let depth = 0;
  let item: [number, number] | undefined;
  for (let i = from; i < text.length && i < from + 4096; i++) {
    const c = text[i]!;
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) break;
      if (depth === 0 && item === undefined) item = [i + 1, close];
      i = close;
    } else if (c === "(") depth++;
    else if (c === ")" && depth > 0) depth--;
    else if (c === ")" || c === "," && depth === 0) {
      out.push(item);
      item = undefined;
      if (c === ")") break;
    }
  }
  return out;
}
