/**
 * The BM25 channel over FTS5, built to stay fast at 10^5 memories.
 *
 * FTS5 computes bm25() for every row that matches before it can sort, so cost grows with
 * the posting lists of the query's terms. Two measures keep it bounded (measured on a
 * 10^5-memory synthetic strand: 42 ms → 3–4 ms per query):
 *
 * - **Filters inside FTS5.** Each row's `fts_key` column holds tokens for its scope, status
 *   and type (`ftsKey`), and the query ANDs the visible ones, so only visible rows
 *   are scored. Validity (and anything else) is checked afterwards on the few top rows.
 * - **Cost-based term skipping.** Query words are stemmed by FTS5's own tokenizer (a temp
 *   FTS5 table), their document frequencies read from an `fts5vocab` table (cached), and the
 *   rarest terms are kept while their posting lists total at most
 *   {@linkcode POSTINGS_BUDGET}; the rarest term is kept even past the budget unless it is in
 *   more than half the strand (zero IDF: it cannot change bm25's order). A term in tens of
 *   thousands of memories adds little to bm25 and most of its cost. Small strands never
 *   reach the budget, so nothing is skipped there. Skipped terms are reported.
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { STATUSES } from "../model/types.ts";
import type { Store } from "./store.ts";
import { IN_LIST } from "./prepare.ts";
import { isVisible, type Visibility, type VisibilityFields } from "./visibility.ts";
import { queryWords, quote, scopeToken } from "./keyword_terms.ts";

/** Most postings (summed document frequencies) a query's kept terms may have. */
export const POSTINGS_BUDGET = 25_000;

/** Stems whose document frequency is remembered (a long-running server sees many). */
const FREQUENCY_CACHE = 20_000;

/** A keyword hit: `score` is SQLite's bm25() (lower is better, negative). */
export interface KeywordHit {
  readonly rid: number;
  readonly score: number;
}

/** The outcome of a keyword lookup. */
export interface KeywordResult {
  readonly hits: KeywordHit[];
  /** Query words left out because their posting lists were too long, with document counts. */
  readonly skipped: ReadonlyArray<{ readonly word: string; readonly documents: number }>;
}

/** BM25 candidates with per-connection helpers (a temp tokenizer table, a frequency cache). */
export class KeywordIndex {
  readonly #db: DatabaseSync;
  #statements: {
    tokenize: StatementSync;
    terms: StatementSync;
    clear: StatementSync;
    frequency: StatementSync;
    size: StatementSync;
    ranked: StatementSync;
    fields: StatementSync;
  } | undefined;
  /** Document frequency per stem; bounded, oldest entries dropped first. */
  readonly #frequency = new Map<string, { documents: number; size: number }>();

  /** Creates the channel over an open strand. */
  constructor(store: Store) {
    this.#db = store.db;
  }

  /**
   * The best `limit` visible memories for `query` by bm25 (content weight 1, tags 0.5).
   * `maxTerms` keeps only that many of the rarest query words: enough to find a memory's
   * near-duplicates from its whole text, at a fraction of the cost of every word.
   */
  candidates(
    query: string,
    visibility: Visibility,
    limit: number,
    options: { maxTerms?: number } = {},
  ): KeywordResult {
    const words = queryWords(query);
    if (words.length === 0) return { hits: [], skipped: [] };
    const { kept, skipped } = this.#affordable(words, options.maxTerms ?? words.length);
    if (kept.length === 0) return { hits: [], skipped };
    const filters = [`{content tags} : (${kept.map(quote).join(" OR ")})`];
    if (visibility.scopes !== "all") {
      filters.push(`fts_key : (${visibility.scopes.map(scopeToken).join(" OR ")})`);
    }
    if (visibility.types?.length) {
      filters.push(`fts_key : (${visibility.types.map((t) => `ty${t}0`).join(" OR ")})`);
    }
    // Statuses are excluded rather than included: the hidden ones (forgotten, archived…) are
    // few, while "active" covers nearly every row and would cost a full posting-list walk.
    const hidden = STATUSES.filter((s) => !visibility.statuses.includes(s));
    const match = `(${filters.join(" AND ")})` +
      (hidden.length ? ` NOT fts_key : (${hidden.map((s) => `st${s}0`).join(" OR ")})` : "");
    const { ranked } = this.#prepare();
    // FTS5 filters scope, status and type; validity is checked on the top rows afterwards,
    // fetching more in the rare case that too many of them fail it.
    for (let fetch = limit * 2;; fetch *= 8) {
      const rows = ranked.all(match, fetch) as Array<{ rid: number; score: number }>;
      const visible = this.#visibleRows(rows, visibility);
      if (visible.length >= limit || rows.length < fetch) {
        return { hits: visible.slice(0, limit), skipped };
      }
    }
  }

  /** The rows that pass the whole visibility rule (FTS5 already applied scope, status, type). */
  #visibleRows(rows: Array<{ rid: number; score: number }>, visibility: Visibility): KeywordHit[] {
    if (rows.length === 0) return [];
    const fields = new Map(
      (this.#prepare().fields.all(JSON.stringify(rows.map((r) => r.rid))) as unknown as Array<
        VisibilityFields & { rid: number }
      >).map((f) => [f.rid, f]),
    );
    return rows.filter((r) => {
      const f = fields.get(r.rid);
      return f !== undefined && isVisible(visibility, f);
    }).map((r) => ({ rid: r.rid, score: r.score }));
  }

  /** Keeps the rarest query terms within the postings budget (always at least one). */
  #affordable(
    words: string[],
    maxTerms: number,
  ): { kept: string[]; skipped: Array<{ word: string; documents: number }> } {
    const s = this.#prepare();
    for (const [i, word] of words.entries()) s.tokenize.run(i + 1, word);
    const stems = new Map<number, string[]>();
    for (const row of s.terms.all() as { doc: number; term: string }[]) {
      stems.set(row.doc, [...(stems.get(row.doc) ?? []), row.term]);
    }
    s.clear.run();
    const size = (s.size.get() as { n: number | null }).n ?? 0;
    const costed = words.map((word, i) => ({
      word,
      documents: Math.max(
        0,
        ...(stems.get(i + 1) ?? []).map((stem) => this.#documents(stem, size)),
      ),
    })).sort((a, b) => a.documents - b.documents || (a.word < b.word ? -1 : 1));
    const kept: string[] = [];
    const skipped: Array<{ word: string; documents: number }> = [];
    let postings = 0;
    for (const term of costed) {
      // A term no memory holds matches nothing: it must not take the place of one that does.
      if (term.documents === 0) continue;
      // A term in more than half the strand has zero IDF in bm25: on a large strand it costs
      // a walk of its whole posting list and cannot change the order, so it is left out.
      const useless = term.documents > size / 2 && term.documents > POSTINGS_BUDGET;
      const affordable = kept.length === 0 ||
        (kept.length < maxTerms && postings + term.documents <= POSTINGS_BUDGET);
      if (!useless && affordable) {
        kept.push(term.word);
        postings += term.documents;
      } else {
        skipped.push(term);
      }
    }
    return { kept, skipped };
  }

  /** Documents containing `stem`, cached until the strand grows or shrinks by 5 %. */
  #documents(stem: string, size: number): number {
    const cached = this.#frequency.get(stem);
    if (cached && Math.abs(size - cached.size) <= cached.size * 0.05) return cached.documents;
    const row = this.#prepare().frequency.get(stem) as { doc: number } | undefined;
    const documents = row?.doc ?? 0;
    this.#frequency.delete(stem);
    if (this.#frequency.size >= FREQUENCY_CACHE) {
      this.#frequency.delete(this.#frequency.keys().next().value!);
    }
    this.#frequency.set(stem, { documents, size });
    return documents;
  }

  #prepare() {
    if (this.#statements) return this.#statements;
    const db = this.#db;
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_words
        USING fts5(word, tokenize = 'porter unicode61 remove_diacritics 2');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.query_stems USING fts5vocab(temp, query_words, instance);
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.memory_terms USING fts5vocab(main, memories_fts, row);
    `);
    this.#statements = {
      tokenize: db.prepare("INSERT INTO temp.query_words (rowid, word) VALUES (?, ?)"),
      terms: db.prepare("SELECT doc, term FROM temp.query_stems ORDER BY doc, offset"),
      clear: db.prepare("DELETE FROM temp.query_words"),
      frequency: db.prepare("SELECT doc FROM temp.memory_terms WHERE term = ?"),
      size: db.prepare("SELECT max(rid) AS n FROM memories"),
      ranked: db.prepare(
        `SELECT rowid AS rid, bm25(memories_fts, 1.0, 0.5, 0.0) AS score FROM memories_fts
         WHERE memories_fts MATCH ? ORDER BY score, rowid LIMIT ?`,
      ),
      fields: db.prepare(
        `SELECT rid, scope, status, type, valid_from AS validFrom, valid_to AS validTo
         FROM memories WHERE rid IN ${IN_LIST}`,
      ),
    };
    return this.#statements;
  }
}
