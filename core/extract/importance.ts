/**
 * Importance 1–10 by heuristic, with no model: the memory type sets a base (conventions,
 * decisions and identity high, episodes lower), and cue words, decisions, errors with their
 * fixes, named entities and high-stakes words move it; chatter and bare acknowledgements
 * sink it. Deterministic, so it can be cached by content and type
 * ({@linkcode createImportanceCache}).
 *
 * @module
 */
import type { MemoryType } from "../model/types.ts";
import { IMPORTANCE_MAX, IMPORTANCE_MIN } from "../model/types.ts";
import { DECISION_CUES, ERROR_CUES, FIX_CUES, matchingCues, MEMORY_CUES } from "./cues.ts";
import { isAcknowledgement, isChatter } from "./chatter.ts";
import { findEntities } from "./entities.ts";
import { wordCount } from "../text/sentences.ts";

/** What importance looks at: a candidate (or any part of one), or plain text. */
export interface ImportanceInput {
  readonly content: string;
  readonly type?: MemoryType;
  /** Entities, when already extracted (found in the content otherwise). */
  readonly entities?: readonly string[];
  /** Trigger patterns: a negative memory (a warning) rates higher. */
  readonly triggers?: readonly string[];
  /** Procedure steps. */
  readonly steps?: readonly string[];
}

/** Base importance per type; plain text without a type starts at {@linkcode TEXT_BASE}. */
export const TYPE_BASE: Readonly<Record<MemoryType, number>> = {
  identity: 7,
  convention: 7,
  decision: 7,
  preference: 6,
  procedure: 6,
  project: 6,
  entity: 5,
  snippet: 5,
  fact: 5,
  episode: 4,
  profile: 8,
};

/** Base importance of untyped text. */
export const TEXT_BASE = 4;

const HIGH_STAKES =
  /\b(?:prod(?:uction)?|secrets?|passwords?|credentials?|security|data loss|customers?|outage|incident|payments?|billing|migrations?|backups?|irreversible|destructive|force[- ]push)\b/i;

/**
 * Rates how important a memory is, 1 (mundane) to 10 (pivotal). `signals` are the gate's
 * (`cue:*`, `decision:*`, `error:*`, `fix:fix`, `chatter`, `ack`, `duplicate`, `explicit`);
 * each feature counts once whether it comes from the text or from a signal.
 *
 * @example Usage
 * ```ts
 * import { importance } from "./importance.ts";
 * import { ok } from "node:assert/strict";
 *
 * const rule = importance({ type: "convention", content: "Never force-push to main." });
 * const chatter = importance("Let me look at that file.");
 * ok(rule >= 8 && chatter <= 2);
 * ```
 */
export function importance(
  candidateOrText: string | ImportanceInput,
  signals: readonly string[] = [],
): number {
  const input = typeof candidateOrText === "string"
    ? { content: candidateOrText }
    : candidateOrText;
  const text = input.content;
  const has = (prefix: string) => signals.some((s) => s === prefix || s.startsWith(`${prefix}:`));

  let score = input.type ? TYPE_BASE[input.type] : TEXT_BASE;
  const cues = new Set(matchingCues(text, MEMORY_CUES));
  for (const signal of signals) if (signal.startsWith("cue:")) cues.add(signal.slice(4));
  score += Math.min(2, cues.size);
  if (
    input.type !== "decision" && (matchingCues(text, DECISION_CUES).length > 0 || has("decision"))
  ) score += 1;
  const failing = matchingCues(text, ERROR_CUES).length > 0 || has("error");
  const fixed = matchingCues(text, FIX_CUES).includes("fix") || signals.includes("fix:fix");
  if (failing) score += 0.5;
  if (fixed) score += 1;
  if ((input.triggers?.length ?? 0) > 0) score += 1;
  if ((input.steps?.length ?? 0) >= 3) score += 0.5;
  const entities = input.entities?.length ?? findEntities(text).length;
  score += entities >= 4 ? 1 : entities >= 2 ? 0.5 : 0;
  if (HIGH_STAKES.test(text)) score += 1;
  if (has("explicit")) score += 1;

  if (isAcknowledgement(text) || has("ack")) score -= 3;
  else if (isChatter(text) || has("chatter")) score -= 2;
  if (/\?\s*$/.test(text.trim())) score -= 1;
  if (wordCount(text) < 4) score -= 1;
  if (has("duplicate")) score -= 1;
  return Math.round(Math.min(IMPORTANCE_MAX, Math.max(IMPORTANCE_MIN, score)));
}

/** Options for {@linkcode createImportanceCache}. */
export interface ImportanceCacheOptions {
  /** Most entries kept; the least recently used goes first. @default {10000} */
  readonly capacity?: number;
}

/** A memo of {@linkcode importance} keyed by a hash of content and type. */
export interface ImportanceCache {
  /** The importance, computed once per distinct input. */
  importance(candidateOrText: string | ImportanceInput, signals?: readonly string[]): number;
  /** Entries held. */
  readonly size: number;
  /** Lookups answered from the cache. */
  readonly hits: number;
  /** Lookups that computed. */
  readonly misses: number;
  /** Drops every entry. */
  clear(): void;
}

/**
 * A bounded LRU cache in front of {@linkcode importance}, so a repeated candidate (the same
 * content and type, the same signals) is rated once.
 *
 * @example Usage
 * ```ts
 * import { createImportanceCache } from "./importance.ts";
 * import { equal } from "node:assert/strict";
 *
 * const cache = createImportanceCache({ capacity: 2 });
 * const a = cache.importance({ type: "decision", content: "We switched CI to GitHub Actions." });
 * equal(cache.importance({ type: "decision", content: "We switched CI to GitHub Actions." }), a);
 * equal(cache.hits, 1);
 * ```
 */
export function createImportanceCache(options: ImportanceCacheOptions = {}): ImportanceCache {
  const { capacity = 10_000 } = options;
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(
      `Cannot create importance cache: capacity must be a positive integer, current value is ${capacity}`,
    );
  }
  const entries = new Map<string, number>();
  let hits = 0;
  let misses = 0;
  return {
    importance(candidateOrText, signals = []) {
      const input = typeof candidateOrText === "string"
        ? { content: candidateOrText }
        : candidateOrText;
      const key = hashKey(
        [
          input.type ?? "",
          input.content,
          input.entities?.length ?? "",
          input.triggers?.length ?? 0,
          input.steps?.length ?? 0,
          [...signals].sort().join(","),
        ].join("\u0000"),
      );
      const cached = entries.get(key);
      if (cached !== undefined) {
        hits++;
        entries.delete(key); // re-insert: most recently used last
        entries.set(key, cached);
        return cached;
      }
      misses++;
      const value = importance(input, signals);
      if (entries.size >= capacity) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
    get size() {
      return entries.size;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * A 64-bit non-cryptographic key: two FNV-1a lanes over the UTF-16 code units, with
 * different offset bases, as hex. Collisions among 10,000 entries are vanishingly unlikely,
 * and one would only misreport an importance, never lose data.
 */
function hashKey(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (a >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}
