/**
 * How a statement is meant: whether it says something changed (and which values it names as
 * the old ones), whether it only proposes or wonders (hypothetical), adds to what exists
 * (additive: "also", "on top of"), or records an event (a date, "Released v4.2.0 …"), and
 * which values it denies. Sets `tense` and `negated` on the values it reads.
 *
 * - Old values: after `from … to`, `instead of`, `rather than`, `no longer`, `replaced X`,
 *   `dropped X`, `swapped X out`, `used to`, `, not X`; before `… anymore`, `X was replaced`,
 *   `X is deprecated/gone/retired/turned off/renamed`.
 * - Change words: the verbs of change (switched, moved, migrated, upgraded, bumped, renamed…)
 *   and those markers are strong; `now`, `as of`, `from now on`, `starting`, `going forward`,
 *   `these days`, `since` are weak (a different value must show what changed).
 *
 * @module
 */
import { gerundNoun } from "./gerund_nouns.ts";
import cuesJson from "./lexicon/cues.json" with { type: "json" };
import { INTL_CUES } from "./intl.ts";
import { measureVerbAt } from "./measure_verbs.ts";
import { fromOnAt } from "./from_on.ts";
import { leavingAt } from "./leaving.ts";
import { isEvent, isPast, isQuestion, markNegated } from "./moods.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";

/** How a statement is meant. */
export interface Cues {
  /** A proposal, question or possibility, not a fact ("we may", "asked whether"). */
  readonly hypothetical: boolean;
  /** Adds to what exists rather than replacing it ("also", "next to", "added"). */
  readonly additive: boolean;
  /** Records an event: dated, or opened by a past-tense verb ("Rotated the keys on …"). */
  readonly event: boolean;
  /** Tells of the past and says nothing changed ("The old admin used Django"). */
  readonly past: boolean;
  /** The change words found, in order; empty when the statement says nothing changed. */
  readonly change: readonly string[];
  /** Whether a change word is a verb of change or names an old value (not just "now"). */
  readonly strong: boolean;
  /** Token indexes the statement names as old ("the shared staging DB" in "X replaced …"). */
  readonly oldTokens: ReadonlySet<number>;
  /** Token indexes of the change words themselves. */
  readonly cueTokens: ReadonlySet<number>;
}

const p = (s: string) => s.split(" ");
/** A proposal, question or possibility ("we may", "asked whether", "prototype"). */
const HYPOTHETICAL = byFirst([...cuesJson.hypothetical, ...INTL_CUES.hypothetical].map(p));
/** An addition to what exists ("also", "next to", "added"). */
const ADDITIVE = byFirst(cuesJson.additive.map(p));
/** Verbs of change ("switched", "migrated", "bumped", "renamed"). */
const VERBS: ReadonlySet<string> = new Set([...cuesJson.changeVerbs, ...INTL_CUES.changeVerbs]);
/** Words that say from when ("now", "as of", "from now on", "starting", "these days"). */
const TEMPORAL = byFirst([...cuesJson.temporal, ...INTL_CUES.temporal].map(p));
/** Old value after the marker (to the next `to`/`with`/`by`/`for` or clause end). */
const OLD_AFTER = byFirst([...cuesJson.oldAfter, ...INTL_CUES.oldAfter].map(p));
/** Old value before the marker (from the clause start). */
const OLD_BEFORE = byFirst([...cuesJson.oldBefore, ...INTL_CUES.oldBefore].map(p));
/** A past state ("used to", "originally", "back in", "until"). */
const HISTORICAL = byFirst([...cuesJson.historical, ...INTL_CUES.historical].map(p));
const STOP_SPAN = new Set([
  "to",
  "into",
  "onto",
  "with",
  "by",
  "for",
  ",",
  "but",
  "and",
  "now",
]);

/** "in favor of" / "in favour of" at `i`: what follows is the new value, not the old one. */
function favoring(tokens: readonly Token[], i: number): boolean {
  return tokens[i]?.lower === "in" && /^favou?r$/.test(tokens[i + 1]?.lower ?? "");
}

function at(tokens: readonly Token[], i: number, phrase: readonly string[]): boolean {
  return phrase.every((w, k) => tokens[i + k]?.lower === w && !tokens[i + k]!.reason);
}

type Phrases = ReadonlyMap<string, readonly (readonly string[])[]>;

/** Phrases by their first word, so a token is matched against the few that start with it. */
function byFirst(phrases: readonly (readonly string[])[]): Phrases {
  const out = new Map<string, (readonly string[])[]>();
  for (const ph of phrases) out.set(ph[0]!, [...(out.get(ph[0]!) ?? []), ph]);
  return out;
}

/** The phrases of `index` that start at token `i`. */
function starting(
  tokens: readonly Token[],
  i: number,
  index: Phrases,
): readonly (readonly string[])[] {
  return index.get(tokens[i]!.lower) ?? [];
}

function any(tokens: readonly Token[], index: Phrases): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (starting(tokens, i, index).some((ph) => at(tokens, i, ph))) return true;
  }
  return false;
}

/** Like `any`, but not a cue that is an -ing noun ("the pricing page": `gerund_nouns.ts`). */
function anyNotNoun(tokens: readonly Token[], index: Phrases): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (gerundNoun(tokens, i)) continue;
    if (starting(tokens, i, index).some((ph) => at(tokens, i, ph))) return true;
  }
  return false;
}

/** The index of the first token of a change word, or -1 when there is none. */
export function firstCue(cues: Cues): number {
  return cues.cueTokens.size > 0 ? Math.min(...cues.cueTokens) : -1;
}

/** Reads the cues of `tokens` and marks `values` old or denied; see the module doc. */
export function readCues(tokens: readonly Token[], values: readonly Value[]): Cues {
  const change: string[] = [];
  let strong = false;
  const oldTokens = new Set<number>();
  const cueTokens = new Set<number>();
  const cue = (i: number, phrase: readonly string[] | string) => {
    const words = typeof phrase === "string" ? [phrase] : phrase;
    change.push(words.join(" "));
    for (let k = i; k < i + words.length; k++) cueTokens.add(k);
  };
  const markOld = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (tokens[k]!.kind !== "punct") oldTokens.add(k);
  };
  // "took it over from Felix on the 1st": when it happened is no part of the old value.
  const undated = (from: number, end: number) => {
    for (let k = from + 1; k < end; k++) {
      if (!/^(?:on|since|in|at|last|this)$/.test(tokens[k]!.lower)) continue;
      const at = tokens[k + 1]?.lower === "the" ? k + 2 : k + 1;
      const when = values.some((v) => v.start === at && /^(?:date|day|when|time)$/.test(v.kind)) ||
        /^(?:\d{1,2}(?:st|nd|rd|th)|\d{1,2}|week|month|quarter|sprint|friday|monday)$/.test(
          tokens[at]?.lower ?? "",
        );
      if (when) return k;
    }
    return end;
  };
  const clauseStart = (i: number) => {
    let s = i;
    while (s > 0 && tokens[s - 1]!.clause === tokens[i]!.clause) s--;
    return s;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if ((t.reason && t.lower !== "since") || t.kind === "punct") continue;
    // "cut the idle timeout to 30 min", "brought forward to 3 March" (`measure_verbs.ts`).
    const measured = VERBS.has(t.lower) ? 0 : measureVerbAt(tokens, i, values);
    const verb = VERBS.has(t.lower) || measured > 0 || at(tokens, i, ["back", "to"]) ||
      at(tokens, i, ["cut", "over"]) ||
      at(tokens, i, ["took", "over"]) || at(tokens, i, ["take", "over"]) ||
      at(tokens, i, ["taken", "over"]);
    // "Portal uploads are capped at 100MB": a participle after a present copula is a state.
    const state = /^(?:is|are|'re)$/.test(tokens[i - 1]?.lower ?? "") && VERBS.has(t.lower) &&
        /ed$/.test(t.lower) ||
      // "has PITR enabled": enabling is a change only when someone does it ("we enabled …").
      t.lower === "enabled" && i > 0 &&
        !/^(?:we|i|they|you|just|have|has|had|'ve)$/.test(tokens[i - 1]!.lower);
    if (verb && !state) {
      cue(i, measured > 1 ? [t.lower, tokens[i + 1]!.lower] : t.lower);
      strong = true;
      // "from X", "off X", "away from X" after a verb of change name the old value.
      // Before a comma: "replaced X w/ Y, it emits Z from the controllers" names no old Z.
      const comma = tokens.findIndex((x, k) => k > i && x.lower === ",");
      // "moved secrets out of Vault into …": "out of" names the old value too.
      const from = tokens.findIndex((x, k) =>
        k > i && x.clause === t.clause &&
        (x.lower === "from" && fromOnAt(tokens, k, values) === 0 || x.lower === "off" ||
          x.lower === "of" && tokens[k - 1]?.lower === "out") &&
        (comma < 0 || k < comma)
      );
      if (from > 0) {
        const to = tokens.findIndex((x, k) =>
          k > from && x.clause === t.clause && /^(?:to|into|onto)$/.test(x.lower)
        );
        // "from X to Y"; "took over the billing service from Priya" (to the clause end).
        let end = to > 0 ? to : from + 1;
        while (
          to < 0 && end < tokens.length && tokens[end]!.clause === t.clause &&
          tokens[end]!.kind !== "punct"
        ) end++;
        markOld(from + 1, undated(from + 1, end));
      }
    }
    // "From Monday on, …", "… from Q1 on": from when it holds, as "from now on" (`from_on.ts`).
    const fromOn = fromOnAt(tokens, i, values);
    if (fromOn > 0) {
      change.push("from now on");
      for (let k = i; k < i + fromOn; k++) cueTokens.add(k);
      for (const v of values) if (v.start > i && v.end <= i + fromOn) v.tense = "cue";
    }
    for (const ph of starting(tokens, i, TEMPORAL)) {
      // "since" opens a reason clause ("… since the Redis cost review") and still says when.
      if (!(ph[0] === "since" && t.lower === "since") && !at(tokens, i, ph)) continue;
      if (ph[0] === "now" && /^(?:for|right|until|till)$/.test(tokens[i - 1]?.lower ?? "")) {
        continue;
      }
      cue(i, ph);
      if (ph[0] !== "now") {
        // "as of March", "starting Monday": the date says when, it is no value of the fact.
        for (const v of values) {
          if (v.start === i + ph.length && (v.kind === "date" || v.kind === "day")) v.tense = "cue";
        }
      }
    }
    for (const ph of starting(tokens, i, OLD_AFTER)) {
      if (!at(tokens, i, ph)) continue;
      const passive = /^(?:is|was|were|are|been|be|got|get)$/.test(tokens[i - 1]?.lower ?? "");
      if (passive && ph.length === 1) continue;
      cue(i, ph);
      strong = true;
      let end = i + ph.length;
      // "Crashlytics replaced with Sentry", "Firebase Auth swapped for Clerk": the old value
      // stands before the verb.
      if (
        /^(?:replaced|swapped)$/.test(t.lower) && /^(?:with|by)$/.test(tokens[end]?.lower ?? "") ||
        t.lower === "swapped" && tokens[end]?.lower === "for"
      ) {
        const start = clauseStart(i);
        const named = values.filter((v) => v.start >= start && v.end <= i);
        for (const v of named) markOld(v.start, v.end);
        // "custom bootloader replaced by MCUboot": the few words before it, when no value.
        if (named.length === 0) markOld(Math.max(start, i - 3), i);
        continue;
      }
      // "We stopped sending events to Mixpanel": the rest of the clause is what stopped.
      if (t.lower === "stopped" || t.lower === "quit") {
        while (
          end < tokens.length && tokens[end]!.clause === t.clause && tokens[end]!.kind !== "punct"
        ) end++;
        markOld(i + ph.length, end);
        continue;
      }
      while (
        end < tokens.length && tokens[end]!.clause === t.clause &&
        !STOP_SPAN.has(tokens[end]!.lower) && !favoring(tokens, end) &&
        !(tokens[end]!.lower === "out" && ph[0] === "swapped")
      ) end++;
      markOld(i + ph.length, undated(i + ph.length, end));
    }
    for (const ph of starting(tokens, i, OLD_BEFORE)) {
      if (!at(tokens, i, ph)) continue;
      cue(i, ph);
      strong = true;
      // The values before the marker, else the few words just before it ("the `txn` table"),
      // back to the clause start or the last comma ("moved to PagerDuty, OpsGenie is frozen").
      const comma = tokens.findLastIndex((x, k) => k < i && x.lower === ",");
      let start = Math.max(clauseStart(i), comma + 1);
      // Inside parentheses, back to where they open: "… is pagerduty (opsgenie contract ended)".
      if (t.paren) { while (start < i && !tokens[start]!.paren) start++; }
      const named = values.filter((v) => v.start >= start && v.end <= i);
      if (named.length) { for (const v of named) markOld(v.start, v.end); }
      else markOld(Math.max(start, i - 3), i);
    }
    // "registry: Docker Hub → ghcr.io": a value before an arrow, another after it, was the value.
    if (/^(?:->|→|=>)$/.test(t.lower)) {
      const before = values.filter((v) => v.end === i);
      const after = values.find((v) => v.start === i + 1);
      if (after && before.length && before.every((v) => v.norm !== after.norm)) {
        // The arrow itself is a surface cue (`surface_change.ts`), not a change word.
        for (const v of before) markOld(v.start, v.end);
      }
    }
    // "maintainer: Chen (Ravi moved to payments)": a person leaving is the old holder.
    if (leavingAt(tokens, i)) {
      markOld(i, i + 1);
      if (!cueTokens.has(i + 1)) cue(i + 1, tokens[i + 1]!.lower);
      strong = true;
    }
    // "…, pnpm-lock.yaml deleted": a thing, then a participle of removal ending its part.
    if (
      /^(?:deleted|removed|dropped|gone|archived|retired|decommissioned)$/.test(t.lower) && i > 0 &&
      (tokens[i + 1] === undefined || tokens[i + 1]!.kind === "punct") &&
      tokens[i - 1]!.kind !== "punct" &&
      !/^(?:is|are|was|were|been|be|got|get|has|have)$/.test(tokens[i - 1]!.lower)
    ) {
      const named = values.filter((v) => v.end === i);
      if (named.length) { for (const v of named) markOld(v.start, v.end); }
      else markOld(i - 1, i);
      if (!cueTokens.has(i)) cue(i, t.lower);
      strong = true;
    }
    // "…, VS Code is only for pairing sessions now": a value kept for less is no longer the
    // value it was.
    if (
      t.lower === "only" && /^(?:for|in|on|when|during)$/.test(tokens[i + 1]?.lower ?? "") &&
      change.some((c) => c !== "now")
    ) {
      const end = /^(?:is|are)$/.test(tokens[i - 1]?.lower ?? "") ? i - 1 : i;
      for (const v of values) if (v.end === end) markOld(v.start, v.end);
    }
    // "@acme/utils is now published as @acme/shared": before "is now", the old value.
    if (t.lower === "now" && /^(?:is|are|'s|'re)$/.test(tokens[i - 1]?.lower ?? "")) {
      const before = values.filter((v) => v.end <= i - 1 && tokens[v.start]!.clause === t.clause);
      const after = values.filter((v) => v.start > i && tokens[v.start]!.clause === t.clause);
      for (const v of before) {
        if (after.some((w) => w.slots.some((s) => v.slots.includes(s)) && w.norm !== v.norm)) {
          markOld(v.start, v.end);
        }
      }
    }
    // "smtp provider was mailgun, now postmark" (or ", is postmark"): what it was, before "now".
    const nowAt = (k: number) =>
      tokens[k]!.lower === "now" ||
      /^(?:is|are)$/.test(tokens[k]!.lower) && tokens[k - 1]!.lower === ",";
    if (
      t.lower === "was" &&
      tokens.some((x, k) => k > i + 1 && nowAt(k) && x.clause === t.clause)
    ) {
      const now = tokens.findIndex((_, k) => k > i + 1 && nowAt(k));
      // A value, or a name of a few words ("state mgmt was Provider, now Riverpod 2").
      const name = now - i <= 4 && tokens.slice(i + 1, now).some((x) => x.cap);
      if (name || values.some((v) => v.start > i && v.end <= now)) {
        cue(i, "was");
        strong = true;
        markOld(i + 1, now);
      }
    }
    // "WORKER_CONCURRENCY=16 (was 8)": a parenthesis opened by "was" names the old value.
    if (
      t.paren && /^(?:was|previously|formerly)$/.test(t.lower) && !tokens[i - 1]?.paren
    ) {
      let end = i + 1;
      while (end < tokens.length && tokens[end]!.paren) end++;
      if (values.some((v) => v.start > i && v.start < end)) {
        cue(i, t.lower);
        strong = true;
        markOld(i + 1, end);
      }
    }
    // "Vitest, not Jest": the value after a comma's "not" is the old one; so is a name
    // ("owned by Mira, not Leo").
    if (t.lower === "not" && tokens[i - 1]?.lower === ",") {
      let end = i + 1;
      while (
        end < tokens.length && tokens[end]!.clause === t.clause && tokens[end]!.kind !== "punct"
      ) end++;
      const name = end === i + 2 && tokens[i + 1]!.cap;
      if (name || values.some((v) => v.start > i && v.start < end)) {
        cue(i, "not");
        strong = true;
        markOld(i + 1, end);
      }
    }
  }
  for (let i = 0; i < tokens.length; i++) {
    const before = tokens[i]!.lower === "before" &&
      (clauseStart(i) === i || values.some((v) => v.start === i + 1 && v.kind === "date"));
    if (before || starting(tokens, i, HISTORICAL).some((ph) => at(tokens, i, ph))) {
      // The clause it opens, to a comma after it: "used to be Crowdin, translations are in
      // Lokalise now" tells of Lokalise as current.
      const clause = tokens[i]!.clause;
      const comma = tokens.findIndex((x, k) => k > i && x.clause === clause && x.lower === ",");
      tokens.forEach((x, k) => {
        if (x.clause === clause && x.kind !== "punct" && (comma < 0 || k < comma)) {
          oldTokens.add(k);
        }
      });
    }
  }
  for (const v of values) if (v.tense === "current" && oldTokens.has(v.start)) v.tense = "old";
  markNegated(tokens, values);
  return {
    hypothetical: anyNotNoun(tokens, HYPOTHETICAL) || isQuestion(tokens) ||
      tokens.some((x) => x.lower === "may" && !x.cap),
    additive: any(tokens, ADDITIVE) ||
      tokens.some((x, k) =>
        x.lower === "too" && (tokens[k + 1] === undefined || tokens[k + 1]!.kind === "punct")
      ),
    event: isEvent(tokens, values),
    past: change.length === 0 && isPast(tokens),
    change,
    strong,
    oldTokens,
    cueTokens,
  };
}
