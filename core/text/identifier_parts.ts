/**
 * Identifier parts: `useSessionStore` → use, session, store; `MongoDB` → mongo, db;
 * `BILLING_WEBHOOK_SECRET`, `golang-migrate`, `op.batch_alter_table` alike. Recall indexes and
 * looks up the parts beside the whole identifier, so a partial name finds the full one.
 *
 * @module
 */

/** Splits between words of an identifier: separators, and case changes inside a word. */
const SEPARATOR = /[^\p{L}\p{N}]+/u;
/** `aB` (camelCase) and `ABc` (an acronym before a word: `HTTPServer`, `MongoDB` is `aDB`). */
const CASE_CHANGE = /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})/u;

/**
 * The lowercased parts of `identifier` of two characters or more, in order, without repeats
 * and without the whole identifier itself: empty for a plain word.
 *
 * @example Usage
 * ```ts
 * import { identifierParts } from "./identifier_parts.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(identifierParts("useSessionStore"), ["use", "session", "store"]);
 * deepEqual(identifierParts("MongoDB"), ["mongo", "db"]);
 * deepEqual(identifierParts("HTTPServer"), ["http", "server"]);
 * deepEqual(identifierParts("golang-migrate"), ["golang", "migrate"]);
 * deepEqual(identifierParts("op.batch_alter_table"), ["op", "batch", "alter", "table"]);
 * deepEqual(identifierParts("postgres"), []);
 * deepEqual(identifierParts("JWTs"), []);
 * ```
 */
export function identifierParts(identifier: string): string[] {
  // A plural acronym is one word: `JWTs`, `URLs` (not `JW` + `Ts`).
  const singular = identifier.replace(/(\p{Lu}{2,})s(?!\p{Ll})/gu, "$1");
  const parts = singular.split(SEPARATOR).flatMap((piece) => piece.split(CASE_CHANGE))
    .map((part) => part.toLowerCase())
    .filter((part) => part.length >= 2);
  const whole = singular.toLowerCase();
  const unique = [...new Set(parts)];
  return unique.length === 1 && unique[0] === whole ? [] : unique;
}

/** True when `word` has parts: separators inside it or a case change (`useFlag`, `MongoDB`). */
export function isCompound(word: string): boolean {
  return identifierParts(word).length > 1;
}
