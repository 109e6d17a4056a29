/**
 * Secrets named in a sentence rather than assigned: "the Datadog API key for prod is …",
 * "passed … as the client secret", "密码是…". A secret-bearing label (`labels.ts`) is bound
 * to the nearest secret-shaped value (`value_shape.ts`) of its clause, on either side; a
 * value on the line after a label that ends its line counts too, and so does a value that is
 * the subject of "is the … key". A word that names something public (a commit, a hash, an id)
 * blocks a value only when it is that value's own key, not when it says what the secret is for
 * ("key for the side project: …").
 *
 * @module
 */
import type { Candidate } from "./catalogue.ts";
import { oddCase, type Shaped, shaped, type Word } from "./prose_value.ts";
import type { ValueShape } from "./value_shape.ts";
import { cellsBelow } from "./table_column.ts";
import { multiWordCandidates } from "./multiword.ts";
import { ANSWER_ASIDE, ANSWER_OPENER, SPEAKER } from "./answer_line.ts";
import { stated } from "./stated.ts";
import { anaphor } from "./anaphora.ts";
import { lineEndFrom, lineStartBefore, words } from "./prose_words.ts";
import {
  ASIDE_WORDS,
  asideOf,
  bareWord,
  bracketAside,
  captionLine,
  closesAside,
  light,
  pointsBack,
  pointsUp,
  PUBLIC_KEYS,
  publicKey,
  subject,
  vendorHex,
} from "./back_cues.ts";
import { findLabels, type Label, type LabelKind, pinOnly } from "./labels.ts";
import {
  colonGlued,
  keyShaped,
  ownedBy,
  ownerName,
  ownKeyPublic,
  presented,
  randomValue,
  spacelessCopula,
  strongShape,
  unstatedId,
} from "./clause_cues.ts";

/** What each kind of label accepts, and how far it looks (in words). */
const ACCEPTS: Record<LabelKind, { shapes: readonly ValueShape[]; ahead: number; back: number }> = {
  password: {
    shapes: ["random", "password", "hex", "uuid", "letters", "phrase", "shared", "digits"],
    ahead: 10,
    back: 8,
  },
  secret: { shapes: ["random", "password", "hex", "uuid", "shared", "phrase"], ahead: 10, back: 6 },
  vendor: { shapes: ["random", "password", "hex", "uuid"], ahead: 5, back: 0 },
  weak: { shapes: ["password", "phrase", "letters"], ahead: 6, back: 0 },
  opener: { shapes: ["password", "phrase", "letters", "random"], ahead: 2, back: 0 },
  account: { shapes: ["password", "phrase", "letters", "random"], ahead: 2, back: 0 },
  login: { shapes: ["password", "phrase"], ahead: 2, back: 0 },
  bare: { shapes: ["random", "password", "hex", "uuid"], ahead: 6, back: 0 },
  loose: { shapes: ["random", "password"], ahead: 3, back: 0 }, // 16 characters or more
  cue: { shapes: ["password", "phrase", "letters", "random"], ahead: 0, back: 4 },
  cueUser: { shapes: ["password", "phrase", "random"], ahead: 0, back: 4 },
};

/** Labels whose table column holds their values (a header cell names a secret). */
const COLUMN_KINDS: ReadonlySet<LabelKind> = new Set(["password", "secret", "vendor", "bare"]);

/** How many words after a label are read: the longest reach, plus one. */
const LOOK_AHEAD = 11;

/** Candidate spans for secrets named in prose. */
export function proseCandidates(text: string, out: Candidate[]): void {
  const taken = new Set<number>();
  const shapes: Shapes = new Map();
  const labels = findLabels(text);
  multiWordCandidates(text, labels, out);
  for (const label of labels) {
    if (ownedBy(text, label.start, label.end)) continue; // "the checksum of the api token: …"
    const accept = (word: Word) => {
      const key = word.start * 1024 + Math.min(1023, word.end - word.start);
      if (!shapes.has(key)) shapes.set(key, shaped(word));
      const value = shapes.get(key);
      if (label.kind === "bare" && value?.shape === "hex" && value.end - value.start === 40) {
        return undefined; // a bare "key" of a commit's length: a commit or a content hash
      }
      if (label.kind === "loose" && value && value.end - value.start < 16) return undefined;
      // A UUID is an id unless a bare "key" is said to be it: "the key is <uuid>", "key: <uuid>".
      if (label.kind === "bare" && value?.shape === "uuid") {
        if (!/(?:\bis|\bwas|[:=])[ \t]*["'`]?$/.test(text.slice(label.end, word.start))) {
          return undefined;
        }
      }
      if (value && unstatedId(text, label, word, value)) return undefined; // "token <uuid> expired"
      if (value && value.start > label.end && ownKeyPublic(text, label.end, value.start)) {
        return undefined; // "…the secret: Key ID: <id>"
      }
      if (value && value.end <= label.start && ownKeyPublic(text, 0, value.start)) {
        return undefined; // "Key ID: <id> (the secret is in the vault)"
      }
      if (label.kind === "account" && !value?.paired) return undefined; // a user name alone
      // After "log in with", a phrase of two words or more (`Anchor_178Granite`), not a product's
      // name and version (`Office365`).
      if (
        label.kind === "login" && value?.shape === "phrase" &&
        (text.slice(value.start, value.end).match(/[A-Za-z]{3,}/g) ?? []).length < 2
      ) return undefined;
      // Random-case letters only after `user / …`, the pair's slash (`ops / LfdlsSULyq`), not
      // capitalised words (`docs / GitHubActions`).
      if (
        label.kind === "weak" && value?.shape === "letters" && (text[label.start] !== "/" ||
          /^(?:[A-Z][a-z]+)+$/.test(text.slice(value.start, value.end)))
      ) return undefined;
      return value && ACCEPTS[label.kind].shapes.includes(value.shape) ? value : undefined;
    };
    // A secret column's header: every value below it (`| System | User | Password |`).
    if (COLUMN_KINDS.has(label.kind)) {
      for (const cell of cellsBelow(text, label.start, label.end)) {
        if (redacted(cell) || /\s/.test(cell.text) || taken.has(cell.start)) continue;
        const found = accept(cell);
        if (found === undefined) continue;
        taken.add(found.start);
        out.push({ start: found.start, end: found.end, type: "secret_assignment", tier: 1 });
      }
    }
    const value = bind(text, label, accept);
    if (value === undefined) continue;
    for (const { start, end } of [value, ...siblings(text, value.end, accept)]) {
      if (taken.has(start)) continue;
      taken.add(start);
      out.push({ start, end, type: "secret_assignment", tier: 1 });
    }
  }
}

/** The value a label names, if its clause holds one. */
function bind(
  text: string,
  label: Label,
  accept: (word: Word) => Shaped | undefined,
): Shaped | undefined {
  const accepts = ACCEPTS[label.kind];
  const { end: lineEnd, cut } = lineEndFrom(text, label.end);
  let limit = LOOK_AHEAD;
  let ahead = words(text, label.end, lineEnd, limit);
  let whole = ahead.length < limit && !cut; // every word up to the end of the line
  let best: (Shaped & { distance: number }) | undefined;
  let aside = ""; // the aside the scan is in: "dash" or "paren"
  let counted = 0; // words read outside asides
  let sawAside = false;
  for (let i = 0; counted < accepts.ahead; i++) {
    if (i === ahead.length) {
      // "the password — which Priya reset on Monday after … — is …": an aside does not count
      // toward the reach, so when one was read and the words ran out, read further.
      if (!sawAside || limit !== LOOK_AHEAD || whole) break;
      limit += ASIDE_WORDS;
      ahead = words(text, label.end, lineEnd, limit);
      whole = ahead.length < limit && !cut;
      if (i === ahead.length) break;
    }
    const word = ahead[i]!.text;
    if (aside === "") {
      aside = asideOf(word, ahead[i - 1]?.text);
      if (aside === "") counted++;
      else sawAside = true;
    } else if (closesAside(aside, word)) aside = "";
    if (redacted(ahead[i]!)) return undefined;
    const value = accept(ahead[i]!) ??
      (label.kind === "password" && /:$/.test(ahead[i - 1]?.text ?? "")
        ? oddCase(ahead[i]!)
        : undefined);
    // A PIN right after its label, or stated with a copula further on when the label can only
    // name a PIN ("the PIN for the door in the lab is 4829").
    const named = value && (value.shape !== "digits" || i <= 1 || pinOnly(text, label)) &&
      !publicKey(ahead.slice(0, i).map((w) => w.text)) && !ownerName(ahead, i, value);
    const before = spacelessCopula(text, ahead[i - 1]?.end ?? label.end, ahead[i]!.start)
      ? { text: "is" }
      : ahead[i - 1];
    if (named && stated(value, before, ahead[i + 1], label.kind)) {
      best = { ...value, distance: i };
      break;
    }
    const asked = i === 0 && /^[?？]$/.test(ahead[0]!.text); // "the DB password? A: …"
    if (aside !== "" || asked) continue;
    if (endsClause(text, ahead[i]!) && (i < ahead.length - 1 || !whole)) {
      const handed = presented(ahead.slice(i + 1, i + 4), accept); // "… creds. Here: <value>"
      if (handed) best = { ...handed, distance: i + 2 };
      break;
    }
  }
  // A line that ends in a colon hands over what follows, however long it runs ("Here is the
  // token you asked for, on its own line so you can copy it:"), if no sentence ends on it.
  const hands = !cut && /:[ \t]*$/.test(text.slice(label.end, lineEnd));
  const rest = hands && !whole ? words(text, label.end, lineEnd, 40) : ahead;
  const open = rest.every((w, i) => i === rest.length - 1 || !endsClause(text, w));
  if (
    best === undefined && accepts.ahead > 0 && (whole || hands && rest.length < 40) && open &&
    (ahead.length <= 8 || hands) &&
    !asksForPublic(text, label.start) && !tableRow(text, label.start) // a row's next is a record
  ) {
    const asked = /[?？]\s*$/.test(text.slice(label.end, lineEnd));
    const next = nextLine(text, lineEnd, asked);
    for (let i = 0; i < next.length && best === undefined; i++) {
      if (redacted(next[i]!)) return undefined;
      // An answer to a service's key ("need the segment write key" / "<uuid>") gives it in any
      // key's shape; to an "auth" asked for ("what's the redis auth?"), a random value too.
      const value = accept(next[i]!) ??
        (label.kind === "loose" ? keyShaped(next[i]!) : undefined) ??
        (asked && /^auth$/i.test(text.slice(label.start, label.end))
          ? randomValue(next[i]!)
          : undefined);
      if (value && !publicKey(next.slice(0, i).map((w) => w.text))) {
        best = { ...value, distance: ahead.length };
      }
    }
  }
  if (best === undefined && COLUMN_KINDS.has(label.kind)) {
    for (const cell of cellsBelow(text, label.start, label.end)) { // a header's column
      if (redacted(cell)) return undefined;
      if (/\s/.test(cell.text)) continue; // words, not a value
      const value = accept(cell);
      if (value) return value;
    }
  }
  if (best === undefined && accepts.back > 0) { // a value before its label: "… as the password"
    const lineStart = lineStartBefore(text, label.start);
    const behind = words(text, Math.max(lineStart, label.start - 200), label.start).reverse();
    // "<value> into the config, that's the Datadog API key": a demonstrative before the label
    // points back to the value, further than a plain "as the key" reaches.
    const pointed = pointsBack(behind.slice(0, 8).map((w) => w.text));
    const reach = pointed ? 16 : accepts.back;
    const closesAside = /^[ \t]*\)/.test(text.slice(label.end, label.end + 4));
    for (let i = 0; i < Math.min(behind.length, reach); i++) {
      if (text[behind[i]!.end] === ";" || behind[i]!.text.endsWith(".")) { // another clause
        const referent = pointsBack(behind.slice(0, i).map((w) => w.text)) && i > 0 &&
          anaphor(text, behind, i, accept); // "Paste <value> into …; it is the API token"
        if (referent) best = { ...referent, distance: i };
        break;
      }
      if (i > 0 && redacted(behind[i]!)) break;
      // "… password": a word between, or a colon after a strong value ("<value>: NAS password").
      const found = i > 0 ? accept(behind[i]!) : colonGlued(behind[0]!, accept);
      // A PIN is given after its label: digits before one are a code, a port or a count.
      const value = found?.shape === "digits" ? undefined : found;
      const between = behind.slice(0, i).map((w) => w.text);
      // Hex and UUIDs before a label are commits and ids more often than secrets, except hex
      // of a key's length (32 or 64 digits, never a commit's 40) given "as" the label's value
      // or said to look "like" it: "Supplied <hex> as X-Api-Key", "<hex> looks like our key".
      const keyLength = value?.shape === "hex" &&
        /^(?:[0-9a-f]{32}|[0-9a-f]{64})$/i.test(text.slice(value.start, value.end));
      const keyHex = keyLength && between.some((w) => /^(?:as|like)$/i.test(w)) &&
          !between.some((w) => PUBLIC_KEYS.has(bareWord(w))) || // not "<md5> checksum looks like …"
        value?.shape === "hex" && vendorHex(text, between, value, label.end, behind[i + 1]);
      const hexKind = value?.shape === "hex" || value?.shape === "uuid";
      const joined = between.some((w) => /^(?:as|like|is|was|=|for|→|←|<-|--|—|–)$/i.test(w)) &&
          (keyHex || subject(between) || !hexKind) ||
        (pointed && (keyLength || !hexKind) &&
          !between.some((w) => PUBLIC_KEYS.has(bareWord(w)))) ||
        bracketAside(
          between,
          strongShape(value) || keyLength ||
            closesAside && label.kind === "password" &&
              /^(?:letters|random|password)$/.test(value?.shape ?? ""),
          closesAside,
        );
      // "<value> (no spaces, case matters)", not "<value> is case-sensitive" (a name's rule).
      const cue = label.kind === "cue" || label.kind === "cueUser";
      const cued = cue && !between.some((w) => /^(?:is|are|was|were|must|should|be)$/i.test(w));
      const named = !cue &&
        (joined || (between.every(light) && /^(?:password|letters)$/.test(value?.shape ?? "")));
      if (value && (cued || named)) {
        best = { ...value, distance: i };
        break;
      }
      if (endsClause(text, behind[i]!)) break; // the previous sentence
    }
  }
  if (best === undefined && accepts.back > 0) best = lineAbove(text, label, accept);
  return best;
}

/**
 * "<value>\n^ that's the prod db password": a line that points up at the one above it, which
 * holds a value and little else.
 */
function lineAbove(
  text: string,
  label: Label,
  accept: (word: Word) => Shaped | undefined,
): (Shaped & { distance: number }) | undefined {
  const lineStart = lineStartBefore(text, label.start);
  const { end: lineEnd } = lineEndFrom(text, label.end);
  const caption = captionLine(text.slice(lineStart, label.start), text.slice(label.end, lineEnd));
  if (lineStart < 2 || !(caption || pointsUp(text.slice(lineStart, label.start)))) {
    return undefined;
  }
  const previous = words(text, lineStartBefore(text, lineStart - 1), lineStart - 1, 3);
  if (previous.length === 0 || previous.length > 2 || redacted(previous.at(-1)!)) return undefined;
  const value = accept(previous.at(-1)!);
  if (value === undefined || value.shape === "uuid") return undefined;
  if (value.shape === "hex" && !/^(?:.{32}|.{64})$/.test(text.slice(value.start, value.end))) {
    return undefined; // a commit's or a digest's length
  }
  return { ...value, distance: 0 };
}

/**
 * Whether the label's line, before the label, asks for something public ("what's the commit for
 * the token fix?"): then the next line answers with that, not with the secret.
 */
function asksForPublic(text: string, at: number): boolean {
  const before = words(text, lineStartBefore(text, at), at);
  return before.some((w) => PUBLIC_KEYS.has(bareWord(w.text)));
}

/** Whether the line at `at` is a table's row (`| password | string |`). */
function tableRow(text: string, at: number): boolean {
  return /^[ \t]*\|/.test(text.slice(lineStartBefore(text, at), at));
}

/** Whether a word holds an earlier redaction: its label's value is taken care of. */
function redacted(word: Word): boolean {
  return word.text.includes("[REDACTED:");
}

/** Whether a sentence or clause ends with this word. */
function endsClause(text: string, word: Word): boolean {
  return /[.!?]$/.test(word.text) || text[word.end] === ";";
}

/**
 * The next line when it holds a value and little else ("A: …", "-> …"): under its label. Under
 * a question ("what's the rabbit pw for staging?"), an answer that opens like one ("it's …",
 * "here: …") may go on after its first words.
 */
function nextLine(text: string, lineEnd: number, asked: boolean): Word[] {
  let at = lineEnd;
  for (let blank = 0; blank < 3 && at < text.length; blank++) { // up to two blank lines between
    const { end } = lineEndFrom(text, at + 1);
    const line = words(text, at + 1, end, 4);
    // A chat export's speaker line ("**leo** 10:02", "leo — Today at 10:02") or a heading's rule
    // (`-------`) is no answer: read on.
    if (
      SPEAKER.test(text.slice(at + 1, end)) ||
      /^[ \t]*[-=_*~]{3,}[ \t]*$/.test(text.slice(at + 1, end))
    ) {
      at = end;
      continue;
    }
    if (line.length > 0) {
      if (line.length <= 3) return line;
      if (asked && ANSWER_ASIDE.test(text.slice(at + 1, end))) return line.slice(0, 1);
      return asked && ANSWER_OPENER.test(line[0]!.text) ? line.slice(0, 3) : [];
    }
    at = end;
  }
  return [];
}

/** Words that join two values of one label: "from … to …", "… and …", "… / …". */
const JOINERS = new Set("to and or / , & → -> | vs then new old the now one is was :".split(" "));

/**
 * Values that follow a bound value and are joined to it ("from X to Y", "X and Y", "X / Y"):
 * one label, several secrets.
 */
function siblings(
  text: string,
  from: number,
  accept: (word: Word) => Shaped | undefined,
): Shaped[] {
  const out: Shaped[] = [];
  let at = from;
  for (let n = 0; n < 3; n++) {
    const next = words(text, at, lineEndFrom(text, at).end, 4);
    const i = next.findIndex((w) => !JOINERS.has(w.text.toLowerCase()));
    if (i < 1 || redacted(next[i]!)) break; // a value must follow a joiner
    const value = accept(next[i]!);
    if (value === undefined) break;
    out.push(value);
    at = value.end;
  }
  return out;
}

/** A word's value and its shape, per word (start and length): labels near each other share them. */
type Shapes = Map<number, Shaped | undefined>;
