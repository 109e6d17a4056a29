/**
 * Small cues of a label's clause for the prose binder (`prose.ts`): a copula of a script written
 * without spaces, which the binder's words skip as a separator; a "token" or "secret" that names
 * no service, whose UUID is an id unless it is handed over or stated; the shapes only a key has;
 * a label that only says whose a public thing is ("the checksum of the api token").
 *
 * @module
 */
import type { Label } from "./labels.ts";
import { PUBLIC_KEYS } from "./back_cues.ts";
import { nameWords as nameWordsOf } from "./catalogue.ts";
import { type Shaped, shaped, type Word } from "./prose_value.ts";

/**
 * "token <uuid> expired": a bare "token" or "secret" given a UUID without saying it is its
 * value names the token by its id; "the Snyk token is <uuid>", "token: <uuid>" give it.
 */
export function unstatedId(text: string, label: Label, word: Word, value: Shaped): boolean {
  return label.kind === "secret" && value.shape === "uuid" && bareSecretWord(text, label) &&
    !/(?:\bis|\bwas|[:=])[ \t]*["'`]?$/.test(text.slice(label.end, word.start));
}

/**
 * Whether a label is "token" or "secret" alone: no qualifier glued to it (`api_token`) and no
 * name before it (`Snyk token`), so nothing says which service's credential it is.
 */
function bareSecretWord(text: string, label: Label): boolean {
  if (!/^(?:tokens?|secrets?)$/i.test(text.slice(label.start, label.end))) return false;
  const before = /(\S+)[ \t]+$/.exec(text.slice(Math.max(0, label.start - 40), label.start))?.[1];
  if (before !== undefined && GIVEN.test(before)) return false; // "issued token <uuid>"
  return before === undefined || !/^[A-Z][A-Za-z0-9]*$/.test(before);
}

/** Words before a label that hand a credential over: the UUID after it is the credential. */
const GIVEN = /^(?:issued|generated|created|minted|new|fresh|use|using|with|got|gave|sent)$/i;

/**
 * Whether the text between two words ends in a copula of a script written without spaces, which
 * the words skip as a separator: Thai คือ and เป็น, Chinese 是 and 為/为, Japanese は and が
 * ("รหัสผ่าน wifi ออฟฟิศคือ <value>", "密码 wifi 是 <value>").
 */
export function spacelessCopula(text: string, from: number, to: number): boolean {
  return to - from >= 1 && /(?:คือ|เป็น|是|為|为|は|が)[ \t]*$/.test(text.slice(from, to));
}

/** A word's value when it is shaped like a vendor's key: a UUID, or hex of 32 or 64 digits. */
export function keyShaped(word: Word): Shaped | undefined {
  const value = shaped(word);
  if (value?.shape === "uuid") return value;
  return value?.shape === "hex" && [32, 64].includes(value.end - value.start) ? value : undefined;
}

/** A shape no name or algorithm takes: a password with symbols, or 16 random characters. */
export function strongShape(value: Shaped | undefined): boolean {
  return value !== undefined &&
    (value.shape === "password" || value.shape === "random" && value.end - value.start >= 16);
}

/** A word's value when it is random (an answer's token), else nothing. */
export function randomValue(word: Word): Shaped | undefined {
  const value = shaped(word);
  return value?.shape === "random" ? value : undefined;
}

/** Words that hand a value over as a sentence of their own: "Here:", "here's", "it's", "use". */
const PRESENTER = /^(?:here(?:['’]s)?:?|it['’]s:?|use|try|→|->)$/i;

/**
 * The value handed over by the sentence after a label's ("Need the Redis creds for staging.
 * Here: <value>"): a presenter word, then the value, which the label must accept, and no copula
 * after it.
 */
export function presented(
  next: readonly Word[],
  accept: (word: Word) => Shaped | undefined,
): Shaped | undefined {
  const [first, second, third] = next;
  if (first === undefined || second === undefined || !PRESENTER.test(first.text)) return undefined;
  // "Here: <sha> is the commit": a copula after it makes the value a subject, not a gift.
  if (third !== undefined && /^(?:is|was|are|were|=)$/i.test(third.text)) return undefined;
  return second.text.includes("[REDACTED:") ? undefined : accept(second);
}

/**
 * A password with symbols and a colon glued to it, right before a label ("<value>: password for
 * the NAS"); a name or an id before a colon is a key or a log line's subject ("req_…: password
 * changed").
 */
export function colonGlued(
  word: Word,
  accept: (word: Word) => Shaped | undefined,
): Shaped | undefined {
  // A log's tag (`##[debug]Evaluating:`) has brackets and no digits; a password has digits.
  if (!/[^:]:$/.test(word.text) || !/\d/.test(word.text) || /[\[\]()]/.test(word.text)) {
    return undefined;
  }
  const value = accept({ start: word.start, end: word.end - 1, text: word.text.slice(0, -1) });
  return value?.shape === "password" ? value : undefined;
}

/**
 * Whether the label only says whose a public thing is: "the checksum of the api token: …",
 * "Content-MD5 for the key file", "fingerprint of our deploy key is …". The head of the noun
 * phrase stands before "of" or "for", and it is the value's key.
 */
export function ownedBy(text: string, at: number, end = at): boolean {
  const before = text.slice(Math.max(0, at - 80), at);
  // "the commit that leaked the password was …": the clause's head is the value's key.
  // "the secret's SHA-256 is …", "the token's bcrypt hash": the label owns what follows.
  const owned = /^['’]s[ \t]+([\w\-]+)(?:[ \t]+([\w\-]+))?/.exec(text.slice(end, end + 40));
  const heads = [OWNER.exec(before)?.[1], RELATIVE.exec(before)?.[1], owned?.[1], owned?.[2]];
  return heads.some((head) =>
    head !== undefined && nameWordsOf(head).some((w) => PUBLIC_KEYS.has(w))
  );
}
const OWNER = /(?:^|[\s("'`])([A-Za-z][\w\-]{1,30})[ \t]+(?:of|for)[ \t]+(?:[\w.\-']+[ \t]+){0,3}$/;
const RELATIVE =
  /(?:^|[\s("'`])([A-Za-z][\w\-]{1,30})[ \t]+(?:that|which)[ \t]+(?:[\w.\-']+[ \t]+){0,4}$/;

/**
 * Whether the value at `at` has a key of its own right before it (`Key ID: …`, `kid=…`,
 * `"request_id": "…"`) that names something public, after `from` (the label's end when the label
 * comes first, so the label itself is never that key).
 */
export function ownKeyPublic(text: string, from: number, at: number): boolean {
  const m = OWN_KEY.exec(text.slice(Math.max(from, at - 48), at));
  const key = m?.[1];
  if (key !== undefined && m?.[2] !== undefined) { // sha256(token) =
    return HASH_FUNCTION.test(key.split(/[ \t]/).at(-1)!);
  }
  return key !== undefined && nameWordsOf(key).some((w) => PUBLIC_KEYS.has(w));
}
const OWN_KEY =
  /(?:^|[\s"'`(,{])([A-Za-z][\w\-]{0,20}(?:[ \t][A-Za-z][\w\-]{0,20})?)(\([^()\n]{0,40}\))?["'`]?[ \t]*[:=][ \t]*["'`]?$/;
/** A hash function's name: what `name(x) = …` gives is a digest. */
const HASH_FUNCTION =
  /^(?:sha\w*|md5\w*|hash\w*|hmac\w*|digest|bcrypt|argon2\w*|blake\w*|crc\w*|scrypt|pbkdf2\w*|keccak\w*)$/i;

/**
 * "the root password of the MikroTik", "the admin login for our GitLab": a name after a
 * preposition and a determiner owns the secret, it is not its value. Only a value that reads as
 * a name (capitalised or mixed-case letters, a phrase) is taken so; a strong one is still bound.
 */
export function ownerName(ahead: readonly Word[], i: number, value: Shaped): boolean {
  return i >= 2 && (value.shape === "letters" || value.shape === "phrase") &&
    /^(?:the|our|my|your|their|this|that|its|his|her)$/i.test(ahead[i - 1]!.text) &&
    /^(?:of|for|on|at|to|in)$/i.test(ahead[i - 2]!.text);
}
