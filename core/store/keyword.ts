/**
 * The BM25 channel over FTS5, built to stay fast at 10^5 and 10^6 memories.
 *
 * FTS5 computes bm25() for every row that matches before it can sort, so cost grows with
 * the posting lists of the query's terms. Three measures keep it bounded (measured on a
 * 10^5-memory synthetic strand: 42 ms → 3–4 ms per query; at 10^6 see keyword_plan.ts):
 *
 * - **Filters inside FTS5.** Each row's `fts_key` column holds tokens for its scope, status
 *   and type (`ftsKey`), and the query ANDs the visible ones, so only visible rows
 *   are scored. Validity (and anything else) is checked afterwards on the few top rows. A
 *   scope too large for its token to be walked cheaply is filtered afterwards instead
 *   (`keyword_plan.ts`), so the cost does not grow with the scope.
 * - **Cost-based term skipping.** Query words are stemmed by FTS5's own tokenizer (a temp
 *   FTS5 table), their document frequencies read from an `fts5vocab` table (cached), and the
 *   rarest terms are kept while their posting lists total at most
 *   {@linkcode POSTINGS_BUDGET}; the rarest term is kept even past the budget unless it is in
 *   more than half the strand (zero IDF: it cannot change bm25's order) or in more than
 *   {@linkcode WALK_CAP} memories. A term in tens of thousands of memories adds little to
 *   bm25 and most of its cost. Small strands never reach the budget, so nothing is skipped
 *   there. Skipped terms are reported.
 * - **A window of the newest memories** when a query would still score more rows than
 *   `SCORED_ROWS` (`keyword_plan.ts`).
 *
 * @module
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { STATUSES } from "../model/types.ts";
import type { Store } from "./store.ts";
import { IN_LIST } from "./prepare.ts";
import { isVisible, type Visibility, type VisibilityFields } from "./visibility.ts";
import { queryWords, quote, scopeToken } from "./keyword_terms.ts";
import { type KeywordPlan, type PlanInput, planKeywordQuery, widerWindow } from "./keyword_plan.ts";

/** Most postings (summed document frequencies) a query's kept terms may have. */
export const POSTINGS_BUDGET = 25_000;

/**
 * Most documents a kept term may be in, even the rarest of a query (about 3.5 ms of posting
 * walk on a strand of 10^6 memories). Only strands of more than 200,000 memories reach it.
 */
export const WALK_CAP = 100_000;

/** Stems whose document frequency is remembered (a long-running server sees many). */
const FREQUENCY_CACHE = 20_000;

/** Words whose FTS5 stems are remembered (the tokenizer's output never changes). */
const STEM_CACHE = 20_000;

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
    rankedFrom: StatementSync;
    fields: StatementSync;
  } | undefined;
  /** Document frequency per stem; bounded, oldest entries dropped first. */
  readonly #frequency = new Map<string, { documents: number; size: number }>();
  /** FTS5 stems per query word; bounded, oldest entries dropped first. */
  readonly #stems = new Map<string, readonly string[]>();

  readonly #plan: (input: PlanInput) => KeywordPlan;

  /**
   * Creates the channel over an open strand. `plan` replaces {@linkcode planKeywordQuery}
   * (tests use it to run the paths only large strands take).
   */
  constructor(store: Store, options: { plan?: (input: PlanInput) => KeywordPlan } = {}) {
    this.#db = store.db;
    this.#plan = options.plan ?? planKeywordQuery;
  }

  /**
   * The best `limit` visible memories for `query` by bm25 (content weight 1, tags 0.5).
   * `maxTerms` keeps only that many of the rarest query words: enough to find a memory's
   * near-duplicates from its whole text, at a fraction of the cost of every word.
   * `postings` lowers {@linkcode POSTINGS_BUDGET} for a cheaper, looser lookup, and binds even
   * the rarest term (which is otherwise kept past the budget).
   */
  candidates(
    query: string,
    visibility: Visibility,
    limit: number,
    options: { maxTerms?: number; postings?: number } = {},
  ): KeywordResult {
    const words = queryWords(query);
    if (words.length === 0) return { hits: [], skipped: [] };
    const { kept, skipped, postings, size } = this.#affordable(
      words,
      options.maxTerms ?? words.length,
      options.postings,
    );
    if (kept.length === 0) return { hits: [], skipped };
    const scopes = visibility.scopes;
    const plan = this.#plan({
      postings,
      scopeDocs: scopes === "all"
        ? null
        : scopes.reduce((sum, scope) => sum + this.#documents(scopeToken(scope), size), 0),
      size,
      limit,
    });
    const terms = `{content tags} : (${kept.map(quote).join(" OR ")})`;
    let inside = plan.scopeInside;
    const run = (from: number): KeywordHit[] => {
      const share = inside ? 1 : plan.share;
      const hits = this.#ranked(this.#match(terms, visibility, inside), visibility, {
        limit,
        share,
        from,
      });
      if (hits !== null) return hits;
      // The scope's memories were too rare among the top rows: filter inside FTS5 after all.
      inside = true;
      return run(from);
    };
    let hits = run(plan.from);
    // A window of the newest memories that held too few visible rows is widened.
    for (let from = plan.from; hits.length < limit && from > 0;) {
      from = widerWindow(from, size);
      hits = run(from);
    }
    return { hits, skipped };
  }

  /**
   * How many memories hold each of `words` (by its FTS5 stem; the most of its stems), and the
   * strand's size (its highest row id): the document frequencies pseudo-relevance feedback
   * weighs candidate terms by. Cached like the BM25 channel's own.
   */
  documentCounts(words: readonly string[]): { documents: Map<string, number>; size: number } {
    const s = this.#prepare();
    const stems = this.#stemsOf(words);
    const size = (s.size.get() as { n: number | null }).n ?? 0;
    const documents = new Map(words.map((word) => [
      word,
      Math.max(0, ...stems.get(word)!.map((stem) => this.#documents(stem, size))),
    ]));
    return { documents, size };
  }

  /**
   * The FTS5 stems of each of `words`, from FTS5's own tokenizer (a temp FTS5 table) for the
   * words not seen before: a write's neighbour lookup tokenized some 25 words that way on every
   * call (~0.4 ms at 10^5 memories), and the stems of a word never change.
   */
  #stemsOf(words: readonly string[]): Map<string, readonly string[]> {
    const out = new Map<string, readonly string[]>();
    const fresh: string[] = [];
    for (const word of words) {
      const known = this.#stems.get(word);
      if (known) out.set(word, known);
      else if (!out.has(word)) {
        out.set(word, []);
        fresh.push(word);
      }
    }
    if (fresh.length === 0) return out;
    const s = this.#prepare();
    for (const [i, word] of fresh.entries()) s.tokenize.run(i + 1, word);
    const found = new Map<number, string[]>();
    for (const row of s.terms.all() as { doc: number; term: string }[]) {
      found.set(row.doc, [...(found.get(row.doc) ?? []), row.term]);
    }
    s.clear.run();
    for (const [i, word] of fresh.entries()) {
      const stems = found.get(i + 1) ?? [];
      out.set(word, stems);
      if (this.#stems.size >= STEM_CACHE) this.#stems.delete(this.#stems.keys().next().value!);
      this.#stems.set(word, stems);
    }
    return out;
  }

  /** The FTS5 query: the terms, with the scope and type filters when `inside`, minus hidden statuses. */
  #match(terms: string, visibility: Visibility, inside: boolean): string {
    const filters = [terms];
    if (inside && visibility.scopes !== "all") {
      filters.push(`fts_key : (${visibility.scopes.map(scopeToken).join(" OR ")})`);
    }
    if (inside && visibility.types?.length) {
      filters.push(`fts_key : (${visibility.types.map((t) => `ty${t}0`).join(" OR ")})`);
    }
    // Statuses are excluded rather than included: the hidden ones (forgotten, archived…) are
    // few, while "active" covers nearly every row and would cost a full posting-list walk.
    const hidden = STATUSES.filter((s) => !visibility.statuses.includes(s));
    return `(${filters.join(" AND ")})` +
      (hidden.length ? ` NOT fts_key : (${hidden.map((s) => `st${s}0`).join(" OR ")})` : "");
  }

  /**
   * The best `limit` visible rows for `match`, scoring only row ids from `from`: fetches the
   * top rows by bm25 (over-fetching by 1 / `share` for filters applied afterwards) and checks
   * the whole visibility rule on them, fetching more in the rare case that too many fail it.
   * Null when filters applied afterwards (`share` < 1) left too few rows: over-fetching more
   * would cost more than filtering inside FTS5.
   */
  #ranked(
    match: string,
    visibility: Visibility,
    { limit, share, from }: { limit: number; share: number; from: number },
  ): KeywordHit[] | null {
    const { ranked, rankedFrom } = this.#prepare();
    const first = Math.ceil((limit * 2) / share);
    for (let fetch = first;; fetch *= 8) {
      const rows =
        (from > 0 ? rankedFrom.all(match, from, fetch) : ranked.all(match, fetch)) as Array<
          { rid: number; score: number }
        >;
      const visible = this.#visibleRows(rows, visibility);
      if (visible.length >= limit || rows.length < fetch) return visible.slice(0, limit);
      if (share < 1) return null;
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
    strictBudget: number | undefined,
  ): {
    kept: string[];
    skipped: Array<{ word: string; documents: number }>;
    postings: number;
    size: number;
  } {
    const { documents, size } = this.documentCounts(words);
    const costed = words.map((word) => ({ word, documents: documents.get(word)! })).sort((a, b) =>
      a.documents - b.documents || (a.word < b.word ? -1 : 1)
    );
    const kept: string[] = [];
    const skipped: Array<{ word: string; documents: number }> = [];
    let postings = 0;
    for (const term of costed) {
      // A term no memory holds matches nothing: it must not take the place of one that does.
      if (term.documents === 0) continue;
      // A term in more than half the strand has zero IDF in bm25: on a large strand it costs
      // a walk of its whole posting list and cannot change the order, so it is left out; so
      // is one in more than WALK_CAP memories, whose walk alone (bm25 counts its documents
      // on every query) would cost milliseconds for an IDF of at most log(9).
      const useless = term.documents > POSTINGS_BUDGET &&
        (term.documents > size / 2 || term.documents > WALK_CAP);
      // A strict budget (a looser lookup's) binds the rarest term too.
      const budget = Math.min(strictBudget ?? POSTINGS_BUDGET, POSTINGS_BUDGET);
      const affordable = (kept.length === 0 && strictBudget === undefined) ||
        (kept.length < maxTerms && postings + term.documents <= budget);
      if (!useless && affordable) {
        kept.push(term.word);
        postings += term.documents;
      } else {
        skipped.push(term);
      }
    }
    return { kept, skipped, postings, size };
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
      rankedFrom: db.prepare(
        `SELECT rowid AS rid, bm25(memories_fts, 1.0, 0.5, 0.0) AS score FROM memories_fts
         WHERE memories_fts MATCH ? AND rowid >= ? ORDER BY score, rowid LIMIT ?`,
      ),
      fields: db.prepare(
        `SELECT rid, scope, status, type, valid_from AS validFrom, valid_to AS validTo
         FROM memories WHERE rid IN ${IN_LIST}`,
      ),
    };
    return this.#statements;
  }
}
