/**
 * Where the optional LLM extractor keeps its response cache and its monthly token spend:
 * the device-local `llm_cache` and `llm_usage` tables of a strand (migration 5), or a map in
 * memory for unit tests. Neither table is part of the op log: they never sync and never
 * reach an export.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import {
  addTokensSpent,
  cacheAnswer,
  cachedAnswer,
  tokensSpent,
} from "../store/queries/llm_ledger.ts";

/** Cache and budget storage for the LLM extractor (`createLlmExtractor` in `llm.ts`). */
export interface LlmLedger {
  /** The cached response stored under `key`, if any. */
  get(key: string): string | undefined;
  /** Stores (or replaces) a response with the tokens it cost and when (epoch ms). */
  put(key: string, value: string, tokens: number, at: number): void;
  /** Tokens spent in `month` (`YYYY-MM`, UTC); 0 when nothing was recorded. */
  spent(month: string): number;
  /** Adds `tokens` to `month`'s spend. */
  spend(month: string, tokens: number): void;
}

/**
 * The budget month of an instant: `YYYY-MM` in UTC.
 *
 * @example Usage
 * ```ts
 * import { usageMonth } from "./ledger.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(usageMonth(Date.UTC(2026, 10, 30, 23, 59)), "2026-11");
 * equal(usageMonth(Date.UTC(2026, 11, 1)), "2026-12");
 * ```
 */
export function usageMonth(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function assertTokens(tokens: number): void {
  if (!Number.isFinite(tokens) || tokens < 0) {
    throw new RangeError(`tokens must be a finite number >= 0, got ${tokens}`);
  }
}

/**
 * A ledger held in memory, for tests and for callers without a strand.
 *
 * @example Usage
 * ```ts
 * import { createMemoryLedger } from "./ledger.ts";
 * import { equal } from "node:assert/strict";
 *
 * const ledger = createMemoryLedger();
 * ledger.put("k", "[]", 12, 0);
 * ledger.spend("2026-11", 12);
 * ledger.spend("2026-11", 3);
 * equal(ledger.get("k"), "[]");
 * equal(ledger.spent("2026-11"), 15);
 * equal(ledger.spent("2026-12"), 0);
 * ```
 */
export function createMemoryLedger(): LlmLedger {
  const cache = new Map<string, string>();
  const usage = new Map<string, number>();
  return {
    get: (key) => cache.get(key),
    put(key, value, tokens) {
      assertTokens(tokens);
      cache.set(key, value);
    },
    spent: (month) => usage.get(month) ?? 0,
    spend(month, tokens) {
      assertTokens(tokens);
      usage.set(month, (usage.get(month) ?? 0) + Math.ceil(tokens));
    },
  };
}

/**
 * A ledger over the `llm_cache` and `llm_usage` tables of an open strand database (created
 * by migration 5; the queries are `store/queries/llm_ledger.ts`). Creating it never touches
 * the database.
 *
 * @example Usage
 * ```ts
 * import { DatabaseSync } from "node:sqlite";
 * import { createSqliteLedger } from "./ledger.ts";
 * import { equal } from "node:assert/strict";
 *
 * const db = new DatabaseSync(":memory:");
 * db.exec(`CREATE TABLE llm_cache (key TEXT PRIMARY KEY, value TEXT NOT NULL,
 *            tokens INTEGER NOT NULL, created_at INTEGER NOT NULL) STRICT;
 *          CREATE TABLE llm_usage (month TEXT PRIMARY KEY, tokens INTEGER NOT NULL) STRICT;`);
 * const ledger = createSqliteLedger(db);
 * ledger.put("k", '{"a":1}', 40, Date.UTC(2026, 10, 22));
 * ledger.spend("2026-11", 40);
 * equal(ledger.get("k"), '{"a":1}');
 * equal(ledger.spent("2026-11"), 40);
 * db.close();
 * ```
 */
export function createSqliteLedger(db: DatabaseSync): LlmLedger {
  return {
    get: (key) => cachedAnswer(db, key),
    put(key, value, tokens, at) {
      assertTokens(tokens);
      cacheAnswer(db, key, value, Math.ceil(tokens), Math.trunc(at));
    },
    spent: (month) => tokensSpent(db, month),
    spend(month, tokens) {
      assertTokens(tokens);
      addTokensSpent(db, month, Math.ceil(tokens));
    },
  };
}
