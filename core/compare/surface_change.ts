/**
 * Changes read from the surface of two statements, when the lexicons know none of the values
 * (`change.ts` tries them first). It needs no word list of technologies: a value is anything
 * shaped like one — a number, an identifier (`nodejs16.x`, `/healthz`, `MAX_UPLOAD_MB`), a
 * name written with capitals inside a sentence (`OpsGenie`, `Growth`) — and a subject is the
 * words and identifier parts the two statements share. The incoming statement, which already
 * says something changed, changes the stored one when
 *
 * - it names a value of the stored statement in an old position (`from X`, `replaces X`,
 *   `X -> Y`, `X is out`, `X … decommissioned`, `X.config.js removed`), gives a value the
 *   stored one lacks, and the two share a subject word besides that value; or
 * - both give a number, the stored number is gone from the incoming one, which gives another,
 *   and the two share at least two subject words ("Sidekiq concurrency is 10" → "set sidekiq
 *   concurrency to 25").
 *
 * @module
 */
import {
  isValue,
  otherAttributes,
  otherSubjects,
  sameShape,
  subjectOf,
  type Token,
  tokensOf,
} from "./surface_tokens.ts";
import { STATEMENT_STOPWORDS } from "../text/stopwords.ts";
import { diffChange, diffCue } from "./diff_lines.ts";
import { arrowUpgrade } from "./surface_version.ts";
import { wasNow, wasNowCue } from "./was_now.ts";

/** What a change replaces (as `change.ts` reports it). */
export interface SurfaceChange {
  /** What changed, for people ("statement", "number", "version"). */
  readonly attribute: string;
  /** The stored value it replaces, as written. */
  readonly from: string;
  /** The new value, as written. */
  readonly to: string | null;
}

/**
 * Change marked on the surface, where the lexicon of change words has none: an arrow, a few
 * phrasal verbs, or an event of change the statement follows ("after the GCP move"; "planning
 * the upgrade" is no change).
 */
const SURFACE_CUE =
  /->|→|=>|\b(?:set|went over|failed over|ripped out|is out|are out|is archived|are archived|is dead|is frozen|are frozen|is paused|repartitioned|ramped|replaces)\b|\bafter\b[^.;,]{0,30}\b(?:upgrade|migration|move|cutover)\b/i;

/** Whether `text` marks a change on its surface (an arrow, `X is out`, `set … to`). */
export function surfaceCue(text: string): boolean {
  return SURFACE_CUE.test(text) || diffCue(text) || wasNowCue(text);
}

const ARROWS = new Set(["->", "→", "=>"]);
/** Words around an old value. */
const OLD_BEFORE = new Set([
  "from",
  "deleted",
  "removed",
  "replaces",
  "replaced",
  "replacing",
  "off",
  "not",
  "instead",
  "than",
  "longer",
  "over",
  "ditched",
  "dropped",
  "killed",
  "retired",
]);
const OLD_AFTER = new Set([
  "removed",
  "deleted",
  "decommissioned",
  "frozen",
  "paused",
  "dead",
  "gone",
  "out",
  "retired",
  "deprecated",
  "sunset",
  "archived",
  "read-only",
  "anymore",
  "lapsed",
  "dropped",
  "replaced",
  "returns",
  "was",
  "archived",
  "frozen",
]);
/** Verbs of removal: what follows their `from` is where something was removed, not the old value. */
const REMOVALS = new Set(["dropped", "removed", "deleted", "stripped", "excluded", "purged"]);

/** Whether `incoming` holds `value` (as a token or an identifier's part) in an old position. */
function namedAsOld(
  incoming: readonly Token[],
  value: Token,
  held: ReadonlySet<string> = new Set(),
): boolean {
  return incoming.some((token, i) => {
    const holds = token.norm === value.norm ||
      (value.kind !== "number" && token.kind === "ident" && value.pieces.length === 1 &&
        token.pieces.includes(value.pieces[0]!));
    if (!holds) return false;
    // "Dropped API 21-22" after "supports API 23 and up": a number the stored side lacks
    // makes the old thing another one.
    const next = incoming[i + 1];
    if (held.size > 0 && next && /^\d/.test(next.norm) && !held.has(next.norm)) return false;
    // A file of the old tool, removed: `jest.config.js removed`.
    const near = (from: number, to: number) =>
      incoming.slice(Math.max(0, from), Math.max(0, to)).map((t) => t.norm);
    // "dropped API 21-22 from the Android TV app": after a removal, `from` names the scope.
    const scope = incoming.slice(0, i).some((t) => REMOVALS.has(t.norm));
    return near(i - 2, i).some((w) => OLD_BEFORE.has(w) && !(w === "from" && scope)) ||
      ARROWS.has(incoming[i + 1]?.norm ?? "") ||
      near(i + 1, i + 5).some((w) => OLD_AFTER.has(w));
  });
}

/** How `incoming` (which says something changed) changes `stored`, read from their surface. */
export function surfaceChange(incoming: string, stored: string): SurfaceChange | null {
  // A diff of one key (`diff_lines.ts`), a version before an arrow (`surface_version.ts`), a
  // before and after (`was_now.ts`).
  const diff = diffChange(incoming, stored) ?? arrowUpgrade(incoming, stored) ??
    wasNow(incoming, stored);
  if (diff) return diff;
  const mine = tokensOf(incoming);
  const theirs = tokensOf(stored);
  const storedNorms = new Set(theirs.map((t) => t.norm));
  const storedParts = new Set(theirs.flatMap((t) => t.parts));
  // A value the stored statement lacks: new words, or a known name at another version
  // (`nodejs16.x` → `nodejs20.x`).
  // Or what follows an arrow or `to` ("ported the unit tests to vitest").
  // After an arrow, a new name may be made of the stored words (`orders.v1 -> order-events`).
  const fresh = mine.filter((t, i) =>
    (isValue(t) || ARROWS.has(mine[i - 1]?.norm ?? "") ||
      /^(?:to|onto|into)$/.test(mine[i - 1]?.norm ?? "") && subjectOf([t]).size > 0) &&
    !storedNorms.has(t.norm) &&
    (/\d/.test(t.norm) || ARROWS.has(mine[i - 1]?.norm ?? "") ||
      !t.parts.some((p) => storedParts.has(p)))
  );
  if (fresh.length === 0) return null;
  const ours = subjectOf(mine);
  const common = new Set([...subjectOf(theirs)].filter((w) => ours.has(w)));
  const shared = (without: ReadonlySet<string>) =>
    [...common].filter((w) => !without.has(w)).length;
  // Subjects compared by the words they share besides the value that changed.
  const apart = (value: Token | null) =>
    otherSubjects(
      mine,
      theirs,
      value ? new Set([...common].filter((w) => !value.parts.includes(w))) : common,
    );
  // `master → main`: whatever stands before an arrow was the value.
  const arrowed = theirs.filter((t) =>
    t.kind === "word" && t.norm.length >= 3 && !STATEMENT_STOPWORDS.has(t.norm) &&
    mine.some((m, i) => m.norm === t.norm && ARROWS.has(mine[i + 1]?.norm ?? ""))
  );
  for (const value of [...theirs.filter(isValue), ...arrowed]) {
    // What the stored statement itself names as old is not what it holds.
    if (value.kind !== "number" && value.norm.length < 3 || namedAsOld(theirs, value)) continue;
    if (
      namedAsOld(mine, value, storedNorms) && shared(new Set(value.parts)) >= 1 && !apart(value)
    ) {
      return { attribute: "statement", from: value.text, to: fresh[0]!.text };
    }
  }
  // `nodejs16.x` → `nodejs20.x`: the same name at another version, the old one gone.
  // A version has a dotted number (`16.x`, `22.04`); `svc-12` and `JIRA-123` are ids.
  const versioned = (t: Token) =>
    t.kind === "ident" && /\d\.[\dx]/.test(t.norm) && /[a-z]{2}/.test(t.norm);
  for (const value of theirs.filter(versioned)) {
    const letters = (t: Token) => t.norm.replace(/[\d.]+/g, "#");
    const next = fresh.find((t) => versioned(t) && letters(t) === letters(value));
    if (
      next && !mine.some((t) => t.norm === value.norm) && shared(new Set(value.parts)) >= 1 &&
      !apart(value)
    ) {
      return { attribute: "version", from: value.text, to: next.text };
    }
  }
  const numbers = theirs.filter((t) => t.kind === "number");
  // A number it names as old is no new value ("dropped python 3.8 from …").
  const newNumbers = fresh.filter((t) =>
    t.kind === "number" &&
    !mine.slice(Math.max(0, t.index - 2), t.index).some((w) => OLD_BEFORE.has(w.norm))
  );
  if (
    numbers.length > 0 && numbers.length <= 2 && newNumbers.length > 0 && !apart(null) &&
    !otherAttributes(theirs, numbers[0]!, mine, newNumbers[0]!) &&
    // The stored number said again after the new one is comment ("…, 1.14.2 broke webhooks").
    numbers.every((n) =>
      !mine.some((t) => t.norm === n.norm && t.index < newNumbers[0]!.index) ||
      namedAsOld(mine, n)
    ) &&
    shared(new Set()) >= (sameShape(numbers[0]!, newNumbers[0]!) ? 1 : 2)
  ) {
    return { attribute: "number", from: numbers[0]!.text, to: newNumbers[0]!.text };
  }
  return null;
}
