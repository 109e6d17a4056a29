/**
 * What two statements disagree on: the shape every conflict reading returns (`conflict.ts` and
 * the readings it asks, such as `acts.ts` and `scheduled_dates.ts`).
 *
 * @module
 */

/** What two statements disagree on. */
export interface Conflict {
  /** The attribute, for people ("database", "port", "node version", "owner"). */
  readonly attribute: string;
  /** The slot it was read in (`tech:database`, `port`, `version:node`). */
  readonly slot: string;
  /** The first statement's value, then the second's, as written. */
  readonly values: readonly [string, string];
}
