/**
 * Secret values that are more than one word of prose, which the word-by-word binder of
 * `prose.ts` cannot see: passphrases of several words after a password label ("the passphrase
 * is ochre lynx lantern puffin 2", `coral.lynx.rudder.43`, "is \"slate heron kettle\""), app
 * passwords in spaced groups ("Gmail app password: yxdk jdkn mejo vwre", WordPress's six
 * groups of four), and credential lists under a heading ("Router creds" then `admin<TAB>…`
 * lines), where the heading names the second column of every row.
 *
 * @module
 */
import { type Candidate, isLiteral } from "./catalogue.ts";
import type { Label } from "./labels.ts";
import { wordFraction } from "./lexical.ts";
import { isPhrase, trimWord, valueShape } from "./value_shape.ts";
import { STOPWORDS } from "../text/stopwords.ts";

/** Words that follow "the password is" in a sentence about a password, not in a passphrase. */
const NOT_PHRASE_WORDS = new Set(
  ("stored kept saved set changed rotated reset required needed missing same " +
    "never always still also already only just now here there below above attached shared " +
    "sent pinned written managed handled generated encrypted hashed expired valid invalid " +
    "long short strong weak secret private unknown different default empty blank " +
    "available unavailable inside").split(" "),
);

/**
 * After a password label: an aside ("for the prod box"), then a copula, a colon (both: "is:"),
 * or a dash ("passphrase — ochre lynx …").
 */
const STATED =
  /^(?:[ \t]+(?:for|of|on|to)[ \t]+[^\n.;:!?"]{1,40}?)?[ \t]*(?:(?:is|was)[ \t]*:?|:|=|→|—|–)[ \t]+/i;

/** A quoted value of several words. */
const QUOTED = /^(["'`“‘])([^"'`“”‘’\n]{5,80})["'`”’]/;

/**
 * Lower-case words joined by one separator, perhaps ending in a number, then the end of the
 * clause: `ochre lynx lantern puffin 2`, `coral.lynx.rudder.gecko.343`, `slate_badger_rudder_7`.
 */
const JOINED =
  /^([a-z]{3,10}(?:([ ._\-])[a-z]{3,10}){1,7}(?:\2\d{1,4})?)(?=$|[ \t]*(?:[,;!?()\n—–]|\.(?:\s|$)|[ \t]-[ \t]))/;

/** Groups of four to six random characters, four or more of them, one space apart. */
const SPACED = /(?<![\w])(?:[A-Za-z0-9]{4,6} ){3,7}[A-Za-z0-9]{4,6}(?![\w])/;

/**
 * A heading naming a list of logins, found by its last word ("Router creds", "Staging creds:",
 * "Users / passwords") then checked for what comes before it on its line.
 */
const HEADING_END = /(?<=(?:creds|credentials|passwords?)[ \t]*:?[ \t]*\**[ \t]*)\r?\n/gi; // at the newline
const HEADING =
  /^[ \t]*(?:[#*>\-]+[ \t]*)?(?:[\w\-]+[ \t]+){0,4}(?:(?:users?|usernames?)[ \t]*(?:&|and|\/)[ \t]*)?(?:creds|credentials|passwords?)[ \t]*:?[ \t]*\**[ \t]*$/i;

/** A row of such a list: a user name, a separator, one value. */
const ROW =
  /^[ \t]*(?:[-*•][ \t]+)?[A-Za-z][\w.@\-]{0,31}(?:\t+|[ \t]{2,}|:[ \t]+|[ \t]*[\/|][ \t]*|[ \t]+[-–—=][ \t]+)(\S{6,80})[ \t]*$/;

/**
 * A BIP39 mnemonic after its name (`seed phrase:`, `MNEMONIC="…"`, "the recovery phrase for
 * the cold wallet is …"): 12 to 24 lower-case words.
 */
const MNEMONIC =
  /(?:mnemonic|seed[ _\-]?(?:phrase|words)|recovery[ _\-]?phrase)[^\n]{0,40}?[ \t]*["'`]?((?:[a-z]{3,8}[ \t]+){11,23}[a-z]{3,8})(?![a-z])/gdi;

/** Candidate spans of multi-word secrets, given the labels `prose.ts` found. */
export function multiWordCandidates(text: string, labels: readonly Label[], out: Candidate[]) {
  for (const label of labels) {
    // An opener ("unlock the vault with", "decrypting it needs") states a password too.
    if (!["password", "secret", "account", "opener"].includes(label.kind)) continue;
    const window = text.slice(label.end, label.end + 160);
    const newline = window.indexOf("\n");
    const rest = newline === -1 ? window : window.slice(0, newline);
    if (label.kind === "account") {
      const pair = spacedPair(rest);
      if (pair) out.push(found(label.end + pair[0], label.end + pair[1]));
      continue;
    }
    const last = colonLast(rest);
    if (last) out.push(found(label.end + last[0], label.end + last[1]));
    const code = spacedCode(rest);
    if (code) out.push(found(label.end + code[0], label.end + code[1]));
    if (/codes?$/i.test(text.slice(label.start, label.end))) codeList(text, label.end, out);
    const phrase = passphrase(rest, label.kind === "secret");
    if (phrase) out.push(found(label.end + phrase[0], label.end + phrase[1]));
    else if (newline !== -1 && /[?？][ \t]*$/.test(rest)) answered(text, label.end + newline, out);
  }
  credentialLists(text, out);
  mnemonics(text, out);
}

/** A chat reply's speaker before its words ("June:", "**leo**:", "> "). */
const REPLY_PREFIX = /^[ \t]*(?:(?:\*\*|__)?[\p{L}][\p{L}\p{N} ._\-]{0,30}(?:\*\*|__)?:|>)?[ \t]*/u;

/**
 * A quoted passphrase given as the reply to a question that names a password ("what's the
 * passphrase on the backup drive?" then `June: "jasper sable candle knoll 32"`): the reply line,
 * after its speaker, opens with the quoted phrase, read as if it stood right after the label.
 */
function answered(text: string, newline: number, out: Candidate[]): void {
  const start = newline + 1;
  const end = text.indexOf("\n", start);
  const line = text.slice(start, end === -1 ? text.length : end);
  const prefix = REPLY_PREFIX.exec(line)![0];
  if (!/^["'`“‘]/.test(line.slice(prefix.length))) return;
  const phrase = passphrase(` ${line.slice(prefix.length)}`);
  if (phrase) {
    out.push(found(start + prefix.length + phrase[0] - 1, start + prefix.length + phrase[1] - 1));
  }
}

/** One backup code: groups of letters and digits, perhaps joined by dashes. */
const CODE = /^[A-Za-z0-9]{3,10}(?:-[A-Za-z0-9]{3,10}){0,3}$/;

/** What the label says the codes are for, up to the colon that opens the list. */
const CODES_FOR = /^[ \t]+(?:for|of|on|to)[ \t][^\n.;:!?"]{1,60}?(?=[:：][ \t])/;

/**
 * Backup and recovery codes listed after their label ("backup codes: 8421-9934 1029-4471",
 * "recovery codes for the ops account: …", or one a line): two or more codes of one layout
 * (length and dashes), at least half of them with a digit (random codes may draw none); the
 * list ends at the sentence's full stop.
 */
function codeList(text: string, from: number, out: Candidate[]): void {
  from += CODES_FOR.exec(text.slice(from, from + 80))?.[0].length ?? 0;
  const window = text.slice(from, from + 400);
  const codes: [number, number][] = [];
  let layout = "";
  let digits = 0;
  for (const m of window.matchAll(/[^\s,;]+/g)) {
    const stop = /[^.]\.$/.test(m[0]); // the last code of a sentence
    const word = m[0].replace(/^[:：]/, "").replace(/\.$/, "");
    if (word === "" || (codes.length === 0 && /^[:：(]$/.test(m[0]))) continue;
    const shape = word.replace(/[A-Za-z0-9]/g, "x");
    const digit = /\d/.test(word);
    if (!CODE.test(word)) break;
    if (layout !== "" && shape !== layout) break;
    layout = shape;
    if (digit) digits++;
    const start = from + m.index + m[0].replace(/\.$/, "").length - word.length;
    codes.push([start, start + word.length]);
    if (stop) break;
  }
  if (codes.length < 2 || digits * 2 < codes.length) return;
  for (const [start, end] of codes) out.push(found(start, end));
}

/** Mnemonics: a wallet's words, in BIP39's counts, few of them English function words. */
function mnemonics(text: string, out: Candidate[]): void {
  for (const m of text.matchAll(MNEMONIC)) {
    const words = m[1]!.split(/[ \t]+/);
    if (words.length % 3 !== 0) continue;
    if (words.filter((w) => STOPWORDS.has(w.toLowerCase())).length > 2) continue;
    const [start, end] = m.indices![1]!;
    out.push(found(start, end));
  }
}

function found(start: number, end: number): Candidate {
  return { start, end, type: "secret_assignment", tier: 1 };
}

/** A spaced code within the label's clause: [start, end) in `rest`. */
function spacedCode(rest: string): [number, number] | undefined {
  const m = SPACED.exec(rest);
  if (m === null) return undefined;
  const before = rest.slice(0, m.index);
  if (/[.;!?](?:\s|$)/.test(before) || before.split(/\s+/).length > 9) return undefined;
  const groups = m[0].split(" ");
  while (groups.length > 4 && STOPWORDS.has(groups.at(-1)!.toLowerCase())) groups.pop();
  if (groups.some((g) => g.length !== groups[0]!.length)) return undefined;
  if (groups.some((g) => STOPWORDS.has(g.toLowerCase()))) return undefined;
  const joined = groups.join("");
  if (!isLiteral(joined)) return undefined; // `xxxx xxxx xxxx xxxx`
  const mixed = Number(/[a-z]/.test(joined)) + Number(/[A-Z]/.test(joined)) +
      Number(/\d/.test(joined)) >= 2;
  const random = wordFraction(groups.join(" ")) < 0.5 ||
    groups.filter((g) => !/[aeiouy]/i.test(g)).length >= 2;
  if (!(mixed ? wordFraction(joined) < 0.5 : random)) return undefined;
  return [m.index, m.index + groups.join(" ").length];
}

/**
 * A passphrase stated after a password label, or given in quotes right after it ("protected
 * with the passphrase \"…\""): [start, end) in `rest`. After a `secret` label ("the vault's
 * secret is …") only a generated one counts: four or more words joined by one separator and
 * ending in a number, which no sentence about a secret is.
 */
function passphrase(rest: string, generated = false): [number, number] | undefined {
  const stated = STATED.exec(rest) ?? /^[ \t]+(?=["'`“‘])/.exec(rest);
  if (stated === null) return undefined;
  const apposed = !/[^ \t]/.test(stated[0]); // a quote right after the label, no copula
  const at = stated[0].length;
  const value = rest.slice(at);
  const quoted = QUOTED.exec(value);
  if (generated || apposed) {
    const inner = quoted ? quoted[2]! : value;
    // In quotes right after a password label, any joined phrase the label states counts
    // ("the passphrase 'purple monkey dishwasher 77'"); bare, or after a `secret` label, only
    // a generated one.
    const length = joinedLength(inner, generated || !quoted);
    if (length === undefined || (quoted && length !== inner.length)) return undefined;
    return quoted ? [at + 1, at + 1 + length] : [at, at + length];
  }
  if (quoted) {
    const words = quoted[2]!.trim().split(/\s+/);
    // "…is “cinder-juniper-indigo-tundra”": one joined phrase in quotes, read as if bare.
    const inner = words.length === 1 ? joinedLength(quoted[2]!) : undefined;
    if (inner === quoted[2]!.length) return [at + 1, at + 1 + inner];
    if (words.length < 2 || words.length > 8) return undefined;
    const plain = (w: string) =>
      /^[A-Za-z0-9][A-Za-z0-9!@#$%^&*,\-]*$/.test(w) && !STOPWORDS.has(w.toLowerCase()) &&
      !NOT_PHRASE_WORDS.has(w.toLowerCase());
    if (!words.every(plain) || !isLiteral(quoted[2]!)) return undefined;
    return [at + 1, at + 1 + quoted[2]!.length];
  }
  const length = joinedLength(value);
  return length === undefined ? undefined : [at, at + length];
}

/**
 * The length of the joined passphrase that starts `value`, if one does; `generated`: only one of
 * four or more words ending in a number (`falcon_juniper_violet_harbor_26`).
 */
function joinedLength(value: string, generated = false): number | undefined {
  const joined = JOINED.exec(value);
  if (joined === null) return undefined;
  const words = joined[1]!.split(joined[2]!);
  const digits = /\d$/.test(joined[1]!);
  const letters = words.filter((w) => !/^\d+$/.test(w));
  if (generated && (!digits || letters.length < 4)) return undefined;
  // Without a number, four words after any password label ("the password is correct horse
  // battery staple"): an English clause that long without a function word is rare.
  if (letters.length < (digits ? 3 : 4)) return undefined;
  if (letters.some((w) => STOPWORDS.has(w) || NOT_PHRASE_WORDS.has(w))) return undefined;
  return joined[1]!.length;
}

/**
 * A login stated as a user and a password with spaces around their separator ("the VPN login
 * for the lab laptop is lab7 / XkqPwoRtzA"), ending its clause: [start, end) of the password.
 */
const PAIR =
  /^([A-Za-z][\w.@\-]{1,31})[ \t]+[\/|:][ \t]+(\S{6,80}?)(?=[.,;!?)]*(?:[ \t]*$|[ \t]+[—–\-(][ \t])|[.,;!?)]+[ \t])/;

function spacedPair(rest: string): [number, number] | undefined {
  const stated = STATED.exec(rest);
  if (stated === null) return undefined;
  const at = stated[0].length;
  const pair = PAIR.exec(rest.slice(at));
  if (pair === null) return undefined;
  const { start, end } = trimWord(pair[2]!);
  const password = pair[2]!.slice(start, end);
  if (valueShape(password) === undefined || password === pair[1]) return undefined;
  const from = at + pair[0].length - pair[2]!.length + start;
  return [from, from + password.length];
}

/**
 * The label's sentence runs on past the binder's reach, then a colon hands over the value that
 * ends the line ("the root password for the lab switch starts with a symbol, careful when
 * pasting: <value>"): one generated value (a password with symbols or a random token, not
 * letters alone, which a rule or a name may be so far from the label), the line's last word,
 * with no sentence ending before it.
 */
const COLON_LAST =
  /^[^.;!?:\n]{0,200}[^\s:]:[ \t]+["'`]?([^\s"'`{}\[\]()<>]{8,120}?)["'`]?[.!]?[ \t]*$/;

function colonLast(rest: string): [number, number] | undefined {
  const m = COLON_LAST.exec(rest);
  if (m === null) return undefined;
  const shape = valueShape(m[1]!);
  if (shape !== "password" && shape !== "random") return undefined;
  const start = m[0].lastIndexOf(m[1]!);
  return [start, start + m[1]!.length];
}

/** Values in the rows under a heading that names logins. */
function credentialLists(text: string, out: Candidate[]): void {
  for (const heading of text.matchAll(HEADING_END)) {
    const lineStart = text.lastIndexOf("\n", heading.index - 1) + 1;
    if (heading.index - lineStart > 80) continue;
    const line = text.slice(lineStart, heading.index);
    if (!HEADING.test(line)) continue;
    const passwords = /passw/i.test(line);
    let at = heading.index + heading[0].length;
    for (let row = 0; row < 20 && at < text.length; row++) {
      const end = text.indexOf("\n", at);
      const line = text.slice(at, end === -1 ? text.length : end);
      const m = ROW.exec(line);
      if (m === null) break;
      const word = m[1]!;
      const { start, end: stop } = trimWord(word);
      const value = word.slice(start, stop);
      // A made-up phrase (`jdoe1987`, `sunny-day-2024`) is a user name as often, unless the
      // heading says passwords.
      if (valueShape(value) !== undefined || (passwords && isPhrase(value))) {
        const from = at + line.lastIndexOf(word);
        out.push(found(from + start, from + stop));
      }
      if (end === -1) break;
      at = end + 1;
    }
  }
}
