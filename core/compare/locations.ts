/**
 * Where a thing is kept: the place named after a verb of keeping ("live in", "are kept
 * under", "is stored in", "are in") is the value of one attribute, `location`, whatever kind
 * of place it is: a path (`docs/adr/`), a URL (`s3://ml-artifacts`), a technology
 * (Confluence, S3) or a named repository ("the infra-modules repo"). So "runbooks live in
 * Confluence" and "runbooks are in the repo under docs/runbooks" give two values of one
 * attribute. Only the first place after the verb is read: what follows it narrows that place
 * ("in the infra repo under charts/"), unless the first is a container named bare ("in the
 * repo under docs/runbooks": the path places it).
 *
 * @module
 */
import type { Token } from "./tokens.ts";
import { type Value, value } from "./value_types.ts";

/** Verbs of keeping, before their preposition (English; then de, fr, es, pt, nl, it copulas and verbs of lying). */
const KEEPING = new RegExp(
  "^(?:live|lives|living|kept|stored|store|stores|reside|resides|located|saved|sit|sits|is|are" +
    "|ist|sind|liegt|liegen|est|sont|se trouve|está|están|é|são|fica|ficam|staat|staan|zit|zitten" +
    "|è|sono|si trova)$",
);
/** Prepositions of place (English; then de, fr, es, pt, nl, it). */
const PLACE = /^(?:in|under|inside|within|im|dans|en|em|no|na|op|nel|nella)$/;
/** Nouns that name a container after its name ("the infra-modules repo"). */
const CONTAINERS = /^(?:repo|repos|repository|repositories|monorepo|bucket|wiki|space|drive)$/;
/** Words before a container that name no particular one ("the same repo"). */
const GENERIC = /^(?:same|other|own|separate|shared|new|old|single|one|main|different)$/;
/** Kinds of value that can be a place. */
const PLACES = new Set(["path", "url", "host", "tech", "name"]);
/** Words that stand between a preposition and its place. */
const ARTICLES = /^(?:the|a|an|our|its|their|this|that|separate|own|shared)$/;

/**
 * Gives the first place after a verb of keeping the `location` slot (see the module doc), and
 * reads a named repository there as a value. `values` and `used` are updated in place.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { equal } from "node:assert/strict";
 *
 * const places = (text: string) =>
 *   readStatement(text).values.filter((v) => v.slots.includes("location")).map((v) => v.norm);
 * equal(places("Runbooks live in Confluence.")[0], "confluence");
 * equal(places("Terraform modules live in the infra-modules repo.")[0], "infra-modules");
 * ```
 */
export function readLocations(tokens: readonly Token[], values: Value[], used: boolean[]): void {
  for (let k = 0; k + 1 < tokens.length; k++) {
    if (!KEEPING.test(tokens[k]!.lower) || !PLACE.test(tokens[k + 1]!.lower)) continue;
    let at = k + 2;
    while (at < tokens.length && ARTICLES.test(tokens[at]!.lower)) at++;
    // "in the repo under docs/runbooks": a container named bare is placed by what follows.
    if (CONTAINERS.test(tokens[at]?.lower ?? "") && PLACE.test(tokens[at + 1]?.lower ?? "")) {
      at += 2;
      while (at < tokens.length && ARTICLES.test(tokens[at]!.lower)) at++;
    }
    const t = tokens[at];
    if (!t || t.clause !== tokens[k]!.clause) continue;
    const found = values.findIndex((v) => v.start === at && PLACES.has(v.kind));
    if (found >= 0) {
      const v = values[found]!;
      if (!v.slots.includes("location")) values[found] = { ...v, slots: [...v.slots, "location"] };
      continue;
    }
    // "the infra-modules repo", "the acme-charts repository": a name before its container.
    const next = tokens[at + 1];
    if (
      t.kind === "word" && !used[at] && next && CONTAINERS.test(next.lower) &&
      /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(t.lower) && !GENERIC.test(t.lower)
    ) {
      values.push(value("name", ["location"], t.lower, tokens, at, at + 1));
      used[at] = true;
    }
  }
}
