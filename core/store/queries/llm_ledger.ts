/**
 * The LLM ledger's queries: the device-local `llm_cache` (answers by key) and `llm_usage`
 * (tokens per month) tables of a strand (migration 5). Neither is part of the op log. Each
 * call is one statement, so it is safe beside other writers of the same file; statements are
 * prepared on first use and cached per connection.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";

const statements = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

function prepared(db: DatabaseSync, sql: string): StatementSync {
  let cache = statements.get(db);
  if (!cache) statements.set(db, cache = new Map());
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, statement = db.prepare(sql));
  return statement;
}

/** The answer cached under `key`, if any. */
export function cachedAnswer(db: DatabaseSync, key: string): string | undefined {
  const row = prepared(db, "SELECT value FROM llm_cache WHERE key = ?").get(key) as
    | { value: string }
    | undefined;
  return row?.value;
}

/** Stores (or replaces) the answer under `key` with the whole tokens it cost and when (epoch ms). */
export function cacheAnswer(
  db: DatabaseSync,
  key: string,
  value: string,
  tokens: number,
  at: number,
): void {
  prepared(
    db,
    `INSERT INTO llm_cache (key, value, tokens, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, tokens = excluded.tokens,
       created_at = excluded.created_at`,
  ).run(key, value, tokens, at);
}

/** Tokens spent in `month` (`YYYY-MM`); 0 when nothing was recorded. */
export function tokensSpent(db: DatabaseSync, month: string): number {
  const row = prepared(db, "SELECT tokens FROM llm_usage WHERE month = ?").get(month) as
    | { tokens: number }
    | undefined;
  return row?.tokens ?? 0;
}

/** Adds whole `tokens` to `month`'s spend, in SQL (never read-modified-written). */
export function addTokensSpent(db: DatabaseSync, month: string, tokens: number): void {
  prepared(
    db,
    `INSERT INTO llm_usage (month, tokens) VALUES (?, ?)
     ON CONFLICT (month) DO UPDATE SET tokens = tokens + excluded.tokens`,
  ).run(month, tokens);
}
