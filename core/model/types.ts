/**
 * The vocabulary of the memory model: types and their cognitive shapes, statuses, relations
 * and origins (DESIGN §4, seed 000 §2–§7).
 *
 * @module
 */

/** Memory types, each mapped to a cognitive shape in {@linkcode COGNITIVE_SHAPE}. */
export const MEMORY_TYPES = [
  "identity",
  "preference",
  "project",
  "decision",
  "convention",
  "snippet",
  "procedure",
  "entity",
  "episode",
  "fact",
  "profile",
] as const;

/** A memory type. */
export type MemoryType = typeof MEMORY_TYPES[number];

/**
 * The types an extractor may propose: all but `profile`, the derived per-scope summary the
 * lifecycle worker writes (a person may still write one).
 */
export const EXTRACTED_TYPES: readonly Exclude<MemoryType, "profile">[] = MEMORY_TYPES.filter(
  (t): t is Exclude<MemoryType, "profile"> => t !== "profile",
);

/** The four long-term memory shapes; each sets a default decay half-life. */
export const COGNITIVE_SHAPES = ["episodic", "semantic", "procedural", "entity"] as const;

/** A cognitive shape. */
export type CognitiveShape = typeof COGNITIVE_SHAPES[number];

/** Which shape each type has (seed 000 §3). */
export const COGNITIVE_SHAPE: Readonly<Record<MemoryType, CognitiveShape>> = {
  identity: "semantic",
  preference: "semantic",
  project: "entity",
  decision: "semantic",
  convention: "procedural",
  snippet: "procedural",
  procedure: "procedural",
  entity: "entity",
  episode: "episodic",
  fact: "semantic",
  profile: "semantic",
};

const DAY_MS = 86_400_000;

/**
 * Default half-life per shape in ms; `null` means the memory does not decay with time
 * (semantic facts expire by contradiction, entities are structural). DESIGN §8.
 */
export const DEFAULT_HALF_LIFE_MS: Readonly<Record<CognitiveShape, number | null>> = {
  episodic: 7 * DAY_MS,
  procedural: 90 * DAY_MS,
  semantic: null,
  entity: null,
};

/** Half-life of a semantic memory while it is contradicted (it does not decay otherwise). */
export const CONTRADICTED_HALF_LIFE_MS = 30 * DAY_MS;

/** Confidence kept by a side of a contradiction when it comes into the conflict. */
export const CONTRADICTION_FACTOR = 0.8;

/**
 * The lowest confidence a contradiction brings a memory to: a flag asks a person to decide,
 * it does not make a memory worthless (0.3 stays well above what recall filters as noise,
 * and a memory written with less keeps what it has).
 */
export const CONTRADICTION_FLOOR = 0.3;

/**
 * The confidence a side of a contradiction keeps (to three decimals): ×
 * {@linkcode CONTRADICTION_FACTOR}, never below {@linkcode CONTRADICTION_FLOOR}, never raised.
 * Callers lower a memory once per open conflict (per attribute it is contradicted on), not
 * once per pair of memories.
 *
 * @example Usage
 * ```ts
 * import { contradictedConfidence } from "./types.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(contradictedConfidence(0.9), 0.72);
 * equal(contradictedConfidence(0.35), 0.3);
 * equal(contradictedConfidence(0.2), 0.2);
 * ```
 */
export function contradictedConfidence(confidence: number): number {
  if (confidence <= CONTRADICTION_FLOOR) return confidence;
  return Math.max(CONTRADICTION_FLOOR, Math.round(confidence * CONTRADICTION_FACTOR * 1000) / 1000);
}

/** Lifecycle states. Default recall sees `active` only. */
export const STATUSES = ["active", "archived", "forgotten", "superseded", "quarantined"] as const;

/** A lifecycle state. */
export type Status = typeof STATUSES[number];

/** Edge relations (extensible by adding here). */
export const RELATIONS = [
  "works_on",
  "owns",
  "depends_on",
  "has_decision",
  "has_convention",
  "prefers",
  "uses",
  "mentions",
  "supersedes",
  "updates",
  "extends",
  "derives",
  "contradicts",
  "related_to",
] as const;

/** An edge relation. */
export type Relation = typeof RELATIONS[number];

/** Where a memory's content came from: stated by the user, or taken in by an agent from tools, files or the web. */
export const ORIGINS = ["user-asserted", "agent-ingested"] as const;

/** A provenance origin. */
export type Origin = typeof ORIGINS[number];

/** Importance bounds (1 = mundane, 10 = pivotal). */
export const IMPORTANCE_MIN = 1;
/** Importance upper bound. */
export const IMPORTANCE_MAX = 10;

/** Longest memory content accepted, in UTF-16 code units. */
export const MAX_CONTENT_LENGTH = 16_384;

/** SM-2 starting easiness factor. */
export const DEFAULT_EF = 2.5;
