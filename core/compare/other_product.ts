/**
 * Another product of the same maker: what the change names as old shares the stored value's
 * maker word but is another product ("Expo push notifications replaced by OneSignal" after "The
 * mobile app uses Expo": Expo's push service, not the framework; "AWS Lambda functions were
 * replaced by Cloud Run" after "We use AWS"; "Google Tag Manager was replaced by Segment" after
 * "We use Google Analytics"). What ended is that product, so the stored fact about the maker's
 * other product stands. Two readings, both by structure:
 *
 * - the old value is the stored value with more words after it, and the lexicon reads the two
 *   into different slots (where it reads both into one, "GitHub Actions" / "GitHub Actions
 *   runners", the change stands);
 * - the old words share a maker word with the stored value and each side has a word of its own
 *   ("Google Tag Manager" / "Google Analytics");
 * - the stored value is followed by a word in capitals that goes on its name ("Redis Insight
 *   was replaced" after "We use Redis 7"), or by a possessive and another thing of the maker's
 *   ("Fly.io's Postgres offering was replaced" after "We deploy to Fly.io") when the team does
 *   not act too.
 *
 * A change that shares a subject word with the stored fact besides the value ("moved deploys
 * off AWS ECS" after "Deploys run on AWS") is about that subject, and stands; so does one that
 * names the stored value itself as old.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { stem, termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";
import { saidByUs } from "./ours.ts";

/** Whether `longer` is `shorter` with more words after it ("AWS Lambda" / "AWS"). */
function extended(longer: Value, shorter: Value): boolean {
  const [l, s] = [longer.text.toLowerCase(), shorter.text.toLowerCase()];
  return l !== s && longer.norm !== shorter.norm && l.startsWith(`${s} `);
}

/** The stems of a value's words. */
function stems(text: string): Set<string> {
  return new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).map(stem));
}

/** Whether the old value a change names (`from`, a stored value) is another product of its maker. */
export function otherProduct(from: string, incoming: Statement, stored: Statement): boolean {
  const kept = stored.values.filter((w) => w.text === from && w.slots.length > 0);
  if (kept.length === 0) return false;
  const old = incoming.values.filter((v) => v.tense === "old" || v.negated);
  const itself = old.filter((v) => kept.some((w) => v.norm === w.norm));
  // "Redis Insight was replaced": the name goes on with a product word in capitals.
  if (itself.length > 0) return itself.every((v) => productAfter(incoming, v, stored));
  if (sharesSubject(incoming, stored, kept)) return false;
  const named = old.filter((v) => kept.some((w) => extended(v, w)));
  if (named.length > 0) {
    return named.every((v) => kept.every((w) => !v.slots.some((s) => w.slots.includes(s))));
  }
  const words = [...incoming.oldWords];
  return old.length === 0 && kept.some((w) => {
    const own = stems(w.text);
    const shared = words.filter((x) => own.has(x));
    return shared.length > 0 && shared.length < own.size && shared.length < words.length;
  });
}

/** Whether the two share a subject word outside the stored value ("deploys" in both). */
function sharesSubject(incoming: Statement, stored: Statement, kept: readonly Value[]): boolean {
  const valueWords = new Set(kept.flatMap((w) => termsOf(w.text.toLowerCase())));
  return stored.terms.some((t) =>
    t.kind === "strong" && !valueWords.has(t.term) && incoming.words.has(t.term)
  );
}

/**
 * Whether the value is followed by a word in capitals that goes on its name ("Redis Insight",
 * "Slack Connect", "Redis Sentinel"): not a value of its own, not an acronym, not the stored
 * statement's.
 */
function productAfter(incoming: Statement, v: Value, stored: Statement): boolean {
  const tokens = tokensFor(incoming.text);
  const [last, next] = [tokens[v.end - 1], tokens[v.end]];
  if (!last || !next || next.kind !== "word" || !next.cap || next.clause !== last.clause) {
    return false;
  }
  // "Fly.io's Postgres offering was replaced by their managed Supabase": the maker's own
  // product, unless the team acts too ("Heroku's free tier ended, so we moved to Render").
  if (last.possessive) return !saidByUs(incoming.text) && !stored.words.has(next.lower);
  if (/^\p{Lu}+s?$/u.test(next.text)) return false;
  if (incoming.values.some((w) => w.start === v.end) || incoming.cues.cueTokens.has(v.end)) {
    return false;
  }
  return !tokensFor(stored.text).some((t) => t.lower === next.lower);
}
