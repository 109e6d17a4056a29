/**
 * Distillation (DESIGN §8, seed 001 §3): recurring episodes become one semantic memory that
 * cites every episode it came from. Pure: the worker gives the episodes and applies the
 * result as ops. Strict by design — only near-identical episodes cluster (seed 001's warning
 * about over-eager consolidation destroying memories): a cluster needs
 * {@linkcode MIN_CLUSTER} members, each sharing {@linkcode CLUSTER_OVERLAP} of its content words
 * with the cluster's first episode once time words are set aside, with at most
 * {@linkcode MAX_DIFFERING} words different, no differing number, and the same
 * {@linkcode identifiers} (paths, env names, ticket ids, with or without digits).
 *
 * Identifiers stay findable: episodes that name different things (`ZQHKX` and `QWRTY`,
 * `src/a.ts` and `src/b.ts`) are different events, not a recurring pattern, so they are kept
 * out of each other's clusters rather than archived into a rule that would name only one of
 * them (or a list of all, true of none). Every episode of a cluster carries the same
 * identifiers, and the rule carries them too ({@linkcode distil}), so an exact lookup of any
 * identifier of an archived episode finds the rule that cites it.
 *
 * @module
 */
import { exactTokens } from "../store/exact_tokens.ts";
import { STOPWORDS } from "../text/stopwords.ts";
import { contentWordForms, contentWords, jaccard } from "../text/words.ts";

/** Fewest episodes that make a recurring pattern. */
export const MIN_CLUSTER = 3;
/** Shared content words (Jaccard, time words aside) for an episode to join a cluster. */
export const CLUSTER_OVERLAP = 0.6;
/** Most content words that may differ between an episode and its cluster's first one. */
export const MAX_DIFFERING = 2;

/** An episode as distillation sees it. */
export interface EpisodeLike {
  readonly id: string;
  readonly content: string;
  readonly importance: number;
}

/** The memory a cluster becomes. */
export interface Distillate {
  readonly type: "convention" | "fact";
  readonly content: string;
  readonly importance: number;
  /** The episodes it cites, in input order. */
  readonly grounding: readonly string[];
}

/**
 * The identifiers of a text: the tokens the exact channel indexes (`exact_tokens.ts`:
 * paths, env names and assignments, ticket ids, camelCase and CAPS names, commands,
 * versions), common words aside, sorted.
 *
 * @example Usage
 * ```ts
 * import { identifiers } from "./distil.ts";
 * import { deepEqual } from "node:assert/strict";
 *
 * deepEqual(identifiers("Deploy of ZQHKX failed on src/app.ts"), ["app.ts", "src/app.ts", "zqhkx"]);
 * ```
 */
export function identifiers(text: string): string[] {
  return exactTokens(text).filter((token) => !STOPWORDS.has(token)).sort();
}

/**
 * Whether `text` names every one of `ids`, in any case, each whole (not inside a longer
 * word): `.venv` is named by "source .venv/bin/activate", `zqhkx` by "ZQHKX", not by "ZQHKXY".
 */
export function carriesIdentifiers(text: string, ids: readonly string[]): boolean {
  const lower = text.toLowerCase();
  return ids.every((id) => {
    for (let at = lower.indexOf(id); at >= 0; at = lower.indexOf(id, at + 1)) {
      const before = lower[at - 1] ?? " ";
      const after = lower[at + id.length] ?? " ";
      if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) return true;
    }
    return false;
  });
}

/** Words that date an episode rather than say what happened. */
const TIME_WORDS = new Set(
  ("again today yesterday tonight morning afternoon evening day week weekend month session sessions " +
    "run attempt try once twice time times earlier later still also just monday tuesday wednesday " +
    "thursday friday saturday sunday last first second third").split(" "),
);

/**
 * The words that say what an episode is about: time words out, and a number right after one
 * ("session 3", "day 2"), while other numbers stay ("step 3" and "step 8" differ).
 */
function signature(content: string): Set<string> {
  const words = contentWords(content);
  return new Set(
    words.filter((w, i) =>
      !TIME_WORDS.has(w) && !(/^\d+$/.test(w) && i > 0 && TIME_WORDS.has(words[i - 1]!))
    ),
  );
}

/**
 * Whether two episodes tell the same story: most words shared, at most
 * {@linkcode MAX_DIFFERING} differing in all, and none of those a number or identifier with
 * a digit ("module m0" and "module m33" are two events about two things).
 */
function sameStory(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (jaccard(a, b) < CLUSTER_OVERLAP) return false;
  const differing = [...a].filter((w) => !b.has(w)).concat([...b].filter((w) => !a.has(w)));
  return differing.length <= MAX_DIFFERING && !differing.some((w) => /\d/.test(w));
}

/**
 * Groups episodes that tell the same story, in input order; only groups of at least
 * {@linkcode MIN_CLUSTER} are returned. An episode joins a cluster whose first episode tells
 * the same story (looked up by its rarest words, rarest first), else starts one.
 *
 * @example Usage
 * ```ts
 * import { clusterEpisodes } from "./distil.ts";
 * import { equal } from "node:assert/strict";
 *
 * const ep = (id: string, content: string) => ({ id, content, importance: 4 });
 * const clusters = clusterEpisodes([
 *   ep("a", "Had to activate .venv before running pytest."),
 *   ep("b", "Had to activate the .venv again before running pytest (session 2)."),
 *   ep("c", "Had to activate .venv before running pytest this morning."),
 *   ep("d", "The docs build failed on a broken link."),
 * ]);
 * equal(clusters.length, 1);
 * equal(clusters[0]?.length, 3);
 * ```
 */
export function clusterEpisodes(episodes: readonly EpisodeLike[]): EpisodeLike[][] {
  const signatures = episodes.map((e) => signature(e.content));
  const named = episodes.map((e) => identifiers(e.content).join("\n"));
  // Document frequency of each word, so every episode and cluster can be keyed by its rarest
  // words. Two episodes of one story differ in at most MAX_DIFFERING words, so the rarest word
  // they share is among the MAX_DIFFERING + 1 rarest of each: looking up those finds the
  // cluster without comparing against every other one.
  const df = new Map<string, number>();
  for (const words of signatures) for (const w of words) df.set(w, (df.get(w) ?? 0) + 1);
  const rarest = (words: ReadonlySet<string>) =>
    [...words].sort((a, b) => df.get(a)! - df.get(b)! || (a < b ? -1 : a > b ? 1 : 0))
      .slice(0, MAX_DIFFERING + 1);
  const clusters: { head: Set<string>; named: string; members: EpisodeLike[] }[] = [];
  const byWord = new Map<string, number[]>();
  episodes.forEach((episode, e) => {
    const words = signatures[e]!;
    if (words.size < 2) return;
    const keys = rarest(words);
    const tried = new Set<number>();
    for (const w of keys) {
      for (const c of byWord.get(w) ?? []) {
        if (tried.has(c)) continue;
        tried.add(c);
        if (clusters[c]!.named === named[e] && sameStory(words, clusters[c]!.head)) {
          clusters[c]!.members.push(episode);
          return;
        }
      }
    }
    const index = clusters.push({ head: words, named: named[e]!, members: [episode] }) - 1;
    for (const w of keys) {
      const list = byWord.get(w);
      if (list) list.push(index);
      else byWord.set(w, [index]);
    }
  });
  return clusters.filter((c) => c.members.length >= MIN_CLUSTER).map((c) => c.members);
}

/** "I had to X", "we needed to X", "had to X again": the X a rule asks for. */
const NECESSITY =
  /^(?:(?:i|we|you|the agent|agent)\s+)?(?:had|needed|have|need|must|remembered|forgot)\s+to\s+(.+)$/i;
/**
 * Time phrases and session notes an episode carries and a rule does not: "(session 2)",
 * "again", "today", and a counted occurrence closing a clause (", run 546", "on attempt 3.")
 * but not a count of things ("run 3 migrations").
 */
const EPISODIC_TAIL =
  /\s*(?:\((?:session|run|attempt)[^)]*\)|\b(?:again|today|yesterday|this (?:morning|afternoon|evening|week)|once more)\b|,?\s*\b(?:on\s+)?(?:session|run|attempt|try|day)\s+#?\d+(?=\s*(?:[.,;:()!]|$)))/gi;
/** Alternatives listed in a rule before "…". */
const MAX_ALTERNATIVES = 12;

/**
 * The semantic memory a cluster becomes: its most typical episode, stripped of when it
 * happened; "had to X" becomes the convention "X". Where episodes of the cluster name another
 * thing in the typical one's place ("before the billing deploy", "before the uploads deploy"),
 * the rule lists them ("(the same for uploads)"): it never states one episode's particulars as
 * true of all. When stripping would drop an identifier
 * (a ticket id in a session note), the episode's own wording is kept, so the rule carries
 * every identifier of its episodes.
 *
 * @example Usage
 * ```ts
 * import { distil } from "./distil.ts";
 * import { equal } from "node:assert/strict";
 *
 * const ep = (id: string, content: string) => ({ id, content, importance: 4 });
 * const rule = distil([
 *   ep("a", "Had to activate .venv before running pytest."),
 *   ep("b", "Had to activate .venv again before running pytest."),
 *   ep("c", "Had to activate .venv before running pytest (session 3)."),
 * ]);
 * equal(rule.content, "Activate .venv before running pytest.");
 * equal(rule.type, "convention");
 * equal(rule.grounding.length, 3);
 * ```
 */
export function distil(cluster: readonly EpisodeLike[]): Distillate {
  if (cluster.length === 0) throw new RangeError("Cannot distil an empty cluster");
  const words = cluster.map((e) => signature(e.content));
  let typical = 0;
  let best = -1;
  words.forEach((w, i) => {
    const score = words.reduce((sum, other, j) => sum + (i === j ? 0 : jaccard(w, other)), 0);
    // Ties go to the shortest wording.
    if (
      score > best ||
      (score === best && cluster[i]!.content.length < cluster[typical]!.content.length)
    ) {
      best = score;
      typical = i;
    }
  });
  const stripped = cluster[typical]!.content.replace(EPISODIC_TAIL, "").replace(/\s+/g, " ")
    .replace(/[.!\s]+$/, "").trim();
  const necessity = NECESSITY.exec(stripped);
  const core = necessity ? necessity[1]!.trim() : stripped;
  const others = alternatives(cluster, words, typical);
  const sentence = `${core.charAt(0).toUpperCase()}${core.slice(1)}${
    others.length ? ` (the same for ${others.join(", ")})` : ""
  }.`;
  const named = [...new Set(cluster.flatMap((e) => identifiers(e.content)))];
  const kept = carriesIdentifiers(sentence, named);
  // Recurring episodes weigh more than any one of them.
  const importance = Math.min(10, Math.max(...cluster.map((e) => e.importance)) + 1);
  return {
    type: necessity && kept ? "convention" : "fact",
    content: kept ? sentence : cluster[typical]!.content.trim(),
    importance,
    grounding: cluster.map((e) => e.id),
  };
}

/**
 * The words other episodes of a cluster have in place of the typical one's (`words[typical]`):
 * a word of an episode that the typical one lacks, when that episode also lacks one of the
 * typical one's words (an addition like "quickly" is not an alternative); sorted, at most
 * {@linkcode MAX_ALTERNATIVES}, then "…".
 */
function alternatives(
  cluster: readonly EpisodeLike[],
  words: readonly ReadonlySet<string>[],
  typical: number,
): string[] {
  const head = words[typical]!;
  const found = new Set<string>();
  words.forEach((w, i) => {
    if (i === typical || ![...head].some((x) => !w.has(x))) return;
    // As the episode writes it: the word keys drop a plural's "s" ("upload" for "uploads").
    const written = contentWordForms(cluster[i]!.content);
    for (const x of w) if (!head.has(x)) found.add(written.get(x) ?? x);
  });
  const sorted = [...found].sort();
  return sorted.length > MAX_ALTERNATIVES ? [...sorted.slice(0, MAX_ALTERNATIVES), "…"] : sorted;
}
