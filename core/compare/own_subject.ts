/**
 * What an incoming change statement names of its own, besides the stored fact it may change:
 * a subject before its change word ("the docs site dropped …"), subject words in its first part
 * the stored statement lacks, or an old version of the stored technology the stored statement
 * does not hold. `change.ts` reads a named old value as a change of the stored fact only when
 * the incoming statement names nothing of its own.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { same } from "./conflict.ts";
import { WEAK } from "./lexicon.ts";
import { stem, synonym, termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";

/** Generic heads ("service", "app") as subject words: they name nothing of their own. */
const WEAK_TERMS = new Set([...WEAK].flatMap((w) => [stem(w), stem(synonym(w))]));

/**
 * The incoming statement names an old version of the stored value's technology that the
 * stored statement does not hold ("dropped python 3.8 from the client sdk's test matrix" after
 * "the api needs python >= 3.11"): another fact about the same technology.
 */
export function otherVersion(incoming: Statement, stored: Statement, match: Value): boolean {
  const slot = `version:${match.norm}`;
  const versions = (s: Statement, tense: Value["tense"]) =>
    s.values.filter((v) => v.kind === "version" && v.tense === tense && v.slots.includes(slot));
  const [named, held] = [versions(incoming, "old"), versions(stored, "current")];
  return named.length > 0 && held.length > 0 && !named.some((v) => held.some((w) => same(v, w)));
}

/**
 * The subject words of the incoming statement's first part (to its first comma or clause end;
 * outside values, old and change words): -1 when it has none, else how many the stored one
 * lacks ("IE11 is no longer supported, browserslist updated": -1); words in `ignore` aside.
 */
export function ownTerms(
  incoming: Statement,
  stored: Statement,
  ignore: ReadonlySet<string> = new Set(),
): number {
  const tokens = tokensFor(incoming.text);
  const { cueTokens, oldTokens } = incoming.cues;
  const valued = new Set(incoming.values.flatMap((v) => range(v.start, v.end)));
  const end = tokens.findIndex((t) => t.lower === "," || t.clause !== tokens[0]!.clause);
  const words = tokens.slice(0, end < 0 ? tokens.length : end).filter((t, i) =>
    t.kind === "word" && !t.paren && !t.reason && !cueTokens.has(i) && !oldTokens.has(i) &&
    !valued.has(i)
  ).flatMap((t) => termsOf(t.lower)).filter((w) => !WEAK_TERMS.has(w) && !ignore.has(w));
  return words.length === 0 ? -1 : words.filter((w) => !stored.words.has(w)).length;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/**
 * Two subject words before the first change word that the stored statement never says, or two
 * in the object of the change verb, before its `to`/`from`.
 */
export function ownSubject(
  incoming: Statement,
  stored: Statement,
  ignore: ReadonlySet<string> = new Set(),
): boolean {
  const tokens = tokensFor(incoming.text);
  const { cueTokens, oldTokens } = incoming.cues;
  // Its subject ends at its first change word or preposition ("… get posted to #deploys").
  const preposition = tokens.findIndex((t) => /^(?:to|into|onto|in|on|at|with|via)$/.test(t.lower));
  // …or at the end of its first clause ("marketing site: netlify -> vercel, DNS … flipped").
  const pause = tokens.findIndex((t, i) =>
    i > 0 && (t.paren || t.clause !== tokens[0]!.clause || /^[,:;(]$/.test(t.lower))
  );
  const first = Math.min(
    ...cueTokens,
    preposition < 0 ? Infinity : preposition,
    pause < 0 ? Infinity : pause,
  );
  const valued = new Set(incoming.values.flatMap((v) => range(v.start, v.end)));
  const ownOf = (from: number, to: number) =>
    new Set(
      tokens.slice(from, to)
        .filter((t, k) =>
          !oldTokens.has(from + k) && !cueTokens.has(from + k) && !valued.has(from + k) &&
          t.kind === "word" && !t.paren
        )
        .flatMap((t) => termsOf(t.lower)).filter((w) => !stored.words.has(w) && !ignore.has(w)),
    );
  if (ownOf(0, Number.isFinite(first) ? first : 0).size >= 2) return true;
  // Or the object of its change verb ("bumped the customer portal to React 18"): what changed.
  const cue = Math.min(...cueTokens);
  if (!Number.isFinite(cue)) return false;
  const to = tokens.findIndex((t, i) =>
    i > cue && /^(?:to|from|onto|into|off|over)$/.test(t.lower)
  );
  return to > cue && ownOf(cue + 1, to).size >= 2;
}

/** Words of time after `in the`: "in the end", "in the meantime", "in the past". */
const TIMES = new Set(["end", "meantime", "meanwhile", "past", "futur", "future", "long"]);

/**
 * A scope the incoming statement gives that the stored one never names ("TypeORM was replaced
 * with Drizzle in the admin tool" after "the ORM is TypeORM"): the change holds there only.
 * Tokens `skip` says are not read (a part that only tells where the old value lingers).
 */
export function otherScope(
  incoming: Statement,
  stored: Statement,
  skip: (i: number) => boolean = () => false,
): boolean {
  const tokens = tokensFor(incoming.text);
  const valued = new Set(incoming.values.flatMap((v) => range(v.start, v.end)));
  return tokens.some((t, i) => {
    if (!/^(?:in|for|within|across|on)$/.test(t.lower) || t.reason || t.paren || skip(i)) {
      return false;
    }
    if (!/^(?:the|our|its|this|that)$/.test(tokens[i + 1]?.lower ?? "")) return false;
    const scope: string[] = [];
    for (let k = i + 2; k < tokens.length; k++) {
      const x = tokens[k]!;
      if (x.clause !== t.clause || x.kind === "punct" || valued.has(k)) break;
      scope.push(...termsOf(x.lower));
    }
    // A day ("on the 1st") is no scope, nor a time ("in the end", "in the meantime").
    return scope.some((w) =>
      !WEAK_TERMS.has(w) && !stored.words.has(w) && !/\d/.test(w) && !TIMES.has(w)
    );
  });
}
