/**
 * Decay at read time (DESIGN §8): a memory's weight halves every half-life since it was last
 * accessed; memories with no half-life (semantic facts, entities) do not decay. Salience is
 * importance times that factor. Nothing here is stored: it is computed when read.
 *
 * @module
 */

/** What decay looks at. */
export interface DecayFields {
  /** Effective half-life in ms; null = no decay. */
  readonly halfLifeMs: number | null;
  /** Last access, ms since epoch. */
  readonly lastAccessAt: number;
}

/**
 * `e^(−λ·Δt)` with `λ = ln2 / halfLife`: 1 at the moment of access, 0.5 one half-life later.
 * Accesses in the future (clock skew) count as now.
 *
 * @example Usage
 * ```ts
 * import { decayFactor } from "./salience.ts";
 * import { equal } from "node:assert/strict";
 *
 * const week = 7 * 86_400_000;
 * equal(decayFactor({ halfLifeMs: week, lastAccessAt: 0 }, week), 0.5);
 * equal(decayFactor({ halfLifeMs: null, lastAccessAt: 0 }, 100 * week), 1);
 * ```
 */
export function decayFactor(memory: DecayFields, now: number): number {
  const { halfLifeMs, lastAccessAt } = memory;
  if (halfLifeMs === null) return 1;
  if (!(halfLifeMs > 0)) {
    throw new RangeError(
      `Cannot decay memory: halfLifeMs must be > 0, current value is ${halfLifeMs}`,
    );
  }
  const elapsed = Math.max(0, now - lastAccessAt);
  return Math.exp((-Math.LN2 * elapsed) / halfLifeMs);
}

/**
 * `importance · decayFactor`: how much a memory weighs right now.
 *
 * @example Usage
 * ```ts
 * import { salience } from "./salience.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(salience({ importance: 8, halfLifeMs: 1000, lastAccessAt: 0 }, 1000), 4);
 * ```
 */
export function salience(
  memory: DecayFields & { readonly importance: number },
  now: number,
): number {
  return memory.importance * decayFactor(memory, now);
}
