/**
 * A statement headed by a label (`registry: Docker Hub → ghcr.io`, `tracing: Sentry →
 * Honeycomb`, `bundler — …`): the label is its subject, said once, before a colon or a dash. A
 * label word that names the attribute of the value in question (`registry` for a container
 * registry) says what the value is and names no subject of its own; any other label word the
 * stored statement never says is a subject of the incoming statement's own (`tracing` after
 * "Errors are reported to Sentry").
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import cues from "./lexicon/cues.json" with { type: "json" };
import { ENDED_AFTER, ENDED_BEFORE } from "./ending_words.ts";
import { WEAK } from "./lexicon.ts";
import { attributeTerms, stem, synonym, termsOf } from "./terms.ts";

/** Generic heads ("service", "app") name nothing of their own. */
const WEAK_TERMS = new Set([...WEAK].flatMap((w) => [stem(w), stem(synonym(w))]));

/** A label: up to three words (no comma, no clause) before a colon, a dash or ` = `. */
const LABEL = /^([\p{L}\p{N}][\p{L}\p{N}._/-]*(?: [\p{L}\p{N}._/-]+){0,2}):?\s*(?::|—|\s=)\s/u;

/** Words that head a post rather than name its subject ("UPDATE:", "FYI:", "Heads-up:"). */
const MARKERS =
  /^(?:update|updates|fyi|note|psa|edit|reminder|heads-up|tl;dr|tldr|todo|done|status|news|change|changes|correction)$/i;

/** The subject words of a leading label, or none when the statement has no label. */
function labelWords(incoming: Statement): string[] {
  const label = LABEL.exec(incoming.text)?.[1];
  if (!label || MARKERS.test(label)) return [];
  const words = label.toLowerCase().split(" ");
  // A sentence before a dash is no label ("ADR-031 supersedes ADR-012:").
  if (words.some((w) => VERBS.has(w))) return [];
  return words.flatMap((w) => w.match(/[\p{L}\p{N}]+/gu) ?? []).flatMap(termsOf);
}

/** Change verbs and words of ending: a label holds none. */
const VERBS: ReadonlySet<string> = new Set([...cues.changeVerbs, ...ENDED_AFTER, ...ENDED_BEFORE]);

/**
 * The label's words that name the attribute of `slots` ("registry" of a container registry);
 * none when the stored statement names an attribute of them the label does not ("logs:
 * Elasticsearch → Loki" after "Search runs on Elasticsearch": the value's other use).
 */
export function labelAttribute(
  incoming: Statement,
  stored: Statement,
  slots: readonly string[],
): Set<string> {
  const words = labelWords(incoming);
  const named = (slot: string, said: (w: string) => boolean) =>
    [...attributeTerms(slot)].some(said);
  const mine = slots.filter((slot) => named(slot, (w) => words.includes(w)));
  const theirs = slots.filter((slot) => named(slot, (w) => stored.words.has(w)));
  if (theirs.some((slot) => !mine.includes(slot))) return new Set();
  const attribute = new Set(mine.flatMap((slot) => [...attributeTerms(slot)]));
  return new Set(words.filter((w) => attribute.has(w)));
}

/**
 * Whether the incoming statement's label names a subject of its own: a word the stored
 * statement never says, neither a generic head nor an attribute of `slots`.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { labelSubject } from "./label.ts";
 * import { equal } from "node:assert/strict";
 *
 * const stored = readStatement("Errors are reported to Sentry.");
 * const slots = ["tech:error-tracking"];
 * equal(labelSubject(readStatement("tracing: Sentry → Honeycomb"), stored, slots), true);
 * equal(labelSubject(readStatement("error tracking: Sentry → Rollbar"), stored, slots), false);
 * ```
 */
export function labelSubject(
  incoming: Statement,
  stored: Statement,
  slots: readonly string[],
): boolean {
  const attribute = labelAttribute(incoming, stored, slots);
  const values = new Set(
    incoming.values.flatMap((v) => v.norm.split(/[\s./:@_-]+/).flatMap(termsOf)),
  );
  return labelWords(incoming).some((w) =>
    !stored.words.has(w) && !attribute.has(w) && !WEAK_TERMS.has(w) && !values.has(w) &&
    !/^\d/.test(w)
  );
}
