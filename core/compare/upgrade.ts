/**
 * An upgrade said without a change word: the incoming statement gives a later version of the
 * thing the stored one gives a version of, about the same subject ("storefront runs on Node
 * 18" → "storefront is on Node 22", "compileSdk = 34" → "compileSdk = 35 in
 * app/build.gradle.kts"). Versions move forward; a later one written after an earlier one is
 * read as the upgrade it almost always is. An earlier version is no upgrade (two plain
 * statements of different versions are a conflict, `conflict.ts`), nor is a refinement of the
 * same version (`20` → `20.11`), the stored version said again, another subject, or a
 * proposal, an addition, an event or a denial.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { asserted, same } from "./conflict.ts";
import { surfaceUpgrade } from "./surface_version.ts";
import { termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Value } from "./value_types.ts";

/** What an upgrade replaces. */
export interface Upgrade {
  readonly from: string;
  readonly to: string;
}

/** A setting whose number is a version (`compileSdk`, `targetSdkVersion`, `api_level`). */
const VERSION_KEY = /^key:.*(?:sdk|version|api_?level|toolchain)/;

/** The version-like slots of a value: `version:node`, or a setting named as a version. */
function versionSlots(v: Value): string[] {
  if (v.kind === "version") return v.slots.filter((s) => s.startsWith("version"));
  if (v.kind === "quantity") return v.slots.filter((s) => VERSION_KEY.test(s));
  return [];
}

/** The numeric parts of a version (`v3.24.3` → 3, 24, 3), or null. */
function parts(norm: string): number[] | null {
  const m = /^v?(\d+(?:\.\d+){0,3})(?:\.x|\+)?$/.exec(norm);
  return m ? m[1]!.split(".").map(Number) : null;
}

/** Whether `b` is a later version than `a`, and not `a` refined (`20` → `20.11`). */
function later(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return b[i]! > a[i]!;
  }
  return false;
}

/** The subject words of a statement that name something (not a generic head or a bound). */
function named(s: Statement): string[] {
  return s.terms.filter((t) => t.kind !== "weak" && t.kind !== "bound").map((t) => t.term);
}

/** Whether `s` says `term`: as a word, or, hyphenated ("main-production"), each of its parts. */
function says(s: Statement, term: string): boolean {
  return s.words.has(term) || term.includes("-") && term.split("-").every((w) => s.words.has(w));
}

/** A stored statement about a change itself ("the pg 15 upgrade took 12 min") holds no version. */
const EVENT_NOUN = /\b(?:upgrade|migration|rollout|cutover|outage|incident|release)\b/i;

/**
 * How `incoming` upgrades `stored` without saying so, or null (see the module doc). The
 * caller has checked that both are about the same environment, platform and region.
 */
export function implicitUpgrade(incoming: Statement, stored: Statement): Upgrade | null {
  const cues = incoming.cues;
  // An addition the stored statement states too ("Kong … in front of the public API") is
  // where the thing sits, not something added.
  const additive = cues.additive && !stored.cues.additive;
  if (cues.hypothetical || additive || cues.event || cues.past) return null;
  if (incoming.values.some((v) => v.negated && v.kind === "version")) return null;
  if (EVENT_NOUN.test(stored.text)) return null;
  // Said without a change word, a scope only one side names is another thing ("the staging
  // k8s cluster is on 1.29" after "the k8s cluster is on 1.27").
  const scopes = (s: Statement) =>
    [...new Set(s.terms.filter((t) => t.kind !== "strong" && t.kind !== "weak").map((t) => t.term))]
      .sort().join(" ");
  if (scopes(incoming) !== scopes(stored)) return null;
  // Each names its technology, and they are not one ("prod EKS is on 1.31" after "the prod
  // cluster runs Kubernetes 1.29"): without a change word, two readings, not a known upgrade.
  const techs = (s: Statement) => s.values.filter((v) => v.kind === "tech").map((v) => v.norm);
  const [ours, theirs] = [techs(incoming), techs(stored)];
  if (ours.length > 0 && theirs.length > 0 && !ours.some((t) => theirs.includes(t))) return null;
  const mine = asserted(incoming);
  const held = asserted(stored);
  for (const old of held) {
    const slots = versionSlots(old);
    const from = parts(old.norm);
    if (slots.length === 0 || !from) continue;
    // The stored version said again, in any role, is no upgrade of it.
    if (incoming.values.some((v) => v.norm === old.norm)) continue;
    const next = mine.find((v) => {
      const to = parts(v.norm);
      return to && versionSlots(v).some((s) => slots.includes(s)) && later(from, to);
    });
    if (!next) continue;
    // The same subject: every subject word of the stored statement said, and at most one new
    // word besides ("kafka cluster runs 2.8" → "the kafka cluster runs 3.7 in KRaft mode").
    // What it names before the version is the subject: nothing the stored statement lacks
    // ("the docs build uses Node 20" is another thing); after it, a detail or two.
    const missing = named(stored).filter((w) => !says(incoming, w));
    const extra = new Set(named(incoming).filter((w) => !says(stored, w)));
    if (
      missing.length === 0 && extra.size <= 1 && !ownWords(incoming, stored, next.start) &&
      !/\bonly\b/i.test(incoming.text)
    ) {
      return { from: old.text, to: next.text };
    }
  }
  // Versions the lexicons do not read ("Zephyr 3.7 LTS", "net8.0"): read from the surface.
  return surfaceUpgrade(incoming, stored);
}

/** The technology a version slot names (`version:ingress-nginx` → `ingress-nginx`). */
function techOf(slot: string): string {
  return slot.slice(slot.indexOf(":") + 1);
}

/**
 * Whether two technologies are one: the same words in any order ("ingress-nginx" and "nginx
 * ingress"). A name with more words is another product ("react router" is not "react").
 */
function sameTech(a: string, b: string): boolean {
  if (a === b) return true;
  const [x, y] = [a.split(/[-\s]/), b.split(/[-\s]/)];
  return x.every((w) => y.includes(w)) && y.every((w) => x.includes(w));
}

/**
 * A version change said with a change word ("rolled ingress-nginx back to chart 4.6.0, 4.7.1
 * broke …" after "Helm chart version for ingress-nginx is 4.7.1"): another version, later or
 * earlier, of a technology the stored statement gives a version of or names, the stored
 * version not said again before it, and nothing named besides the stored statement's words
 * (the technology is the subject; what follows the new version is comment).
 */
export function versionChange(incoming: Statement, stored: Statement): Upgrade | null {
  const cues = incoming.cues;
  if (cues.change.length === 0 || cues.hypothetical || cues.additive) return null;
  const techs = new Set(stored.values.filter((v) => v.kind === "tech").map((v) => v.norm));
  for (const next of asserted(incoming)) {
    const slots = versionSlots(next);
    if (slots.length === 0 || !parts(next.norm)) continue;
    const tech = techOf(slots[0]!);
    const old = asserted(stored).find((v) =>
      versionSlots(v).some((s) => sameTech(techOf(s), tech) || techs.has(tech)) && parts(v.norm)
    );
    if (!old || same(old, next)) continue;
    // The stored version said before the new one, as current: no change of it.
    if (
      incoming.values.some((v) =>
        v.start < next.start && v.tense === "current" && same(v, old) && v !== next
      )
    ) continue;
    if (ownWords(incoming, stored, next.start)) continue;
    return { from: old.text, to: next.text };
  }
  return null;
}

/** A subject word before `end` the stored statement does not say (past verbs aside). */
function ownWords(incoming: Statement, stored: Statement, end: number): boolean {
  const tokens = tokensFor(incoming.text);
  const { cueTokens, oldTokens } = incoming.cues;
  const valued = (i: number) => incoming.values.some((v) => v.start <= i && i < v.end);
  return tokens.slice(0, end).some((t, i) =>
    t.kind === "word" && !t.paren && !cueTokens.has(i) && !oldTokens.has(i) && !valued(i) &&
    !/ed$/.test(t.lower) &&
    termsOf(t.lower).some((w) => !stored.words.has(w) && !WEAK_WORDS.test(w))
  );
}

/** Words that name no subject in a version change ("chart", "version", "image", "tag"). */
const WEAK_WORDS = /^(?:chart|version|image|tag|release|build|pin|provider|plugin|sdk)$/;
