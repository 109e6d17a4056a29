/**
 * The partial-identifier channel's lookup: a query word finds the compound identifiers it is
 * part of (`mongo` → `MongoDB` through the part `~mongo`, `session` → `useSessionStore`) and
 * the whole tokens it begins (`batch_alter` → `op.batch_alter_table`). Hits are weighted by
 * rarity like the exact channel's (`1/log2(1+df)`), filtered by one {@linkcode Visibility}.
 *
 * @module
 */
import { PART_MARK } from "./part_tokens.ts";
import type { Store } from "./store.ts";
import { type Visibility, visibilitySql } from "./visibility.ts";

/** A partial hit: the index tokens it matched (parts keep their `~`), weighted by rarity. */
export interface PartialHit {
  readonly rid: number;
  readonly tokens: readonly string[];
  readonly score: number;
}

/** Shortest query word looked up as a prefix of whole tokens. */
export const PREFIX_MIN = 4;
/** Whole tokens one prefix may expand to, at most (the first in token order). */
const PREFIX_TOKENS = 4;
/** A plain word: letters and digits only. */
const PLAIN = /^[\p{L}\p{N}]+$/u;
/** Memories credited per token. */
const PER_TOKEN = 200;
/** Document frequencies are counted up to here. */
const DF_CAP = 1_000;

/**
 * Memories whose identifiers contain `words` as parts or begin with them, best first. `words`
 * are lowercase query words (stop words already out) and the query's own identifiers. A plain
 * word finds the longer identifiers it begins only where a letter or digit follows it
 * (`mongo` → `mongodb`, not `billing` → `billing-svc`: the word index has that one already).
 */
export function partialCandidates(
  store: Store,
  words: readonly string[],
  visibility: Visibility,
  limit: number,
): PartialHit[] {
  if (words.length === 0) return [];
  const frequency = store.prepare(
    `SELECT count(*) AS n FROM (SELECT 1 FROM memory_tokens WHERE token = ? LIMIT ${DF_CAP})`,
  );
  const prefixed = store.prepare(
    `SELECT DISTINCT token FROM memory_tokens WHERE token > ? AND token < ?
     ORDER BY token LIMIT ${PREFIX_TOKENS}`,
  );
  const filter = visibilitySql(visibility, "m");
  const lookup = store.prepare(
    `SELECT t.rid AS rid FROM memory_tokens t JOIN memories m ON m.rid = t.rid
     WHERE t.token = ? AND ${filter.sql} ORDER BY t.rid DESC LIMIT ${PER_TOKEN}`,
  );
  const hits = new Map<number, { tokens: string[]; score: number }>();
  for (const word of new Set(words)) {
    const tokens = [`${PART_MARK}${word}`];
    if (word.length >= PREFIX_MIN) {
      // Whole tokens that begin with the word but are longer (the word itself is the exact
      // channel's): `mongo` → `mongodb`, `batch_alter` → `batch_alter_table`.
      tokens.push(
        ...(prefixed.all(word, `${word}\u{10ffff}`) as { token: string }[]).map((r) => r.token)
          .filter((t) => !PLAIN.test(word) || /^[\p{L}\p{N}]/u.test(t.slice(word.length))),
      );
    }
    // One word counts once per memory, through its rarest token.
    const best = new Map<number, { token: string; weight: number }>();
    for (const token of tokens) {
      const df = (frequency.get(token) as { n: number }).n;
      if (df === 0) continue;
      const weight = 1 / Math.log2(1 + df);
      for (const { rid } of lookup.all(token, ...filter.params) as { rid: number }[]) {
        if ((best.get(rid)?.weight ?? 0) < weight) best.set(rid, { token, weight });
      }
    }
    for (const [rid, { token, weight }] of best) {
      const hit = hits.get(rid) ?? { tokens: [], score: 0 };
      hit.tokens.push(token);
      hit.score += weight;
      hits.set(rid, hit);
    }
  }
  return [...hits.entries()]
    .map(([rid, hit]) => ({ rid, tokens: hit.tokens, score: hit.score }))
    .sort((a, b) => b.score - a.score || a.rid - b.rid)
    .slice(0, limit);
}
