/**
 * Importance 1–10 of a candidate, rated by the heuristic of `importance_rules.ts` and cached
 * by content and type: a repeated candidate is rated once.
 *
 * @module
 */
import { importance, type ImportanceInput } from "./importance_rules.ts";

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
