/**
 * The table loop of the change readings' unit tests: one test per pair, that `change()` reads
 * the incoming statement as a change of the stored one, or leaves it.
 *
 * @module
 */
import { equal, notEqual } from "node:assert/strict";
import { change } from "./statements.ts";

/** A stored statement and an incoming one. */
export type Pair = readonly [stored: string, incoming: string];

/** Registers one test per pair, named after `reading`: each of `changes` changes, each of `lookalikes` leaves. */
export function changeCases(
  reading: string,
  changes: readonly Pair[],
  lookalikes: readonly Pair[],
): void {
  for (const [stored, incoming] of changes) {
    Deno.test(`${reading}: "${incoming}" changes "${stored}"`, () => {
      notEqual(change(incoming, stored), null);
    });
  }
  for (const [stored, incoming] of lookalikes) {
    Deno.test(`${reading}: "${incoming}" leaves "${stored}"`, () => {
      equal(change(incoming, stored), null);
    });
  }
}
