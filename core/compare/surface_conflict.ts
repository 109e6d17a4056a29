/**
 * Conflicts read from the words' shapes when the claim readings find none: a minimal pair
 * (`minimal_pair.ts`) and a configuration key set to two values (`key_settings.ts`). Both read
 * no lexicon of values, so they reach values no lexicon lists, in any language.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { keyConflict, keySettings } from "./key_settings.ts";
import { minimalPair } from "./minimal_pair.ts";
import { hasSurfaceValue } from "./surface_values.ts";

/** The conflict the words' shapes show, or null. Both must be plain facts; the caller checks. */
export function surfaceConflict(a: Statement, b: Statement): Conflict | null {
  return minimalPair(a, b) ?? keyConflict(a, b);
}

/** Whether `s` sets a value-shaped word or a key: it may conflict by its words' shapes. */
export function maySurface(s: Statement): boolean {
  return hasSurfaceValue(s.text) || keySettings(s.text).length > 0;
}
