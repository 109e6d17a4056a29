/**
 * Hybrid logical clock timestamps for ops.
 *
 * An HLC is a wall time in milliseconds plus a counter that breaks ties within one millisecond
 * and keeps the clock monotonic when the wall clock stalls or steps back. It is encoded as a
 * fixed-width string (`"000001763820000000-00000"`) so that string order is time order, both in
 * SQL indexes and in JavaScript sorts.
 *
 * @module
 */

/** An HLC timestamp, decoded. */
export interface Hlc {
  /** Wall time, ms since epoch. */
  readonly wall: number;
  /** Tie-breaking counter within one `wall` millisecond. */
  readonly counter: number;
}

const WALL_DIGITS = 15;
const COUNTER_DIGITS = 5;
const COUNTER_MAX = 10 ** COUNTER_DIGITS - 1;
const PATTERN = /^(\d{15})-(\d{5})$/;

/** Encodes an HLC as its sortable string form. */
export function formatHlc(hlc: Hlc): string {
  if (!Number.isSafeInteger(hlc.wall) || hlc.wall < 0) {
    throw new RangeError(`Cannot format HLC: wall ${hlc.wall} is not a non-negative integer`);
  }
  if (!Number.isInteger(hlc.counter) || hlc.counter < 0 || hlc.counter > COUNTER_MAX) {
    throw new RangeError(`Cannot format HLC: counter ${hlc.counter} is out of range`);
  }
  return `${String(hlc.wall).padStart(WALL_DIGITS, "0")}-${
    String(hlc.counter).padStart(COUNTER_DIGITS, "0")
  }`;
}

/** Decodes an HLC string; throws `SyntaxError` when it is malformed. */
export function parseHlc(text: string): Hlc {
  const match = PATTERN.exec(text);
  if (!match) throw new SyntaxError(`Cannot parse HLC: "${text}" is not of the form 15d-5d`);
  return { wall: Number(match[1]), counter: Number(match[2]) };
}

/**
 * The next local HLC after `last` (null when the log is empty) at wall time `now`: strictly
 * greater than `last`, and equal to `now` with counter 0 whenever the wall clock is ahead.
 *
 * @example Usage
 * ```ts
 * import { formatHlc, nextHlc } from "./hlc.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(formatHlc(nextHlc(null, 1000)), "000000000001000-00000");
 * equal(formatHlc(nextHlc({ wall: 1000, counter: 0 }, 900)), "000000000001000-00001");
 * ```
 */
export function nextHlc(last: Hlc | null, now: number): Hlc {
  const wall = Math.max(0, Math.floor(now));
  if (last === null || wall > last.wall) return { wall, counter: 0 };
  if (last.counter < COUNTER_MAX) return { wall: last.wall, counter: last.counter + 1 };
  return { wall: last.wall + 1, counter: 0 };
}
