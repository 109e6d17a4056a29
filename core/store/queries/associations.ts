/**
 * The counts behind learned associations (`lifecycle/jobs/associate.ts`, `recall/learned.ts`):
 * per word, how many memories hold it (`term_counts`), per pair of words, how many hold both
 * (`term_pairs`, `a < b`), how many memories were counted, and the row id counting reached.
 * A local cache of what was written, like vectors: not state, not synced, never decremented
 * (a forgotten memory's words stay counted: the statistics are of what the user wrote).
 *
 * @module
 */
import { IN_LIST } from "../prepare.ts";
import { writeTransaction } from "../transaction.ts";
import type { Store } from "../store.ts";

const CURSOR = "associations_rid";
const COUNTED = "associations_docs";

/** The row id counting reached, and how many memories it counted. */
export function associationProgress(store: Pick<Store, "prepare">): { rid: number; docs: number } {
  const rows = store.prepare("SELECT name, value FROM counters WHERE name IN (?, ?)")
    .all(CURSOR, COUNTED) as { name: string; value: number }[];
  const of = (name: string) => rows.find((r) => r.name === name)?.value ?? 0;
  return { rid: of(CURSOR), docs: of(COUNTED) };
}

/** Active memories after row id `rid`, oldest first, at most `limit`. */
export function memoriesToCount(
  store: Pick<Store, "prepare">,
  rid: number,
  limit: number,
): { rid: number; content: string }[] {
  return store.prepare(
    `SELECT rid, content FROM memories WHERE rid > ? AND status = 'active' ORDER BY rid LIMIT ?`,
  ).all(rid, limit) as { rid: number; content: string }[];
}

/**
 * Counts `sets` (each memory's words) in one write transaction, and moves the cursor to `upTo`.
 */
export function countTerms(
  store: Pick<Store, "prepare" | "db">,
  sets: readonly (readonly string[])[],
  upTo: number,
): void {
  writeTransaction(store.db, "count associations", () => {
    const term = store.prepare(
      `INSERT INTO term_counts (term, df) VALUES (?, 1)
       ON CONFLICT (term) DO UPDATE SET df = df + 1`,
    );
    const pair = store.prepare(
      `INSERT INTO term_pairs (a, b, n) VALUES (?, ?, 1)
       ON CONFLICT (a, b) DO UPDATE SET n = n + 1`,
    );
    for (const set of sets) {
      const sorted = [...set].sort();
      for (const t of sorted) term.run(t);
      for (let i = 0; i < sorted.length; i++) {
        for (let j = i + 1; j < sorted.length; j++) pair.run(sorted[i]!, sorted[j]!);
      }
    }
    const counter = store.prepare(
      `INSERT INTO counters (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = value + excluded.value`,
    );
    counter.run(COUNTED, sets.length);
    store.prepare(
      `INSERT INTO counters (name, value) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
    ).run(CURSOR, upTo);
  });
}

/** How many counted memories hold each of `terms` (absent: none). */
export function termFrequencies(
  store: Pick<Store, "prepare">,
  terms: readonly string[],
): Map<string, number> {
  if (terms.length === 0) return new Map();
  const rows = store.prepare(`SELECT term, df FROM term_counts WHERE term IN ${IN_LIST}`)
    .all(JSON.stringify(terms)) as { term: string; df: number }[];
  return new Map(rows.map((r) => [r.term, r.df]));
}

/**
 * The words counted with `term` in at least `min` memories, with the count and their own
 * frequency, most shared first, at most `limit`.
 */
export function termPartners(
  store: Pick<Store, "prepare">,
  term: string,
  min: number,
  limit: number,
): { term: string; n: number; df: number }[] {
  return store.prepare(
    `SELECT p.other AS term, p.n AS n, c.df AS df FROM (
       SELECT b AS other, n FROM term_pairs WHERE a = ? AND n >= ?
       UNION ALL
       SELECT a AS other, n FROM term_pairs WHERE b = ? AND n >= ?
     ) p JOIN term_counts c ON c.term = p.other
     ORDER BY p.n DESC, p.other LIMIT ?`,
  ).all(term, min, term, min, limit) as { term: string; n: number; df: number }[];
}
