/**
 * Numbers in a statement's context: a version of the technology before it ("Node 20",
 * ".ruby-version says 3.3.0", "bumped to 8"), a label that names the subject ("step 5",
 * "Sprint 41"), or a quantity with its unit (`quantities.ts`).
 *
 * @module
 */
import { SOFT } from "./lexicon.ts";
import { quantityAt } from "./quantities.ts";
import { attributeWords } from "./terms.ts";
import type { Token } from "./tokens.ts";
import { type Value, value, VERSION } from "./value_types.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** Whose version a distribution's version is: EKS runs Kubernetes, Temurin is a Java. */
const VERSION_OF: ReadonlyMap<string, string> = new Map([
  ["eks", "kubernetes"],
  ["gke", "kubernetes"],
  ["aks", "kubernetes"],
  ["k8s", "kubernetes"],
  ["temurin", "java"],
  ["openjdk", "java"],
  ["jdk", "java"],
  ["corretto", "java"],
]);

/** The technology whose version `tech`'s version is. */
export function versionOf(tech: string): string {
  return VERSION_OF.get(tech) ?? tech;
}

/** Words that name a number's measure (`attributes.json`: `num`, `count`): "length 12" is a value. */
const MEASURE_WORDS: ReadonlySet<string> = new Set([
  ...attributeWords("num"),
  ...attributeWords("count"),
]);

/** Verbs after which "to N" is a version ("upgraded to 22", "raised to 16"). */
const CHANGED_TO =
  /^(?:bumped|upgraded|downgraded|pinned|updated|moved|rolled|reverted|raised|lowered|changed|set|switched|migrated)$/;

/** The technology a version at `i` belongs to: one just before `version`, else the nearest before. */
export function techBefore(
  values: readonly Value[],
  tokens: readonly Token[],
  i: number,
): Value | undefined {
  const techs = values.filter((v) => v.kind === "tech" && v.end <= i);
  const versionWord = tokens.findLastIndex((t, k) => k < i && t.lower === "version");
  const near =
    techs.find((v) => versionWord >= 0 && v.end <= versionWord && versionWord - v.end <= 2) ??
      techs.find((v) => /-version$|^\.nvmrc$/.test(tokens[v.start]!.lower));
  const clause = tokens[i]!.clause;
  return near ?? techs.filter((v) => tokens[v.start]!.clause === clause).at(-1) ?? techs.at(-1);
}

/** A number at `i`: a version of a technology before it, a label (`step 5`), or a quantity. */
export function readNumber(
  tokens: readonly Token[],
  i: number,
  values: readonly Value[],
  identifiers: Map<number, string>,
  used: boolean[],
): Value | null {
  const t = tokens[i]!;
  const prev = tokens[i - 1];
  const v = VERSION.exec(t.lower);
  if (
    v &&
    (t.lower.startsWith("v") || v[1]!.split(".").length >= 3 || prev?.lower === "version" ||
      v[2] === ".x")
  ) {
    const tech = techBefore(values, tokens, i);
    if (tech) return value("version", [`version:${versionOf(tech.norm)}`], v[1]!, tokens, i, i + 1);
    if (v[1]!.split(".").length >= 3 || v[2] === ".x") {
      identifiers.set(i, t.lower);
      used[i] = true;
      return null;
    }
    if (prev && t.lower.startsWith("v")) {
      return value("version", [`version:${prev.lower}`], v[1]!, tokens, i, i + 1);
    }
  }
  // "pin Node to 18", "Storybook was bumped to 8": a bare number a technology is moved to.
  const q0 = v ? quantityAt(tokens, i) : null;
  if (v && /^(?:to|onto)$/.test(prev?.lower ?? "") && (!q0 || q0.slot === "num")) {
    const tech = techBefore(values, tokens, i);
    const clause = tokens.slice(0, i).filter((x) => x.clause === t.clause);
    // "Redis … has maxclients set to 2000": the word before the verb owns the number.
    const verb = tokens.findLastIndex((x, k) =>
      k < i && x.clause === t.clause && CHANGED_TO.test(x.lower)
    );
    const owner = verb > 0 && tech !== undefined && tech.end !== verb &&
      tokens[verb - 1]!.kind === "word" && !STOPWORDS.has(tokens[verb - 1]!.lower) &&
      !/^(?:is|was|got|been|be|we|i|they|have|has|had|'ve|and|just|finally|then)$/.test(
        tokens[verb - 1]!.lower,
      );
    const moved = !owner && clause.some((x) => CHANGED_TO.test(x.lower)) ||
      (tech !== undefined && tech.end === i - 1);
    if (tech && moved) {
      return value("version", [`version:${versionOf(tech.norm)}`], v[1]!, tokens, i, i + 1);
    }
  }
  if (v && v[1]!.includes(".") && !/^\d+\.\d+$/.test(tokens[i + 1]?.lower ?? "")) {
    const tech = techBefore(values, tokens, i);
    if (tech && !quantityAt(tokens, i)?.slot.startsWith("qty:")) {
      return value("version", [`version:${versionOf(tech.norm)}`], v[1]!, tokens, i, i + 1);
    }
  }
  if (
    /^\d+$/.test(t.lower) && prev?.kind === "word" && /^[a-z][a-z_-]*$/.test(prev.lower) &&
    !SOFT.has(prev.lower) && !STOPWORDS.has(prev.lower) &&
    !/^(?:every|than|only|just|about|over|under|below|above|around|roughly|approximately|exactly|least|most|first|last|and|or)$/
      .test(prev.lower) &&
    !used[i - 1] && !/[A-Z]/.test(prev.text.slice(1)) &&
    // "min password length 12", "retry limit 5": a measure's word names no label.
    !MEASURE_WORDS.has(prev.lower)
  ) {
    const q = quantityAt(tokens, i);
    if (!q || q.slot === "num") {
      identifiers.set(i, `${prev.lower}#${t.lower}`);
      used[i] = true;
      return null;
    }
  }
  // `PR #918`, `MR !402`: a number that names a request or ticket is no quantity.
  if (/^\d+$/.test(t.lower) && /^[#!]$/.test(prev?.lower ?? "")) {
    identifiers.set(i, `${tokens[i - 2]?.lower ?? ""}#${t.lower}`);
    used[i] = true;
    return null;
  }
  const q = quantityAt(tokens, i);
  if (!q) return null;
  return value(
    "quantity",
    [thresholdOf(tokens, i) ? `threshold:${q.slot}` : q.slot],
    q.norm,
    tokens,
    i,
    q.end,
  );
}

/** A comparison that makes a quantity a condition: "uploads above 20 MB", "files over 5 GB". */
const THRESHOLD = /^(?:above|over|below|under|beyond|exceeding)$/;

/** Words before the comparison that make it the statement's value ("is under 200 ms"). */
const PREDICATE =
  /^(?:is|are|was|were|be|been|stays?|remains?|goes|go|went|gets?|got|keeps?|kept|runs?|set|capped|limited|held|at|to|of|by|and|or|just|well|always|never|not|drops?|dropped|dips?|falls?|fell|rises?|rose|climbs?|grows?|reach(?:es)?|hits?|exceeds?|spikes?|jumps?|creeps?|sits?|hovers?|peaks?|averages?)$/;

/**
 * Whether the quantity at `i` is a threshold named with its thing, in the subject ("Uploads
 * above 20 MB go through the resumable endpoint"), rather than the value a statement gives
 * ("latency is under 200 ms"): a threshold is the condition of another fact, and conflicts
 * only with another threshold.
 */
function thresholdOf(tokens: readonly Token[], i: number): boolean {
  const [before, word] = [tokens[i - 2], tokens[i - 1]];
  return !!word && THRESHOLD.test(word.lower) && before?.kind === "word" &&
    /^\p{L}+$/u.test(before.lower) && !PREDICATE.test(before.lower);
}
