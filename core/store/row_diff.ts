/**
 * Diffing two ordered row streams (a merge join): which rows only one side has and which
 * differ, compared as SQLite compares keys. Pure; `table_sync.ts` writes what it finds.
 *
 * @module
 */
import type { SQLInputValue, StatementSync } from "node:sqlite";
import { rowArrays } from "./sqlite.ts";

/** Row as values in column order. */
export type Row = readonly SQLInputValue[];

/** What {@linkcode diffRows} reports. */
export interface RowVisitor {
  /** A row only the new side has. */
  insert(row: Row): void;
  /** A row both sides have, with different values. */
  update(before: Row, after: Row): void;
  /** A row only the old side has. */
  remove(before: Row): void;
}

/**
 * Walks two statements ordered by their first `keyLength` columns together (a merge join)
 * and reports each row only in `after` (insert), only in `before` (remove), or in both with
 * different values (update). The rows are collected before any is written, since writing
 * a table while a statement walks it is undefined in SQLite. Both statements switch to
 * returning arrays: pass ones prepared for this walk.
 */
export function diffRows(
  before: StatementSync,
  after: StatementSync,
  keyLength: number,
  visit: RowVisitor,
): void {
  const left = (rowArrays(before) as Iterable<Row>)[Symbol.iterator]();
  const right = (rowArrays(after) as Iterable<Row>)[Symbol.iterator]();
  let l = left.next();
  let r = right.next();
  while (!l.done || !r.done) {
    const order = l.done ? 1 : r.done ? -1 : compareKeys(l.value, r.value, keyLength);
    if (order < 0) {
      visit.remove(l.value!);
      l = left.next();
    } else if (order > 0) {
      visit.insert(r.value!);
      r = right.next();
    } else {
      if (!sameRow(l.value!, r.value!)) visit.update(l.value!, r.value!);
      l = left.next();
      r = right.next();
    }
  }
}

/** Orders keys as SQLite's BINARY collation does (UTF-8 bytes, that is, code points). */
function compareKeys(a: Row, b: Row, keyLength: number): number {
  for (let i = 0; i < keyLength; i++) {
    const order = compareValues(a[i], b[i]);
    if (order !== 0) return order;
  }
  return 0;
}

function compareValues(a: SQLInputValue | undefined, b: SQLInputValue | undefined): number {
  if (typeof a === "string" && typeof b === "string") return compareCodePoints(a, b);
  if (typeof a === "number" && typeof b === "number") return a - b;
  return compareCodePoints(String(a), String(b)); // keys are text or numbers
}

function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (an astral code point) sorts above every other UTF-16 unit in UTF-8.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x - y;
  }
  return a.length - b.length;
}

function sameRow(a: Row, b: Row): boolean {
  for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
  return true;
}

/** Whether two column values are equal (blobs by their bytes). */
export function sameValue(a: SQLInputValue | undefined, b: SQLInputValue | undefined): boolean {
  if (a === b) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) {
    return a.length === b.length && a.every((byte, i) => byte === b[i]);
  }
  return false;
}
