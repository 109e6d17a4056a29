/**
 * Token counting for budgets, with a real BPE tokenizer (`cl100k_base` from gpt-tokenizer),
 * not characters divided by four. No agent vendor publishes its tokenizer for local use;
 * cl100k_base is a common BPE of the same family and takes ~40 MB resident (o200k_base
 * took ~53 MB). Loaded on first use so opening a strand stays fast.
 *
 * @module
 */

/** Name of the tokenizer budgets are counted in. */
export const TOKENIZER = "cl100k_base";

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;
const CACHE_SIZE = 20_000;

/**
 * The shared token counter (loads the tokenizer once, ~100 ms).
 *
 * @example Usage
 * ```ts
 * import { tokenCounter } from "./tokens.ts";
 * import { equal } from "node:assert/strict";
 *
 * const count = await tokenCounter();
 * equal(count("hello world"), 2);
 * ```
 */
export function tokenCounter(): Promise<TokenCounter> {
  loading ??= import("gpt-tokenizer/encoding/cl100k_base").then((module) => {
    // The same memory lines are counted again on every context pack: remember recent counts.
    const cache = new Map<string, number>();
    return (text: string) => {
      const hit = cache.get(text);
      if (hit !== undefined) return hit;
      const count = module.countTokens(text);
      if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(text, count);
      return count;
    };
  });
  return loading;
}
