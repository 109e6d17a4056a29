/**
 * Where a change statement holds, for `change.ts`: the environment, platform, region and owner
 * two statements name (a change of "the staging api" or of "her side project" is no change of
 * "the api"), a change word denied ("we never moved …"), and an environment the incoming
 * statement names for what it changes, before its change word.
 *
 * @module
 */
import type { Statement, Term } from "./claims.ts";
import { tokensFor } from "./cached_tokens.ts";
import { termsOf } from "./terms.ts";

const QUALIFIER_KINDS = ["environment", "platform", "region", "bound"] as const;

/** Qualifiers a broader one covers: the mobile app is its iOS and Android apps. */
const COVERS: ReadonlyMap<string, readonly string[]> = new Map([["mobil", ["ios", "android"]]]);

function qualifiers(terms: readonly Term[], kind: string): Set<string> {
  const out = new Set(terms.filter((t) => t.kind === kind).map((t) => t.term));
  for (const q of [...out]) for (const c of COVERS.get(q) ?? []) out.add(c);
  return out;
}

/**
 * Whose: "our warehouse" is not "their warehouse" (a client's, another team's); a person's or a
 * client's thing ("her side project", "the client's cdn") is not ours, said or not.
 */
function owner(s: Statement): "ours" | "theirs" | "someone's" | null {
  const t = ` ${s.text.toLowerCase()} `;
  // A technology's own ("Heroku's free tier ended") is no person's.
  const techFirst = s.values.some((v) => v.kind === "tech" && v.start === 0);
  return /\s(?:his|her)\s(?!own\s)/.test(t) || OTHERS.test(s.text) && !techFirst
    ? "someone's"
    : /\s(?:their)\s(?!own\s)/.test(t)
    ? "theirs"
    : /\s(?:our|my)\s/.test(t)
    ? "ours"
    : null;
}

/**
 * Someone else's: "the client's cdn", "Maya's side project …" (a client, a name opening it);
 * "Karma's gone" is "Karma is gone".
 */
const OTHERS =
  /(?:^|\s)(?:[Cc]lient|[Cc]ustomer|[Pp]artner|[Vv]endor|[Cc]ontractor|[Aa]gency)['’]s\s|^\p{Lu}\p{Ll}+['’]s\s(?!(?:gone|out|dead|been|not|no|now|over|off|done|history|finally)\b)/u;

/** Whether two owners differ: both said and different, or someone's against ours or nobody's. */
function ownersDiffer(a: Statement, b: Statement): boolean {
  const [x, y] = [owner(a), owner(b)];
  if (x === "someone's" || y === "someone's") return x !== y;
  return !!x && !!y && x !== y;
}

/** No environment, platform or region of one is missing from the other when both name one. */
export function qualifiersAgree(a: Statement, b: Statement): boolean {
  if (ownersDiffer(a, b)) return false;
  return QUALIFIER_KINDS.every((kind) => {
    const [x, y] = [qualifiers(a.terms, kind), qualifiers(b.terms, kind)];
    return x.size === 0 || y.size === 0 || [...x].some((q) => y.has(q));
  });
}

/**
 * The incoming statement names an environment for what it changes, before its change word,
 * and the stored one names none ("the staging api moved to Fly.io" after "the api runs on
 * Heroku"): the change holds there, not for the fact as stored.
 */
export function scopedElsewhere(incoming: Statement, stored: Statement): boolean {
  if (qualifiers(stored.terms, "environment").size > 0) return false;
  const envs = qualifiers(incoming.terms, "environment");
  if (envs.size === 0) return false;
  const tokens = tokensFor(incoming.text);
  const first = Math.min(...incoming.cues.cueTokens);
  return tokens.some((t, i) => i < first && termsOf(t.lower).some((w) => envs.has(w)));
}

/** "we never moved the api off Heroku": a change word denied right before it. */
export function deniesChange(s: Statement): boolean {
  const tokens = tokensFor(s.text);
  return [...s.cues.cueTokens].some((i) =>
    // "X is not read any more": the negation is part of the cue.
    !/^(?:any|anymore|more)$/.test(tokens[i]!.lower) &&
    tokens.slice(Math.max(0, i - 2), i).some((t) =>
      /^(?:never|not|didn't|didnt|haven't|havent|hasn't|hasnt|wasn't|weren't)$/.test(t.lower) &&
      t.clause === tokens[i]!.clause
    )
  );
}
