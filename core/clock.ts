/**
 * Wall-clock time as an injectable dependency, so tests control time and nothing in the
 * engine calls `Date.now()` behind the caller's back.
 *
 * @module
 */
import type { Clock } from "./ports.ts";

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/**
 * A clock that only moves when told to: for tests and deterministic benchmarks.
 *
 * @example Usage
 * ```ts
 * import { fixedClock } from "./clock.ts";
 * import { equal } from "node:assert/strict";
 *
 * const clock = fixedClock(Date.UTC(2026, 0, 1));
 * clock.advance(1_000);
 * equal(clock.now(), Date.UTC(2026, 0, 1) + 1_000);
 * ```
 */
export function fixedClock(
  start: number,
): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms: number) {
      current += ms;
    },
    set(ms: number) {
      current = ms;
    },
  };
}
