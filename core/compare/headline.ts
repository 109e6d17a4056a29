/**
 * A statement written as a headline: a short label, a colon, then items ("db backups:
 * pgBackRest, full backup Sundays 01:00 UTC", "client: Unity 6000.0.23f1 (Unity 6 LTS)", "PM
 * for onboarding: Anil K."). People and agents store facts this way in notes, READMEs and
 * handovers. The label is the subject and its attribute, said once; the first item is the
 * value; what follows (after a comma, a semicolon, a bracket or a dash) is detail about that
 * value: where it is configured, how it is tuned, who signed it off. Read as one sentence, the
 * detail's words look like subject words of their own ("dataset", "subnet router", "prod"), so
 * a plain sentence about the same subject and attribute ("the analytics warehouse is Redshift")
 * never meets the headline's subject. Here the headline is read as its core, the label and the
 * first item, and the core is compared instead: another value of the same subject and
 * attribute is a conflict, the same value with more detail is not (a refinement). A label that
 * frames the statement's mood ("proposal:", "trial:", "question:") names no subject, and a
 * statement that is not a plain current fact as a whole (a proposal, an addition, an event, a
 * past state) is not read by its core either.
 *
 * @module
 */
import { readStatement, type Statement } from "./claims.ts";
import type { Conflict } from "./conflict_type.ts";
import { outlook } from "./outlook.ts";

/** A label: one to five words before a colon; no clause (no comma), no URL's colon. */
const HEADLINE = /^([\p{L}\p{N}][^,:;()\n]{0,60}?)\s*:\s+(\S.*)$/u;

/** Where a headline's first item ends: a comma, a semicolon, a bracket, a spaced dash. */
const ITEM_END = /\s*(?:[,;(]|\s[—–-]\s|\s\/\s)/u;

/** Labels that frame how a statement is meant, not what it is about. */
const MOODS =
  /^(?:update|updates|fyi|note|nb|psa|edit|reminder|heads-up|tl;dr|tldr|todo|done|status|news|change|changes|correction|proposal|proposed|draft|draft plan|plan|idea|rfc|trial|experiment|poc|spike|question|q|maybe|option|wip|blocked|decision pending|open question|aside|context|background)$/i;

/** The core of a headline: `label: first item`, or null when `text` is no headline with detail. */
export function headlineCore(text: string): string | null {
  const m = HEADLINE.exec(text.trim());
  if (!m) return null;
  const [label, rest] = [m[1]!, m[2]!];
  if (label.split(/\s+/).length > 5 || MOODS.test(label)) return null;
  const end = ITEM_END.exec(rest);
  const first = (end ? rest.slice(0, end.index) : rest).replace(/[.!]+$/, "").trim();
  if (!first || first === rest.trim()) return null;
  return parts(first, rest.slice(first.length)) ? null : `${label}: ${first}`;
}

/**
 * Whether the items are a list, or values of parts: a later item (brackets aside: they hold
 * remarks) holds another current value of the first item's kind ("databases: Postgres,
 * Redis, ClickHouse"; "backups: daily snapshots kept 35 days, weekly ones kept 1 year"). The
 * first item is then one of several values, not the label's one value.
 */
function parts(first: string, later: string): boolean {
  const own = readStatement(first).values.filter((v) => v.tense === "current");
  return later.replace(/\([^)]*\)?/g, " ").split(/[,;]/).some((item) =>
    readStatement(item.trim()).values.some((w) =>
      w.tense === "current" && !w.negated &&
      own.some((v) => v.slots.some((slot) => w.slots.includes(slot)))
    )
  );
}

/**
 * Whether a headline's detail leaves it a current fact: no proposal or outlook anywhere in it
 * ("…, not decided yet"), no addition or event outside its brackets. A bracket is a remark on
 * the value ("EU parcels: DPD (contract from Q4)": a date of the value, not an episode); a
 * remark in the past tense or a change of something else in the detail ("internal gRPC: :9090
 * (metrics moved to :9091)") leaves it one too. The core is read for those on its own.
 */
function plain(s: Statement): boolean {
  const unremarked = readStatement(s.text.replace(/\([^)]*\)/g, " "));
  return !s.cues.hypothetical && !outlook(s.text) && !unremarked.cues.additive &&
    !unremarked.cues.event;
}

/**
 * The conflict between `x` and `y` read by the cores of those that are headlines, or null
 * when neither is a headline with detail, either is no plain fact as a whole, or the cores do
 * not conflict. `between` is the conflict reading to apply to the cores.
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { conflictBetween } from "./conflict.ts";
 * import { headlineConflict } from "./headline.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const [x, y] = [readStatement("search: Meilisearch, index per tenant"), readStatement("Search runs on Elasticsearch.")];
 * deepEqual(headlineConflict(x, y, conflictBetween)?.values, ["Meilisearch", "Elasticsearch"]);
 * equal(headlineConflict(readStatement("search: Elasticsearch, index per tenant"), y, conflictBetween), null);
 * ```
 */
export function headlineConflict(
  x: Statement,
  y: Statement,
  between: (a: Statement, b: Statement) => Conflict | null,
): Conflict | null {
  const [cx, cy] = [headlineCore(x.text), headlineCore(y.text)];
  if (cx === null && cy === null) return null;
  if (!plain(x) || !plain(y)) return null;
  const [a, b] = [cx ? readStatement(cx) : x, cy ? readStatement(cy) : y];
  return between(a, b);
}
