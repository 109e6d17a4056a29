/**
 * Who holds a thing, read from the frames people write ownership in, whatever the casing:
 * "the identity team owns the auth service", "the OTA update server belongs to the Cloud team",
 * "billing pipeline owner: Data Platform", "cart svc pages go to team checkout-core", and the
 * hand-overs "Farah handed the gdpr erasure job to the privacy eng team", "airflow was handed
 * over from data platform to the infra team", "Priya took over the twilio relationship from
 * Olu". The holder is a value of the `role:owner` slot (`roles.ts` reads the named roles: lead,
 * release manager…); in a hand-over the giver is the old holder, the receiver the current one.
 * A team is a few words before `team` ("the privacy eng team") or a name after it ("team
 * Osprey"); a person is a capitalised name, or a single word in the frame's holder position.
 *
 * @module
 */
import { SOFT, TECH } from "./lexicon.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { STOPWORDS } from "../text/stopwords.ts";

type Span = [number, number];

/** Words that end a holder's span (a team's name does not run through them). */
const STOP =
  /^(?:the|a|an|our|their|to|from|by|of|for|and|or|over|is|was|are|were|in|on|at|as|with|has|had|now)$/;
const TEAM = /^(?:team|squad|guild|org|crew|pod|tribe|group)$/;

function word(t: Token | undefined): boolean {
  return !!t && t.kind === "word" && /^\p{L}[\p{L}\p{N}'&.-]*$/u.test(t.text) &&
    !STOP.test(t.lower) && !TEAM.test(t.lower);
}

/** A plain name word: not a function word, a soft word or a technology. */
function nameWord(t: Token | undefined): boolean {
  return word(t) && !STOPWORDS.has(t!.lower) && !SOFT.has(t!.lower) && !TECH.has(t!.lower);
}

/**
 * A holder starting at `i` ("the infra team", "team Osprey", "Data Platform", "Olu"), ending
 * at or before `limit`; `loose`: a few plain words count as a name too ("from data platform to
 * …").
 */
export function holderAt(
  tokens: readonly Token[],
  i: number,
  limit = tokens.length,
  loose = false,
): Span | null {
  let s = i;
  if (/^(?:the|our)$/.test(tokens[s]?.lower ?? "")) s++;
  if (TEAM.test(tokens[s]?.lower ?? "") && word(tokens[s + 1]) && s + 2 <= limit) {
    let e = s + 2;
    while (e < Math.min(s + 3, limit) && tokens[e]?.cap && word(tokens[e])) e++;
    return [i, e];
  }
  let e = s;
  while (e < Math.min(s + 3, limit) && word(tokens[e]) && tokens[e]!.clause === tokens[s]!.clause) {
    e++;
  }
  if (e > s && e < limit && TEAM.test(tokens[e]?.lower ?? "")) return [i, e + 1];
  // No team word: a name (capitalised words), or one plain word.
  if (e === s) return null;
  let n = s;
  while (n < e && tokens[n]!.cap && nameWord(tokens[n])) n++;
  if (n > s) return [i, n];
  // "Data Platform": capitalised words together name a team, common words or not.
  while (n < e && tokens[n]!.cap && !STOPWORDS.has(tokens[n]!.lower)) n++;
  if (n > s + 1) return [i, n];
  n = s;
  if (loose && tokens.slice(s, e).every(nameWord)) return [i, e];
  return nameWord(tokens[s]) && e === s + 1 ? [i, s + 1] : null;
}

/** A holder ending just before `end` ("the identity team" before "owns", "Farah"). */
export function holderBefore(tokens: readonly Token[], end: number): Span | null {
  for (let start = Math.max(0, end - 4); start < end; start++) {
    if (tokens.slice(start, end).some((t) => t.clause !== tokens[end - 1]!.clause)) continue;
    const span = holderAt(tokens, start, end);
    if (span && span[1] === end) return span;
  }
  return null;
}

/** Verbs whose subject holds what follows ("the identity team owns …"). */
const HOLDS = /^(?:owns|own|maintains|maintain|manages|runs|coordinates|oversees|handles)$/;
/** Verbs of a hand-over ("handed", "transferred"). */
const HANDS = /^(?:handed|hands|hand|passed|transferred|transfered|gave|given|reassigned|moved)$/;

/** The role a verb or noun of holding names: maintaining is its own role (`roles.ts`). */
function roleOf(word: string): string {
  return word.startsWith("maintain") ? "maintainer" : "owner";
}

/** The holders `tokens` names, as `role:owner` values; tokens already used are skipped. */
export function readHolders(tokens: readonly Token[], used: boolean[]): Value[] {
  const out: Value[] = [];
  const free = (span: Span) => tokens.slice(span[0], span[1]).every((_, k) => !used[span[0] + k]);
  const add = (span: Span | null, tense: Value["tense"] = "current", role = "owner") => {
    if (!span || !free(span) || out.some((v) => v.start < span[1] && span[0] < v.end)) return;
    const words = tokens.slice(span[0], span[1]).filter((t) => !/^(?:the|our)$/.test(t.lower));
    if (words.length === 0) return;
    out.push({
      kind: "person",
      slots: [`role:${role}`],
      norm: words.map((t) => t.lower).filter((w) => !TEAM.test(w)).join(" ") || words[0]!.lower,
      text: tokens.slice(span[0], span[1]).map((t) => t.text).join(" "),
      start: span[0],
      end: span[1],
      negated: false,
      tense,
    });
    for (let k = span[0]; k < span[1]; k++) used[k] = true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.reason || t.kind !== "word") continue;
    const next = tokens[i + 1]?.lower ?? "";
    if (HOLDS.test(t.lower) && i > 0) {
      // "the identity team owns …" (not "Kafka runs on …").
      // "Ines runs the iOS release train": a person's name before it holds it too.
      const person = tokens[i - 1]!.cap && nameWord(tokens[i - 1]) &&
        /^(?:the|our|all)$/.test(next);
      if (t.lower === "runs" && !TEAM.test(tokens[i - 1]!.lower) && !person) continue;
      // "Service alpha owns its own schema": what is its own is no shared thing held.
      if (/^(?:its|their|his|her|my|our)$/.test(next)) continue;
      add(holderBefore(tokens, i), "current", roleOf(t.lower));
    } else if (t.lower === "belongs" && next === "to") {
      add(holderAt(tokens, i + 2));
    } else if (/^(?:owner|owners|maintainer|dri)$/.test(t.lower) && tokens[i + 1]?.text === ":") {
      add(holderAt(tokens, i + 2), "current", roleOf(t.lower));
    } else if (
      /^(?:owned|maintained|managed|coordinated|overseen|handled|run)$/.test(t.lower) &&
      next === "by"
    ) {
      add(holderAt(tokens, i + 2), "current", roleOf(t.lower));
    } else if (/^(?:took|takes|taken|taking|take)$/.test(t.lower) && next === "over") {
      if (tokens[i + 2]?.lower === "as") continue;
      // "Kai has taken over …": the holder stands before the auxiliary.
      const aux = /^(?:has|have|had)$/.test(tokens[i - 1]?.lower ?? "") ? i - 1 : i;
      add(holderBefore(tokens, aux));
      const from = tokens.findIndex((x, k) =>
        k > i + 1 && x.clause === t.clause && x.lower === "from"
      );
      if (from > 0) add(holderAt(tokens, from + 1, tokens.length, true), "old");
    } else if (HANDS.test(t.lower)) {
      const to = tokens.findIndex((x, k) =>
        k > i && k < i + 9 && x.clause === t.clause && x.lower === "to"
      );
      if (to < 0) continue;
      const receiver = holderAt(tokens, to + 1, tokens.length, true);
      // "moved to Postgres" is no hand-over: a receiver of a move is a team.
      if (t.lower === "moved" && !TEAM.test(tokens[(receiver?.[1] ?? 0) - 1]?.lower ?? "")) {
        continue;
      }
      if (!receiver) continue;
      add(receiver);
      const from = tokens.findIndex((x, k) => k > i && k < to && x.lower === "from");
      if (from > 0) add(holderAt(tokens, from + 1, to, true), "old");
      // "X handed the Y to Z": X gave it; "Y handed over to Z": Y is what was given ("Priya
      // moved to the data org": she left it).
      else if (
        !/^(?:is|was|were|are|been|got|get)$/.test(tokens[i - 1]?.lower ?? "") &&
        (t.lower === "moved" ||
          tokens.slice(i + 1, to).some((x) => !/^(?:over|back)$/.test(x.lower)))
      ) {
        add(holderBefore(tokens, i), "old");
      }
    }
  }
  return out;
}
