/**
 * Quiet moments for start-up work: what the server loads or starts after it answers (the
 * tokenizer, the vector index, the model, the lifecycle and sync threads) runs a step at a
 * time, each once no tool call is in flight and none came or went for a moment, so a call
 * never waits behind it. (Measured from outside: the steps run right after `initialize`, one
 * after the other, made the first calls of a session wait 120-370 ms.)
 *
 * @module
 */
import type { ActivityReader } from "./activity.ts";

/** Options of {@linkcode quietMoment}. */
export interface QuietOptions {
  /** How long the server must have been quiet, ms. */
  readonly quietMs: number;
  /** Longest wait (an agent that never pauses must not starve the step), ms. @default {Infinity} */
  readonly capMs?: number;
  /** Whether to give up (the server is stopping). */
  readonly stopped?: () => boolean;
  /** The clock. @default {Date.now} */
  readonly now?: () => number;
}

/** How often the activity is looked at while waiting, ms. */
const POLL_MS = 10;

/**
 * Resolves once no request is in flight and the last one came or went at least `quietMs` ago,
 * or after `capMs`, or as soon as `stopped()`: true when the moment is quiet (or the cap
 * passed), false when stopped.
 *
 * @example Usage
 * ```ts
 * import { quietMoment } from "./quiet.ts";
 * import { equal } from "node:assert/strict";
 *
 * const idle = { inFlight: () => 0, quietFor: () => Infinity };
 * equal(await quietMoment(idle, { quietMs: 50 }), true);
 * const busy = { inFlight: () => 1, quietFor: () => 0 };
 * equal(await quietMoment(busy, { quietMs: 50, stopped: () => true }), false);
 * ```
 */
export async function quietMoment(
  activity: ActivityReader,
  options: QuietOptions,
): Promise<boolean> {
  const now = options.now ?? Date.now;
  const until = now() + (options.capMs ?? Infinity);
  const stopped = options.stopped ?? (() => false);
  while (!stopped()) {
    const t = now();
    if (activity.inFlight() === 0 && activity.quietFor(t) >= options.quietMs) return true;
    if (t >= until) return true;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return false;
}
