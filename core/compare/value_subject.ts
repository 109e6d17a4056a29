/**
 * An address or a path that opens its statement is what the statement is about ("docs.helix.dev is served
 * by Cloudflare Pages" / "status.helix.dev is served by Instatus"): when each side's value in
 * dispute is its grammatical subject, the two name two things, each with something said of it,
 * not one thing with two values.
 *
 * @module
 */
import { tokensFor } from "./cached_tokens.ts";
import type { Statement } from "./claims.ts";
import type { Value } from "./value_types.ts";

/** Kinds of value that name a thing when they open a statement: an address, a path. */
const PLACES = /^(?:host|url|path)$/;

/** Words that may come before a subject. */
const DETERMINERS = /^(?:the|a|an|our|their|its|my|your)$/;

/** Verbs right after a subject. */
const VERBS =
  /^(?:is|are|was|were|has|have|gets?|serves?|hosts?|runs?|points?|redirects?|resolves?|goes|belongs?)$/;

/**
 * Whether the value `v` of `text` opens it as its subject: first (after a determiner) and
 * right before a verb.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { opensAsSubject } from "./value_subject.ts";
 * import { equal } from "node:assert/strict";
 *
 * const s = readStatement("api.acme.dev is served by Fly.");
 * equal(opensAsSubject(s.text, s.values.find((v) => v.kind === "host")!), true);
 * const t = readStatement("The API is served from api.acme.dev.");
 * equal(opensAsSubject(t.text, t.values.find((v) => v.kind === "host")!), false);
 * ```
 */
export function opensAsSubject(text: string, v: Value): boolean {
  // (A person opening "Maria is the release manager" is the value of a role, not a thing.)
  if (!PLACES.test(v.kind)) return false;
  const tokens = tokensFor(text);
  let first = 0;
  while (first < tokens.length && DETERMINERS.test(tokens[first]!.lower)) first++;
  return v.start === first && VERBS.test(tokens[v.end]?.lower ?? "");
}

/** Whether every disputed value of both sides opens its statement as its subject. */
export function subjectsInDispute(
  a: string,
  b: string,
  va: readonly Value[],
  vb: readonly Value[],
): boolean {
  return va.length > 0 && vb.length > 0 && va.every((v) => opensAsSubject(a, v)) &&
    vb.every((v) => opensAsSubject(b, v));
}

/** Words after which an address or a path is where something is, not what it is. */
const PLACED = /^(?:in|at|to|under|from|on|into|onto|via|through|is|are|=|:)$/;

/** Articles before a place. */
const ARTICLES = /^(?:the|a|an|our|its|their|every|each|all|this|that)$/;

/** Whether an address or a path `v` of `s` follows a word of place (other kinds always do). */
export function placed(s: Statement, v: Value): boolean {
  if (!/^(?:path|url|host)$/.test(v.kind)) return true;
  const tokens = tokensFor(s.text);
  let k = v.start - 1;
  while (k >= 0 && ARTICLES.test(tokens[k]!.lower)) k--;
  return k >= 0 && PLACED.test(tokens[k]!.text === ":" ? ":" : tokens[k]!.lower);
}
