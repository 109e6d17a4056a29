/**
 * Runs a call that reaches the strand file and reports SQLite's failures (locked, full,
 * corrupt) as `HelixError`s naming the action, through `sqliteError`. Every API of the
 * engine wraps its calls with these.
 *
 * @module
 */
import { sqliteError } from "./sqlite_errors.ts";

/** `fn()`, with a SQLite error turned into a `HelixError` that says "Cannot <action>". */
export function guard<T>(action: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw sqliteError(error, action);
  }
}

/** {@linkcode guard} for asynchronous work: a throw or a rejection is converted alike. */
export async function guardAsync<T>(action: string, fn: () => T | Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    throw sqliteError(error, action);
  }
}
