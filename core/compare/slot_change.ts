/**
 * A change read as a new filler of the stored statement's slot, when no lexicon knows either
 * value. The incoming statement, which says something changed, is read around its change word:
 * what it changes (the words before the value it gives, its change words and a past verb
 * opening it set aside) and the value (after `to`, `->`, `now`, `with`, or the last verb of
 * being or using; a purpose, a comma or a later clause ends it). The stored statement is read
 * against it: the words the incoming one says (outside its new value) are the subject, the
 * others the value it held. It changes the stored statement when
 *
 * - the stored subject is said, all of it but one leading word ("as of this month training
 *   runs on CoreWeave", "rolled the CNI back to …" after "cluster CNI is Cilium"), or the
 *   stored value is named as old ("replaced swagger-jsdoc w/ tsoa");
 * - a word the incoming statement does not say never stands before its subject (another
 *   subject: "the orders db" / "events db moved …"), and what it changes names nothing the
 *   stored statement does not ("CI cache moved …" is not "CI"; a team is not the thing);
 * - the value it gives is new, or keeps fewer of the values the stored one lists
 *   ("consolidated all dashboards in Grafana"), of the same kind when both are known;
 * - with nothing left after the subject, a name before it was the value ("Rahul is primary
 *   on-call for payments" / "primary on-call for payments is now Bea").
 *
 * A proposal, a question, an addition or a denial is no change (the caller checks the rest).
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import { termsOf } from "./terms.ts";
import { tokensFor } from "./cached_tokens.ts";
import type { Token } from "./tokens.ts";

/** What a slot change replaces: the stored value's words, and the new value. */
export interface SlotChange {
  readonly from: string;
  readonly to: string | null;
}

/** A word of letters that is no function word: a value after `to`/`with` when nothing else is. */
const VALUE_WORD =
  /^(?!(?:the|a|an|our|its|their|all|now|again|too|also|only|here|there)$)[a-z]{2,}$/;

/** Generic heads that name people: a team is not the thing it works on. */
const PEOPLE = /^(?:team|squad|group|org|crew|guild|tribe|peopl|folk)$/;

/** Words after which a change statement gives the new value. */
const TO = /^(?:to|into|onto|->|→|=>|now|with|by|via|=)$/;
/** Words after which a plain statement says what its subject is, uses or where it lives. */
const PIVOT =
  /^(?:is|are|in|on|at|with|via|through|by|under|uses|use|using|runs|run|lives|live|sits|sit|goes|go|has|have|land|lands|=)$/;
/** Words that open a purpose or a second thought, where the value ends ("to save battery"). */
const PURPOSE = /^(?:to|so|for|because|since|after|as|and|but|which|while)$/;

/** The incoming statement's frame: the words of what it changes and of the value it gives. */
interface ChangeFrame {
  /** Every word it says as current up to its new value, outside parentheses and reasons. */
  readonly words: ReadonlySet<string>;
  readonly subject: ReadonlySet<string>;
  readonly value: ReadonlySet<string>;
  readonly valueText: string;
  /** The kinds of the values the lexicons read in the new value. */
  readonly kinds: ReadonlySet<string>;
}

function terms(tokens: readonly Token[]): Set<string> {
  return new Set(tokens.filter((t) => t.kind !== "punct").flatMap((t) => termsOf(t.lower)));
}

type At = { readonly t: Token; readonly i: number };

/** Reads `incoming` around its change words (see the module doc). */
function changeFrame(incoming: Statement): ChangeFrame | null {
  const tokens = tokensFor(incoming.text);
  const { cueTokens, oldTokens } = incoming.cues;
  const skip = new Set<number>([...cueTokens, ...oldTokens]);
  // A statement opened by a verb in the past ("rolled the CNI back to …", "pinned rust to …")
  // names what it changed after it.
  if (/^[a-z]{3,}ed$/.test(tokens[0]?.text ?? "")) skip.add(0);
  for (const v of incoming.values) {
    if (v.tense !== "current") { for (let k = v.start; k < v.end; k++) skip.add(k); }
  }
  // The clause that says what changed: the first with words besides its change words
  // ("UPDATE: MFA is via Okta Verify now").
  for (const clause of new Set(tokens.map((t) => t.clause))) {
    const main: At[] = tokens.map((t, i) => ({ t, i })).filter(({ t }) =>
      t.clause === clause && !t.paren && !t.reason && t.kind !== "punct"
    );
    const content = main.filter(({ i }) => !skip.has(i)).map((x) => x.t);
    if (terms(content).size + content.filter((t) => /\d/.test(t.lower)).length < 2) continue;
    const firstCue = main.findIndex(({ i }) => cueTokens.has(i));
    // After a change word, the first `to`; else the last word of a plain frame.
    let pivot = firstCue < 0
      ? -1
      : main.findIndex(({ t, i }, k) => k > firstCue && TO.test(t.lower) && !skip.has(i));
    if (pivot < 0) {
      pivot = main.findLastIndex(({ t, i }, k) => k > 0 && PIVOT.test(t.lower) && !skip.has(i));
    }
    if (pivot < 0) return null;
    let end = main.findIndex(({ t }, k) => k > pivot + 1 && PURPOSE.test(t.lower));
    const comma = tokens.findIndex((t, i) => i > main[pivot]!.i && t.lower === ",");
    if (comma > 0) {
      const cut = main.findIndex(({ i }) => i > comma);
      if (cut > pivot + 1 && (end < 0 || cut < end)) end = cut;
    }
    if (end < 0) end = main.length;
    const kept = (xs: At[]) => xs.filter(({ i }) => !skip.has(i));
    const after = kept(main.slice(pivot + 1, end));
    // Numbers and versions are values too ("rolled checkout back to 2024.11.2").
    // A plain word that names nothing elsewhere may be the value ("encrypted with age").
    const named = terms(after.map((x) => x.t));
    const value = new Set([
      ...named,
      ...after.filter((x) => /\d/.test(x.t.lower) || named.size === 0 && VALUE_WORD.test(x.t.lower))
        .map((x) => x.t.lower),
    ]);
    if (value.size === 0) return null;
    const span = new Set(after.map((x) => x.i));
    // What it says up to its new value; what follows is comment ("…, cilium kept breaking").
    const last = after[after.length - 1]!.i;
    const stop = tokens.findIndex((t, i) => i > last && (t.lower === "," || t.clause !== clause));
    const said = tokens.filter((t, i) =>
      (stop < 0 || i < stop) && !t.paren && !t.reason && !oldTokens.has(i)
    );
    return {
      words: terms(said),
      subject: terms(kept(main.slice(0, pivot)).map((x) => x.t)),
      value,
      valueText: after.map((x) => x.t.text).join(" "),
      kinds: new Set(
        incoming.values.filter((v) => v.tense === "current" && span.has(v.start)).map((v) =>
          v.kind
        ),
      ),
    };
  }
  return null;
}

/** The stored statement's value: the words after its subject the incoming one does not say. */
interface StoredValue {
  readonly text: string;
  readonly kinds: ReadonlySet<string>;
}

/**
 * Reads the stored statement against the incoming one: its words the incoming statement says
 * as current (not as old, not in its new value) are the subject; the others are the value it
 * held. The subject comes first: a word the incoming statement does not say, standing before
 * every word it does, names another subject ("the orders db" / "events db moved …").
 */
function storedValue(
  stored: Statement,
  incoming: Statement,
  mine: ChangeFrame,
): StoredValue | null {
  const tokens = tokensFor(stored.text);
  const weak = new Set(stored.terms.filter((t) => t.kind === "weak").map((t) => t.term));
  // Said as what changed, or elsewhere outside the new value ("rolled the CNI back to
  // aws-vpc-cni": the CNI is said, though the new value spells it too).
  const said = (w: string) => mine.subject.has(w) || mine.words.has(w) && !mine.value.has(w);
  // Naming the stored value as old ("replaced swagger-jsdoc w/ tsoa") names the fact: its
  // subject need not be said.
  const old = [...incoming.oldWords];
  const named = old.length > 0 && old.every((w) => stored.words.has(w));
  let subject = named;
  let dropped = 0;
  const unsaid: number[] = [];
  const lead: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === "punct" || t.reason || t.paren) continue;
    const words = termsOf(t.lower);
    const value = stored.values.find((v) => v.start <= i && i < v.end && v.tense === "current");
    if (words.length === 0 && !value) continue;
    const generic = words.length > 0 && words.every((w) => weak.has(w));
    if (words.some(said) || (value && said(value.norm))) {
      subject = true;
      continue;
    }
    // What the incoming statement names as old is what it replaces, wherever it stands.
    if (words.some((w) => incoming.oldWords.has(w))) unsaid.push(i);
    else if (generic) continue;
    // One word of the subject left out ("rolled the CNI back" after "cluster CNI is Cilium").
    else if (!subject && dropped++ > 0 && !named) return null;
    else if (subject) unsaid.push(i);
    else if (t.cap) lead.push(i);
  }
  // Nothing unsaid after the subject: a name before it was the value ("Rahul is primary
  // on-call for payments" / "primary on-call for payments is now Bea").
  if (unsaid.length === 0 && dropped === 1) unsaid.push(...lead);
  if (!subject || unsaid.length === 0) return null;
  const at = new Set(unsaid);
  return {
    text: unsaid.map((i) => tokens[i]!.text).join(" "),
    kinds: new Set(stored.values.filter((v) => at.has(v.start)).map((v) => v.kind)),
  };
}

/** The new value keeps some, not all, of the values the stored statement lists in one slot. */
function narrowed(incoming: Statement, stored: Statement, mine: ChangeFrame): boolean {
  if (!incoming.cues.strong) return false;
  const held = stored.values.filter((v) => v.tense === "current" && !v.negated);
  return held.some((v) =>
    held.filter((w) => w.kind === v.kind && w.slots.some((s) => v.slots.includes(s))).length >= 2 &&
    mine.value.has(v.norm) &&
    held.some((w) => w !== v && w.kind === v.kind && !incoming.words.has(w.norm))
  );
}

/** How `incoming` (which says something changed) changes `stored`, or null. */
export function slotChange(incoming: Statement, stored: Statement): SlotChange | null {
  const cues = incoming.cues;
  if (cues.change.length === 0 || cues.hypothetical || cues.additive) return null;
  if (incoming.values.some((v) => v.negated)) return null;
  // It names its own old value, which the stored statement does not hold ("switched the web
  // app from npm to pnpm" changes its package manager, not its Node version).
  const old = [...incoming.oldWords];
  if (old.length > 0 && !old.some((w) => stored.words.has(w))) return null;
  const mine = changeFrame(incoming);
  if (!mine) return null;
  // What it changes names nothing the stored statement does not.
  // A generic head may be said or not ("paging moved …" / "the pager tool"), unless it names
  // people rather than the thing ("the api team moved to the new office").
  const weak = new Set(
    incoming.terms.filter((t) => t.kind === "weak" && !PEOPLE.test(t.term)).map((t) => t.term),
  );
  if ([...mine.subject].some((w) => !stored.words.has(w) && !weak.has(w))) return null;
  // The value it gives is new, or fewer of the values the stored statement lists
  // ("consolidated all dashboards in Grafana" after "… split between Grafana and Kibana").
  if (![...mine.value].some((w) => !stored.words.has(w)) && !narrowed(incoming, stored, mine)) {
    return null;
  }
  const theirs = storedValue(stored, incoming, mine);
  if (!theirs) return null;
  // Both values of kinds the lexicons know: of one kind ("every 60s" / "to 300s").
  const [a, b] = [mine.kinds, theirs.kinds];
  if (a.size && b.size && ![...a].some((k) => b.has(k))) return null;
  return { from: theirs.text, to: mine.valueText || null };
}
