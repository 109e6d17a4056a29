/**
 * Markdown and psql tables: the cells under a header cell, so a label in a table's header
 * ("| Service | Password |") binds the values in its column.
 *
 * @module
 */

/** A cell's text and where it sits. */
export interface Cell {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** How many rows under a header are read. */
const ROWS = 20;
/** The longest line read as a table row. */
const LONGEST = 1000;

/**
 * The cells under the header cell that holds [start, end), top to bottom, when that cell is
 * in a row of a table (a `|` beside it); empty otherwise. Separator rows (`|---|`, psql's
 * `----+----`) are skipped; the column ends where the table does.
 *
 * @example Usage
 * ```ts
 * import { cellsBelow } from "./table_column.ts";
 * import { deepEqual } from "node:assert/strict";
 * const text = "| host | password |\n|---|---|\n| db | s3cr3t!x |";
 * const at = text.indexOf("password");
 * deepEqual(cellsBelow(text, at, at + 8).map((c) => c.text), ["s3cr3t!x"]);
 * ```
 */
export function cellsBelow(text: string, start: number, end: number): Cell[] {
  const from = Math.max(0, start - LONGEST);
  const lineStart = from + text.slice(from, start).lastIndexOf("\n") + 1;
  if (lineStart === from && from > 0) return []; // a line too long to be a table row
  const lineEnd = indexOrEnd(text, end);
  if (lineEnd - lineStart > LONGEST) return [];
  const before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  if (!before.includes("|") && !after.includes("|")) return [];
  if (!/^[^|]*$/.test(before.slice(before.lastIndexOf("|") + 1))) return [];
  const column = count(before, "|") - (/^\s*\|/.test(before) ? 1 : 0);
  const leading = /^\s*\|/.test(before);
  const out: Cell[] = [];
  let at = lineEnd + 1;
  for (let row = 0; row < ROWS && at < text.length; row++) {
    const rowEnd = indexOrEnd(text, at);
    if (rowEnd - at > LONGEST) break;
    const line = text.slice(at, rowEnd);
    // A separator row: `|---|---|` (markdown), `-----+-----` (psql, which has no `|` in it).
    if (/^[\s|:+\-]*$/.test(line) && (line.includes("|") || line.includes("---"))) {
      at = rowEnd + 1;
      continue;
    }
    if (!line.includes("|")) break;
    const cells = line.split("|");
    const index = column + (leading && /^\s*\|/.test(line) ? 1 : 0);
    const cell = cells[index];
    if (cell !== undefined) {
      const offset = at + cells.slice(0, index).reduce((n, c) => n + c.length + 1, 0);
      const trimmed = cell.trim();
      const from = offset + cell.indexOf(trimmed);
      if (trimmed) out.push({ start: from, end: from + trimmed.length, text: trimmed });
    }
    at = rowEnd + 1;
  }
  return out;
}

/** The end of the line at `from`, looking at most LONGEST + 1 characters ahead. */
function indexOrEnd(text: string, from: number): number {
  const at = text.slice(from, from + LONGEST + 1).indexOf("\n");
  return at === -1 ? Math.min(text.length, from + LONGEST + 1) : from + at;
}

function count(s: string, c: string): number {
  let n = 0;
  for (const ch of s) if (ch === c) n++;
  return n;
}
