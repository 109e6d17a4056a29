/**
 * People and teams in a role of a subject: "Kenji owns the mobile backend", "Sam is the owner
 * of …", "The mobile app's tech lead is Lena", "… is maintained by Oskar", "Dev took over as
 * release manager", "Ownership … was handed to the Platform team". The person is the value of
 * the role (`role:owner`); the role's words are the attribute, not the subject.
 *
 * @module
 */
import { ROLES, SOFT, TECH } from "./lexicon.ts";
import type { Token } from "./tokens.ts";
import type { Value } from "./value_types.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** Role words that are verbs with the person before them ("Kenji owns …"). */
const VERBS = new Set(["owns", "own", "maintains", "maintain", "leads", "manages", "curates"]);
const COPULA = new Set(["is", "was", "are", "'s", ":", "=", "remains", "becomes", "became"]);
const NOT_NAMES = new Set([
  "The",
  "Our",
  "Their",
  "Its",
  "This",
  "That",
  "We",
  "I",
  "Each",
  "Every",
  "All",
  "Questions",
  "Ask",
]);

/** Whether `t` can be (part of) a person's or team's name. */
function nameLike(t: Token | undefined): boolean {
  if (!t || t.kind !== "word" || !t.cap || NOT_NAMES.has(t.text)) return false;
  const l = t.lower;
  return !STOPWORDS.has(l) && !SOFT.has(l) && !TECH.has(l) && /^\p{L}[\p{L}'-]*$/u.test(t.text);
}

/** A word of a team's name ("the Platform team"). */
function teamWord(t: Token | undefined): boolean {
  return !!t && t.kind === "word" && t.cap && !NOT_NAMES.has(t.text) &&
    /^\p{L}[\p{L}'-]*$/u.test(t.text);
}

/** A person or team ending at `end - 1`, or starting at `start`: its tokens. */
function personBefore(tokens: readonly Token[], end: number): [number, number] | null {
  let i = end - 1;
  if (tokens[i]?.lower === "team") {
    let j = i - 1;
    while (teamWord(tokens[j]) && j > i - 3) j--;
    if (j < i - 1) return [tokens[j]?.lower === "the" ? j : j + 1, end];
    return null;
  }
  if (!nameLike(tokens[i])) return null;
  // "Chen (Ravi …": a name does not run into or out of a parenthesis.
  if (
    nameLike(tokens[i - 1]) && !tokens[i - 1]!.possessive &&
    tokens[i - 1]!.paren === tokens[i]!.paren
  ) i--;
  return [i, end];
}

function personAfter(tokens: readonly Token[], start: number): [number, number] | null {
  let i = start;
  if (tokens[i]?.lower === "the") i++;
  let j = i;
  while (teamWord(tokens[j]) && j < i + 2) j++;
  if (j > i && tokens[j]?.lower === "team") return [start, j + 1];
  j = i;
  while (nameLike(tokens[j]) && j < i + 2 && tokens[j]!.paren === tokens[i]!.paren) j++;
  if (j === i || tokens[i - 1]?.lower === "the") return null;
  return [start, j];
}

/** The role at `i` (longest spelling), with where it ends. */
const ROLE_FIRST = new Set([...ROLES.keys()].map((r) => r.split(" ")[0]!));

function roleAt(tokens: readonly Token[], i: number): { role: string; end: number } | null {
  if (!ROLE_FIRST.has(tokens[i]!.lower)) return null;
  for (const n of [3, 2, 1]) {
    if (i + n > tokens.length) continue;
    const phrase = tokens.slice(i, i + n).map((t) => t.lower).join(" ");
    const role = ROLES.get(phrase);
    if (role && tokens.slice(i, i + n).every((t) => t.clause === tokens[i]!.clause)) {
      return { role, end: i + n };
    }
  }
  return null;
}

/** The people and teams named in a role, as values; marks the tokens used. */
export function readRoles(tokens: readonly Token[], used: boolean[]): Value[] {
  const out: Value[] = [];
  const add = (role: string, span: [number, number], roleSpan: [number, number]) => {
    const [s, e] = span;
    if (tokens.slice(s, e).some((_, k) => used[s + k])) return;
    // "the Checkout team" and "Checkout" name one team.
    const name = tokens.slice(s, e).map((t) => t.lower).filter((w) => w !== "the" && w !== "team")
      .join(" ") || tokens[s]!.lower;
    out.push({
      kind: "person",
      slots: [`role:${role}`],
      norm: name,
      text: tokens.slice(s, e).map((t) => t.text).join(" "),
      start: s,
      end: e,
      negated: false,
      tense: "current",
    });
    for (let k = s; k < e; k++) used[k] = true;
    for (let k = roleSpan[0]; k < roleSpan[1]; k++) used[k] = true;
  };
  for (let i = 0; i < tokens.length; i++) {
    if (used[i] || tokens[i]!.reason) continue;
    const found = roleAt(tokens, i);
    if (!found) continue;
    const { role, end } = found;
    const span: [number, number] = [i, end];
    const first = tokens[i]!.lower;
    if (tokens[end - 1]!.lower === "by" || tokens[end]?.lower === "by") {
      const after = tokens[end - 1]!.lower === "by" ? end : end + 1;
      const p = personAfter(tokens, after);
      if (p) add(role, p, [i, after]);
    } else if (VERBS.has(first)) {
      const p = personBefore(tokens, i);
      if (p) add(role, p, span);
    } else {
      // "<P> is the (iOS) release manager", "<P> took over as (iOS) release manager".
      let k = i - 1;
      while (
        k > i - 4 && k >= 0 && !COPULA.has(tokens[k]!.lower) && tokens[k]!.lower !== "as" &&
        tokens[k]!.kind === "word" && !tokens[k]!.possessive
      ) k--;
      const overAs = tokens[k]?.lower === "as" && tokens[k - 1]?.lower === "over";
      const byCopula = COPULA.has(tokens[k]?.lower ?? "") && tokens[k]?.lower !== "'s";
      const p = byCopula ? personBefore(tokens, k) : overAs ? personBefore(tokens, k - 2) : null;
      if (p) add(role, p, span);
      else {
        const copula = tokens.findIndex((t, j) =>
          j >= end && j < end + 7 && t.clause === tokens[i]!.clause && COPULA.has(t.lower)
        );
        const after = copula >= 0 ? personAfter(tokens, copula + 1) : null;
        if (after) add(role, after, span);
      }
    }
  }
  // "Sam took over the billing service (from Priya)": the new holder, of its role or ownership.
  for (let i = 1; i < tokens.length; i++) {
    if (
      !/^(?:took|takes|taken|taking)$/.test(tokens[i]!.lower) || tokens[i + 1]?.lower !== "over"
    ) continue;
    if (tokens[i + 2]?.lower === "as") continue;
    const p = personBefore(tokens, i);
    if (p) add(out[0]?.slots[0]?.slice(5) ?? firstRole(tokens) ?? "owner", p, [i, i]);
  }
  // "… was handed (over) to the Platform team", "… passed to Dev": a new holder of the role.
  const role = out[0]?.slots[0]?.slice(5) ?? firstRole(tokens);
  if (role) {
    for (let i = 0; i < tokens.length; i++) {
      if (!/^(?:handed|passed|transferred|given|reassigned|moved)$/.test(tokens[i]!.lower)) {
        continue;
      }
      const to = tokens.findIndex((t, j) => j > i && j < i + 8 && t.lower === "to");
      const p = to >= 0 ? personAfter(tokens, to + 1) : null;
      if (p) add(role, p, [i, i]);
      // "Kofi handed … to Mei": Kofi held it.
      const giver = p ? personBefore(tokens, i) : null;
      if (giver) {
        add(role, giver, [i, i]);
        const held = out.at(-1)!;
        if (held.start === giver[0]) held.tense = "old";
      }
    }
  }
  return out;
}

function firstRole(tokens: readonly Token[]): string | null {
  for (let i = 0; i < tokens.length; i++) {
    const found = roleAt(tokens, i);
    if (found && !VERBS.has(tokens[i]!.lower)) return found.role;
  }
  return null;
}
