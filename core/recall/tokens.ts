/**
 * Token counting for budgets, with a real BPE tokenizer (`o200k_base` from gpt-tokenizer),
 * not characters divided by four. Loaded on first use so opening a strand stays fast.
 *
 * @module
 */

/** Name of the tokenizer budgets are counted in. */
export const TOKENIZER = "o200k_base";

/** Counts the tokens of a text. */
export type TokenCounter = (text: string) => number;

let loading: Promise<TokenCounter> | undefined;

/**
 * The shared token counter (loads the tokenizer once, ~150 ms).
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
  loading ??= import("gpt-tokenizer").then((module) => (text: string) => module.countTokens(text));
  return loading;
}
