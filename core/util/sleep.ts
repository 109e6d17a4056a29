/**
 * Sleeping without returning to the event loop: what a synchronous wait for another
 * process (its write lock, its turn) uses between tries.
 *
 * @module
 */

const cell = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks the calling thread for about `ms` milliseconds (nothing else of this thread runs
 * meanwhile; other processes and threads do).
 *
 * @example Usage
 * ```ts
 * import { sleepSync } from "./sleep.ts";
 *
 * sleepSync(1);
 * ```
 */
export function sleepSync(ms: number): void {
  if (ms > 0) Atomics.wait(cell, 0, 0, ms);
}
