/**
 * A change read from the frame of the stored statement when no lexicon knows its value: a
 * stored fact is a subject, a verb or preposition, and what it says of the subject ("the pdf
 * export service is written in | php", "the mac mini CI runners sit in | the office closet").
 * A statement that says something changed (a verb of change or an old value named) changes it
 * when it names that whole subject (at most one word of a long subject left out), does not
 * restate what the stored statement said of it as current, and says something new ("pdf export
 * was rewritten in go", "mac mini runners relocated to macstadium"). Another subject ("the
 * worker service" for "the api service"), another environment or platform, a proposal or an
 * addition is no change.
 *
 * @module
 */
import type { Statement } from "./claims.ts";
import type { Value } from "./value_types.ts";
import { same } from "./conflict.ts";
import { termsOf } from "./terms.ts";
import { tokenize } from "./tokens.ts";

/** Words after which a stored statement says what its subject is, uses or where it lives. */
const PIVOT =
  /^(?:is|are|in|on|to|at|with|via|through|from|by|under|uses|use|using|runs|run|lives|live|sits|sit|goes|go|has|have|extends|says|=)$/;

/** A statement's frame: the words of its subject and of what it says of it. */
export interface Frame {
  readonly subject: Set<string>;
  readonly predicate: Set<string>;
}

const FRAMES = new Map<string, Frame | null>();

/** The stored statement's subject and predicate words, split at its last pivot (remembered). */
export function frameOf(text: string): Frame | null {
  if (FRAMES.has(text)) return FRAMES.get(text)!;
  const found = readFrame(text);
  if (FRAMES.size >= 4_096) FRAMES.clear();
  FRAMES.set(text, found);
  return found;
}

function readFrame(text: string): Frame | null {
  const tokens = tokenize(text);
  const main = tokens.filter((t) => t.clause === tokens[0]?.clause && !t.paren && !t.reason);
  const pivot = main.findLastIndex((t, i) => i > 0 && PIVOT.test(t.lower));
  if (pivot < 1) return null;
  const terms = (from: number, to: number) =>
    new Set(
      main.slice(from, to).filter((t) => t.kind !== "punct").flatMap((t) => termsOf(t.lower)),
    );
  let subject = terms(0, pivot);
  let predicate = terms(pivot + 1, main.length);
  // "I use pnpm for the dashboard repo": no subject before the verb, the scope after "for" is it.
  const scope = main.findIndex((t, i) => i > pivot + 1 && /^(?:for|in)$/.test(t.lower));
  if (subject.size === 0 && scope > 0) {
    subject = terms(scope + 1, main.length);
    predicate = terms(pivot + 1, scope);
  }
  for (const w of predicate) subject.delete(w);
  return subject.size && predicate.size ? { subject, predicate } : null;
}

/** What a frame change replaces: the stored predicate, and the new words. */
export interface FrameChange {
  readonly from: string;
  readonly to: string | null;
}

/** How `incoming` changes `stored` read from the stored frame, or null (see the module doc). */
export function frameChange(incoming: Statement, stored: Statement): FrameChange | null {
  if (!incoming.cues.strong || incoming.cues.additive) return null;
  const frame = frameOf(stored.text);
  if (!frame) return null;
  const { predicate } = frame;
  // The subject's own words: generic heads ("service") and change words name no subject.
  const named = new Set(stored.terms.filter((t) => t.kind !== "weak").map((t) => t.term));
  const subject = [...frame.subject].filter((w) => named.has(w));
  const present = subject.filter((w) => incoming.words.has(w));
  const missing = subject.length - present.length;
  // Two subject words said again, one of them naming something ("the image resizer").
  const said = [...frame.subject].filter((w) => incoming.words.has(w)).length;
  if (present.length < 1 || said < 2 || missing > (present.length >= 3 ? 1 : 0)) return null;
  if (incoming.values.some((v) => v.negated)) return null;
  // It names its own old value, which the stored statement does not hold ("switched the web
  // app from npm to pnpm" changes its package manager, not its Node version).
  const old = [...incoming.oldWords];
  if (old.length > 0 && !old.some((w) => stored.words.has(w))) return null;
  // A stored value said again is no change of it ("JDK 21" / "Temurin 21.0.2").
  const held = stored.values.filter((v) => v.tense === "current" && !v.negated);
  if (held.some((v) => incoming.values.some((w) => w.tense === "current" && same(v, w)))) {
    return null;
  }
  // The stored value is a technology a lexicon knows and the new ones are of other kinds ("npm
  // 10.9 is the pinned npm for the web app" after "web app runs on Node 22"): another attribute.
  const techSlots = (vs: readonly Value[]) =>
    vs.filter((v) => v.kind === "tech" && v.tense === "current").flatMap((v) => v.slots);
  // Only what the stored statement says of its subject ("Terraform state is …" names no value).
  const told = held.filter((v) => termsOf(v.norm.toLowerCase()).some((w) => predicate.has(w)));
  const [was, now] = [techSlots(told), techSlots(incoming.values)];
  if (was.length > 0 && now.length > 0 && !now.some((s) => was.includes(s))) return null;
  // What it said of the subject is not said again as current (it may be named as old).
  const restated = [...predicate].filter((w) => incoming.words.has(w) && !incoming.oldWords.has(w));
  if (restated.length > 0) return null;
  // And something new is said: a word the stored statement lacks, besides the change words.
  const values = incoming.values.filter((v) => v.tense === "current" && !stored.words.has(v.norm));
  const cue = new Set(incoming.cues.change.flatMap((c) => c.split(" ")));
  const fresh = [...incoming.words].filter((w) => !stored.words.has(w) && !cue.has(w));
  if (fresh.length === 0 && values.length === 0) return null;
  return { from: [...predicate].join(" "), to: values[0]?.text ?? fresh[0] ?? null };
}
