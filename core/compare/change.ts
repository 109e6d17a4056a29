/**
 * When a new statement changes a stored one: it says something changed (a change word: a verb
 * of change, `no longer`, `instead of`, `now`, `as of`, `from now on`…), it is about the same
 * subject (no clashing environment, platform or region, and shared subject words), and either
 * it names the stored value as the old one ("from MySQL", "Webpack was replaced", "we don't
 * use husky anymore", "Vitest, not Jest") or it gives another value in a slot the stored
 * statement fills ("Bumped the web app to Node 20" after "runs on Node 18"), or a new filler of
 * the stored slot read without a lexicon (`slot_change.ts`), or another version of the same
 * technology (`upgrade.ts`). A later version said without a change word is an upgrade too. A
 * proposal, a question, a denied change, an addition, or a new fact about an event is no
 * change of a standing fact; nor is a change of another thing of the same kind (`modifiers.ts`:
 * "events db" / "the orders db"), of someone else's, or scoped to an environment the stored
 * fact does not name. Acronyms are read as the words they stand for (`acronyms.ts`). Without a
 * change word, the stored value said to have ended, another given, is a change too (`ceased.ts`).
 *
 * @module
 */
import { withAcronyms } from "./acronyms.ts";
import { withSameNames } from "./same_names.ts";
import { deniesChange, qualifiersAgree, scopedElsewhere } from "./change_scope.ts";
import { answered, ceasedChange, ceasedCue } from "./ceased.ts";
import type { Statement, Term } from "./claims.ts";
import { asserted, attributeName, differences, same } from "./conflict.ts";
import { frameChange } from "./frame_change.ts";
import { surfaceChange, surfaceCue } from "./surface_change.ts";
import { modifiesAnother } from "./modified_value.ts";
import { otherScope, otherVersion, ownSubject, ownTerms } from "./own_subject.ts";
import { attributeTerms } from "./terms.ts";
import { labelAttribute } from "./label.ts";
import { namesSubject } from "./modifiers.ts";
import { apart } from "./apart.ts";
import { codedApart } from "./coded_subjects.ts";
import { restatedContrast } from "./restated_contrast.ts";
import { otherThing } from "./other_thing.ts";
import { notStanding } from "./not_standing.ts";
import { headsApart } from "./heads_apart.ts";
import { unnamedOld } from "./unnamed_old.ts";
import { setAside } from "./aside.ts";
import { implicitUpgrade, versionChange } from "./upgrade.ts";
import { slotChange } from "./slot_change.ts";
import { sameDates } from "./same_dates.ts";
import { currencyMarked, markedSwap } from "./swap.ts";
import { versioned as surfaceVersioned } from "./surface_version.ts";
import { currentCue, currentValue } from "./current_value.ts";
import { demotedChange, demotedCue } from "./demoted.ts";
import { withShortForms } from "./names_key.ts";
import type { Value } from "./value_types.ts";

/** What a change replaces. */
export interface Change {
  /** The attribute that changed, for people ("database", "node version"), or "statement". */
  readonly attribute: string;
  /** The stored value it replaces, as written. */
  readonly from: string;
  /** The new value, as written, when the new statement gives one. */
  readonly to: string | null;
}

function subject(terms: readonly Term[], slots: readonly string[]): Set<string> {
  const attribute = new Set(slots.flatMap((slot) => [...attributeTerms(slot)]));
  return new Set(
    terms.filter((t) => t.kind !== "weak" && t.kind !== "bound" && !attribute.has(t.term))
      .map((t) => t.term),
  );
}

/** Subject words shared, and those only one side has (not even said elsewhere by the other). */
function overlap(a: Statement, b: Statement, slots: readonly string[]) {
  const [x, y] = [subject(a.terms, slots), subject(b.terms, slots)];
  const shared = [...x].filter((w) => y.has(w)).length;
  return {
    shared,
    onlyA: [...x].filter((w) => !y.has(w) && !b.words.has(w)).length,
    onlyB: [...y].filter((w) => !x.has(w) && !a.words.has(w)).length,
  };
}

/** The incoming statement's current value in one of `slots`, as written. */
function newValue(incoming: Statement, slots: readonly string[]): string | null {
  return asserted(incoming).find((v) => v.slots.some((s) => slots.includes(s)))?.text ?? null;
}

/**
 * Whether `incoming` could change any stored statement: it is no proposal, and it says
 * something changed (a change word the lexicon knows, or, without one, a change marked on the
 * surface: `20 -> 50`, `X is out`, `set … to`) or gives a version or a quantity (an implicit
 * upgrade). When it is not, {@linkcode changeBetween} is null
 * whatever the stored statement, which then need not even be read.
 */
export function mayChange(incoming: Statement): boolean {
  return !incoming.cues.hypothetical && (changeMarked(incoming) || numbered(incoming)) ||
    ceasedCue(incoming.text) && (!incoming.cues.hypothetical || answered(incoming.text)) ||
    !incoming.cues.hypothetical &&
      (currencyMarked(incoming) || currentCue(incoming.text) || demotedCue(incoming.text));
}

/** A change word the lexicon knows, or a change marked on the surface. */
function changeMarked(s: Statement): boolean {
  return s.cues.change.length > 0 || surfaceCue(s.text);
}

/** A version or a quantity: what an implicit upgrade needs on both sides (`surface_version.ts`). */
function numbered(s: Statement): boolean {
  return s.values.some((v) => v.kind === "version" || v.kind === "quantity") || surfaceVersioned(s);
}

/**
 * How `incoming` changes `stored`, or null when it does not (see the module doc).
 *
 * @example Usage
 * ```ts
 * import { readStatement } from "./claims.ts";
 * import { changeBetween } from "./change.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const old = readStatement("User accounts are stored in MySQL 5.7.");
 * deepEqual(changeBetween(readStatement("We migrated user accounts from MySQL to PostgreSQL 16."), old), {
 *   attribute: "database",
 *   from: "MySQL",
 *   to: "PostgreSQL",
 * });
 * equal(changeBetween(readStatement("The logging stack moved from MySQL to Loki."), old), null);
 * ```
 */
export function changeBetween(read: Statement, kept: Statement): Change | null {
  if (!mayChange(read) || kept.cues.event || kept.cues.hypothetical) return null;
  // A trial, a day's event, news, a story of the past… (`not_standing.ts`).
  if (notStanding(read, kept)) return null;
  // Without a change word, only a later version of a number both give (an implicit upgrade),
  // or a stored value said to have ended (`ceased.ts`).
  const marked = changeMarked(read) && !read.cues.hypothetical;
  const ceasing = ceasedCue(read.text);
  const current = currencyMarked(read) || currentCue(read.text);
  // The old value demoted to a side clause that ends it, the new one in the main (`demoted.ts`).
  const demoting = demotedCue(read.text);
  if (!marked && !numbered(kept) && !ceasing && !current && !demoting) return null;
  // Another thing changed while the stored one stays, an exception, or what held before a move.
  if (setAside(read, kept) || !qualifiersAgree(read, kept)) return null;
  const refused = (marked || ceasing || current) && deniesChange(read) ||
    marked && scopedElsewhere(read, kept);
  if (refused && !demoting) return null;
  const [incoming, stored] = withSameNames(
    ...withAcronyms(withShortForms(read), withShortForms(kept)),
  );
  const found = (refused ? null : changeRead(incoming, stored, marked, ceasing, current)) ??
    (demoting ? demotedChange(incoming, stored) : null);
  // Two things of one kind ("the orders db" / "events db moved …") are two subjects, a version
  // said more precisely ("14.2" / "14.2.15") the same value; the same dates again confirm; two
  // codes in the subjects ("error E1042" / "E1043") are two things; the stored statement already
  // preferring the new value over the old one is said again, not changed; another product of
  // the stored value's maker, a file or a part of the tool ended ("Expo push notifications").
  return found && !apart(incoming, stored) && !refines(found) && !sameDates(incoming, stored) &&
      !codedApart(incoming, stored) &&
      !restatedContrast(found, incoming, stored) &&
      !otherThing(found.from, found.to, incoming, stored)
    ? found
    : null;
}

/** The readings with a change word, of ending, or of currency, in their order. */
function changeRead(
  incoming: Statement,
  stored: Statement,
  marked: boolean,
  ceasing: boolean,
  current: boolean,
): Change | null {
  return (marked ? changed(incoming, stored) : upgraded(incoming, stored)) ??
    (ceasing || marked ? ceasedChange(incoming, stored) : null) ??
    (current ? markedSwap(incoming, stored) ?? currentValue(incoming, stored) : null) ??
    // Marked as current by an event it follows ("SRE is seven people after this quarter's
    // hires"): another value in the stored slot, as with a change word.
    (current && !incoming.cues.additive ? newInSlot(incoming, stored, asserted(stored)) : null);
}

/** The new value is the old version with more of its parts ("Next.js 14.2" → "Next.js 14.2.15"). */
function refines(found: Change): boolean {
  const split = (v: string | null) => v === null ? null : /^(.*?)v?(\d+(?:\.\d+)*)$/.exec(v.trim());
  const [from, to] = [split(found.from), split(found.to)];
  return !!from && !!to && from[1]!.toLowerCase() === to[1]!.toLowerCase() &&
    to[2]!.startsWith(`${from[2]}.`);
}

/** How `incoming`, which says something changed (a change word or a surface cue), changes `stored`. */
function changed(incoming: Statement, stored: Statement): Change | null {
  const cues = incoming.cues;
  // No change word the lexicon knows: only a change marked on the surface (`20 -> 50`, `X is
  // out`, `set … to`) counts.
  if (cues.change.length === 0) {
    // A stored value named before an arrow ("registry: Docker Hub → ghcr.io") is named as old.
    return surfaceChange(incoming.text, stored.text) ??
      namedOld(incoming, stored, asserted(stored)) ??
      (cues.additive ? null : newInSlot(incoming, stored, asserted(stored))) ??
      upgraded(incoming, stored);
  }
  const held = asserted(stored);
  return namedOld(incoming, stored, held) ??
    (cues.additive ? null : newInSlot(incoming, stored, held) ??
      surfaced(incoming, stored) ?? framed(incoming, stored) ??
      slotted(incoming, stored) ?? versioned(incoming, stored)) ??
    upgraded(incoming, stored);
}

/**
 * A change marked on the surface (`surface_change.ts`), read without subjects: unless each
 * side names a subject of its own, they share none, and the old value is not named ("bumped
 * the notebooks image to python 3.13" after "the API runs on Python 3.12").
 */
function surfaced(incoming: Statement, stored: Statement): Change | null {
  // A platform ("the admin UI", "the iOS app") names a subject as much as a strong word.
  const strong = (s: Statement) =>
    s.terms.filter((t) => t.kind === "strong" || t.kind === "platform").map((t) => t.term);
  const [mine, theirs] = [strong(incoming), strong(stored)];
  const apartSubjects = mine.length > 0 && theirs.length > 0 &&
    !theirs.some((w) => incoming.words.has(w)) && !mine.some((w) => stored.words.has(w));
  const found = surfaceChange(incoming.text, stored.text);
  // Naming the old value itself ("ruff replaces flake8", "RabbitMQ was decommissioned") ties
  // the change to the stored fact whatever its subject words; a bare number ("moved from port
  // 8080") names no thing.
  const named = found && found.from.toLowerCase().split(/[^\p{L}\p{N}.]+/u)
    .some((w) => w.length > 1 && /\p{L}/u.test(w) && incoming.text.toLowerCase().includes(w));
  return apartSubjects && !named ? null : found;
}

/** A new filler of the stored statement's slot (`slot_change.ts`). */
function slotted(incoming: Statement, stored: Statement): Change | null {
  // Read without a lexicon, a scope of its own ("… in the admin tool") is another subject.
  const found = otherScope(incoming, stored) ? null : slotChange(incoming, stored);
  return found && { attribute: "statement", from: found.from, to: found.to };
}

/** Another version of the same technology, said with a change word (`upgrade.ts`). */
function versioned(incoming: Statement, stored: Statement): Change | null {
  const found = versionChange(incoming, stored);
  return found && { attribute: "version", from: found.from, to: found.to };
}

/** A later version of the same thing, said without a change word (`upgrade.ts`). */
function upgraded(incoming: Statement, stored: Statement): Change | null {
  const found = implicitUpgrade(incoming, stored);
  return found && { attribute: "version", from: found.from, to: found.to };
}

/** A change read from the stored statement's frame (`frame_change.ts`), for people. */
function framed(incoming: Statement, stored: Statement): Change | null {
  const found = frameChange(incoming, stored);
  return found && { attribute: "statement", from: found.from, to: found.to };
}

/** The incoming statement names a value the stored one holds as the old one. */
function namedOld(incoming: Statement, stored: Statement, held: readonly Value[]): Change | null {
  // Both name one thing besides the value that changed ("Olu is our contact with Twilio" /
  // "Priya took over the twilio relationship from Olu").
  const mine = asserted(incoming);
  const together = held.some((w) => mine.some((v) => v.norm === w.norm && v.kind === "tech"));
  const related = (slots: readonly string[]) => {
    const o = overlap(incoming, stored, slots);
    return o.shared > 0 || o.onlyA === 0 || o.onlyB === 0 || together;
  };
  // Or the incoming statement names nothing of its own ("IE11 is no longer supported", "use
  // date-fns instead of moment for all existing code", "Samir took over the GE suites").
  const subjectWords = new Set(stored.terms.map((t) => t.term));
  for (const v of incoming.values.filter((x) => x.tense === "old")) {
    const match = held.find((w) => w.slots.some((s) => v.slots.includes(s)) && same(v, w)) ??
      held.find((w) => w.norm === v.norm);
    // A label naming the value's attribute ("registry: Docker Hub → ghcr.io") is no subject.
    const attribute = labelAttribute(incoming, stored, match?.slots ?? []);
    const linked = related([]) && !headsApart(incoming, stored) ||
      ownTerms(incoming, stored, attribute) <= 0 && !ownSubject(incoming, stored, attribute);
    if (
      match && linked && !otherVersion(incoming, stored, match) &&
      !modifiesAnother(incoming, v, stored, match.slots)
    ) {
      return {
        attribute: attributeName(match.slots[0]!),
        from: match.text,
        to: newValue(incoming, match.slots),
      };
    }
  }
  // A named old thing that is no value ("the shared staging DB in the API integration tests"):
  // all its words are the stored statement's, and two of them name its subject.
  const old = [...incoming.oldWords];
  // Or the old span is a stored value and its scope ("disabled dependabot for npm").
  const scoped = old.length >= 2 && held.some((w) => old.includes(w.norm));
  // Unless it names a subject of its own before its change word ("the docs site dropped …").
  if (
    old.length > 0 && old.every((w) => stored.words.has(w)) && !ownSubject(incoming, stored) &&
    (related([]) || scoped || old.filter((w) => subjectWords.has(w)).length >= 2)
  ) {
    const match = held.find((w) => old.includes(w.norm));
    return match
      ? {
        attribute: attributeName(match.slots[0]!),
        from: match.text,
        to: newValue(incoming, match.slots),
      }
      : { attribute: "statement", from: stored.text, to: null };
  }
  return null;
}

/** Change words that say the statement holds from now on, whatever it held before. */
const RESTATING = new Set([
  "from now on",
  "going forward",
  "from here on",
  "as of",
  "starting",
  "effective",
  "henceforth",
  "nowadays",
  "these days",
  "in future",
  "in the future",
]);

/** Each statement's subject is named by a value of one slot, and the two values differ. */
function namedApart(incoming: Statement, stored: Statement): boolean {
  return incoming.values.some((v) =>
    namesSubject(incoming, v) &&
    stored.values.some((w) =>
      namesSubject(stored, w) && !same(v, w) && w.slots.some((slot) => v.slots.includes(slot))
    )
  );
}

/**
 * The incoming statement gives another value in a slot the stored one fills, about its
 * subject; or, saying it holds from now on, gives values the stored one lacks and lacks the
 * stored one's ("From now on release notes go into CHANGELOG.md" after "… on the wiki").
 */
function newInSlot(incoming: Statement, stored: Statement, held: readonly Value[]): Change | null {
  // Values of one slot that name the subjects ("websocket server listens on 8443" / "grpc
  // server port changed to 9443"): two things, whatever other value they differ by.
  if (namedApart(incoming, stored)) return null;
  const fresh = asserted(incoming);
  for (const d of differences(fresh, held, stored.words, incoming.words)) {
    // A subject of its own before its change word ("the data notebooks were upgraded to …"),
    // the words of the attribute aside ("ETL output format changed to …").
    const attribute = new Set(d.slots.flatMap((slot) => [...attributeTerms(slot)]));
    if (ownSubject(incoming, stored, attribute)) continue;
    // It names its own old value of the slot, not the stored one ("marketing email moved from
    // Mailchimp to Customer.io" after "… sent through Postmark"): another subject's change.
    if (
      incoming.values.some((v) => v.tense === "old" && v.slots.some((s) => d.slots.includes(s)))
    ) {
      continue;
    }
    const o = overlap(incoming, stored, d.slots);
    if (
      (o.onlyA === 0 || o.onlyB === 0) && (o.shared > 0 || o.onlyA + o.onlyB <= 1) ||
      o.shared >= 2 && o.onlyA + o.onlyB <= 2
    ) {
      return {
        attribute: attributeName(d.slot),
        from: d.b.map((v) => v.text).join(", "),
        to: d.a.map((v) => v.text).join(", "),
      };
    }
  }
  if (!incoming.cues.change.some((c) => RESTATING.has(c))) return null;
  const gone = held.filter((w) => !fresh.some((v) => same(v, w)) && !incoming.words.has(w.norm));
  const added = fresh.filter((v) => !held.some((w) => same(v, w)) && !stored.words.has(v.norm));
  const o = overlap(incoming, stored, [...gone, ...added].flatMap((v) => v.slots));
  // Same subject: its words (generic heads included) shared, or both about the scope alone.
  const all = (x: Statement) => new Set(x.terms.map((t) => t.term));
  const [mine, theirs] = [all(incoming), all(stored)];
  const together = [...mine].some((w) => theirs.has(w)) || mine.size + theirs.size === 0;
  if (gone.length && added.length && o.onlyA === 0 && o.onlyB === 0 && together) {
    return {
      attribute: attributeName(gone[0]!.slots[0]!),
      from: gone.map((v) => v.text).join(", "),
      to: added.map((v) => v.text).join(", "),
    };
  }
  return gone.length === 0 && added.length > 0 ? unnamedOld(incoming, stored, added) : null;
}
