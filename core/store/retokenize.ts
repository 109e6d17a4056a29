/**
 * Rebuilding the exact-token index (`memory_tokens`) of every memory from its content, for a
 * schema migration after the token rules change (`exact_tokens.ts`). The fold writes the same
 * tokens through `memory_rows.ts`, so a rebuild from the log agrees with a retokenized strand.
 *
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { exactTokens } from "./exact_tokens.ts";
import { partTokens } from "./part_tokens.ts";

/** What `memory_tokens` holds for a memory: its exact tokens, then its identifier parts. */
export function indexTokens(content: string): string[] {
  return [...exactTokens(content), ...partTokens(content)];
}

/** Replaces every memory's exact tokens with what the current rules give; returns the count. */
export function retokenize(db: DatabaseSync): number {
  db.exec("DELETE FROM memory_tokens");
  const insert = db.prepare("INSERT OR IGNORE INTO memory_tokens (token, rid) VALUES (?, ?)");
  const rows = db.prepare("SELECT rid, content FROM memories ORDER BY rid").iterate() as Iterable<
    { rid: number; content: string }
  >;
  let memories = 0;
  for (const { rid, content } of rows) {
    for (const token of indexTokens(content)) insert.run(token, rid);
    memories++;
  }
  return memories;
}
