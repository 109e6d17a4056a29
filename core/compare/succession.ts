/**
 * A change said without a change word, read where two statements would otherwise conflict:
 * the incoming statement gives the same attribute of the same subject another value, and
 * what it says shows the stored value is the outdated one. Two readings show it:
 *
 * - **a known succession**: the new value is a well-known successor of the stored one in its
 *   ecosystem (`lexicon/successions.json`: "unit tests run on Vitest" after "unit tests use
 *   Jest", "passwords are hashed with argon2id" after "… with bcrypt", "CI runs on GitHub
 *   Actions" after "CI runs on Travis"). Successions go one way: the old value said after
 *   its successor ("we use Jest" after "we use Vitest") stays a conflict, as does a value
 *   said after the stored one when neither succeeds the other ("Linear" / "Jira").
 * - **a value said with the decision that set it**: the incoming statement names who or what
 *   decided it, in an aside ("retention 90 days (legal sign-off)", "… (approved by Priya)",
 *   "… (agreed with finance)") or a clause ("per the new vendor contract", "after the
 *   partner's request"), and the stored statement names none. A plain assertion of a value
 *   is one account; a value with its decision is the newer account of the same fact.
 *
 * Neither fires when the stored statement already names the new value, or the incoming one
 * still names the old one (then both are in use, or one is scoped). The caller has found
 * the conflict: the subject, the attribute and plainness of both are `conflict.ts`'s.
 *
 * @module
 */
import successionsJson from "./lexicon/successions.json" with { type: "json" };
import type { Statement } from "./claims.ts";
import type { Change } from "./change.ts";
import type { Conflict } from "./conflict.ts";
import { notStanding } from "./not_standing.ts";

/** Spelling key of a name: lowercase letters and digits only ("GitHub Actions" → githubactions). */
function key(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/** Each name's spellings as words ("date-fns" → "date fns"), to find it in a text. */
function spoken(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

interface Succession {
  readonly from: readonly string[];
  readonly to: readonly string[];
}

/** Successors by the key of each spelling of a predecessor. */
const SUCCESSORS: ReadonlyMap<string, readonly Succession[]> = (() => {
  const map = new Map<string, Succession[]>();
  for (const [category, entries] of Object.entries(successionsJson)) {
    if (category.startsWith("$")) continue;
    for (const entry of entries as string[]) {
      const [from, to] = entry.split(" > ").map((side) => side.split("|"));
      const found = { from: from!, to: to! };
      for (const name of found.from) map.set(key(name), [...(map.get(key(name)) ?? []), found]);
    }
  }
  return map;
})();

/** A version or a bare number in a value ("Jest 29", "Vitest 2.1"): not part of the name. */
const VERSION_WORD = /^v?\d+(?:\.\d+)*(?:\.x)?$/i;

/** The parts of a value that lists several things ("ESLint + Prettier", "black, isort and flake8"). */
function parts(value: string): string[] {
  return value.split(/\s*(?:\+|&|,|\/(?=\s)|\band\b|\bwith\b)\s*/i).filter((p) => p.trim());
}

/** The spelling keys a value may be read as: whole, without versions, by dotted segments. */
function keys(value: string): string[] {
  const words = value.split(/\s+/).filter((w) => !VERSION_WORD.test(w));
  const out = new Set([key(value), key(words.join(" "))]);
  // An instance type names its family first ("m5.xlarge" → m5, "db.r6g.large" → r6g).
  if (/^[\w-]+(?:\.[\w-]+)+$/.test(value.trim())) {
    for (const segment of value.trim().split(".")) {
      if (/^[a-z]{1,3}\d+[a-z]*$/i.test(segment)) out.add(key(segment));
    }
  }
  out.delete("");
  return [...out];
}

/** The known successions from `old` whose successor `next` names. */
function successions(old: string, next: string): Succession[] {
  const nextKeys = new Set(keys(next));
  return keys(old).flatMap((k) => SUCCESSORS.get(k) ?? []).filter((s) =>
    s.to.some((name) => nextKeys.has(key(name)))
  );
}

/** Whether `text` says one of `names` as words. */
function says(text: string, names: readonly string[]): boolean {
  const words = ` ${spoken(text)} `;
  return names.some((name) => words.includes(` ${spoken(name)} `));
}

/**
 * Whether `next` is a known successor of `old`: every thing `old` lists is succeeded by
 * something `next` names, and the texts do not name both (see the module doc).
 */
export function succeeds(old: string, next: string, oldText = old, nextText = next): boolean {
  const olds = parts(old);
  const nexts = parts(next);
  const found = olds.map((o) => nexts.flatMap((n) => successions(o, n)));
  if (found.some((s) => s.length === 0)) return false;
  const all = found.flat();
  return !all.some((s) => says(nextText, s.from) || says(oldText, s.to));
}

/** Words that name a decision or whoever made it. */
const DECISION =
  "sign-?off|signed[- ]off|approv(?:al|ed)|agreed|asked|request(?:ed)?|mandated?|decided|decision|policy|contract|terms|msa|dpa|audit(?:or)?|finding|announcement|adr(?:-\\d+)?";

/** An aside naming a decision: "(DPO sign-off)", "(approved by Priya)", "(legal asked)". */
const DECIDED_ASIDE = new RegExp(`\\(([^()]*\\b(?:${DECISION})\\b[^()]*)\\)`, "i");

/** A clause naming a decision: "per the new vendor contract", "after the partner's request". */
const DECIDED_CLAUSE = new RegExp(
  `\\b(?:per|after|following|as)\\s+(?:(?:the|our|their|a|an)\\s+)?((?:[\\w'’-]+\\s+){0,3}(?:${DECISION}))\\b`,
  "i",
);

/** A decision not (yet) made: "(RFC-12, not approved)", "pending sign-off", "with no approval". */
const UNDECIDED = /\b(?:not|no|pending|without|yet|unless|if)\b/i;

/** What `text` says decided its value, or null. */
function decidedBy(text: string): string | null {
  const found = DECIDED_ASIDE.exec(text)?.[1] ?? DECIDED_CLAUSE.exec(text)?.[1] ?? null;
  return found && !UNDECIDED.test(found) ? found : null;
}

/**
 * How `incoming` changes `stored` without a change word, or null: they conflict (`found`,
 * read by `conflict.ts`'s `conflictBetween`) and the new value succeeds the stored one or comes
 * with the decision that set it (see the module doc).
 */
export function succession(
  incoming: Statement,
  stored: Statement,
  found: Conflict | null,
): Change | null {
  // What holds for a while, what happened on one day, news and a story of the past leave
  // the standing fact standing, as they do for a change said with a change word.
  if (notStanding(incoming, stored)) return null;
  if (!found) return null;
  const [to, from] = found.values;
  const change = { attribute: found.attribute, from, to };
  if (succeeds(from, to, stored.text, incoming.text)) return change;
  const decision = decidedBy(incoming.text);
  if (decision && !decidedBy(stored.text) && !decision.includes(to)) return change;
  return null;
}
