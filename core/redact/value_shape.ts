/**
 * What a word of prose looks like as a secret value: random, a password with symbols, hex, a
 * UUID, mixed-case letters, or nothing a secret could be (a word, a host, an email, a path, a
 * version, a date, an identifier, code, a placeholder).
 *
 * @module
 */
import { typedValue } from "./typed_run.ts";
import { isLiteral, nameWords as nameWordsOf } from "./catalogue.ts";
import { decodeBase64, isPublicPoint, wordFraction } from "./lexical.ts";
import { isObjectId, sharedFormat } from "./token_kind.ts";

/**
 * The shapes a secret value takes in prose. `phrase` is a password people make up (words and
 * digits: `bluemango1992`, `River-Sunflower-73`); it reads as words, so only a password label
 * right before it makes it one (`prose.ts`). `shared` is a format a public key and a secret
 * key share (a reCAPTCHA site key and its secret key both read `6L…`): only a label that says
 * secret makes it one. `digits` (a PIN) is set by `prose.ts`, never here: only a password
 * label with a colon or a copula before it makes digits a secret.
 */
export type ValueShape =
  | "random"
  | "password"
  | "hex"
  | "uuid"
  | "letters"
  | "phrase"
  | "shared"
  | "digits";

/** Where the value sits inside a whitespace-separated word, once wrappers and punctuation are cut. */
export interface Trimmed {
  readonly start: number;
  readonly end: number;
}

const OPENERS = `"'\`“‘«(「【[<„‚‹`;
const CLOSERS = `"'\`”’»)」】]>“‘›`;

/**
 * The value inside `word` without the quotes, brackets, Markdown emphasis and sentence
 * punctuation around it. `!` and `?` stay: passwords end with them.
 */
export function trimWord(word: string): Trimmed {
  let start = 0;
  let end = word.length;
  for (;;) {
    const before = [start, end];
    while (end > start && /[.,;:]/.test(word[end - 1]!)) end--;
    while (end > start && /[=:]/.test(word[start]!)) start++;
    if (word.startsWith("**", start) && word.endsWith("**", end) && end - start > 4) {
      start += 2;
      end -= 2;
    }
    if (end > start && OPENERS.includes(word[start]!)) start++;
    const last = word[end - 1];
    if (end > start && last !== undefined && CLOSERS.includes(last)) {
      const open = OPENERS[CLOSERS.indexOf(last)]!;
      const inner = word.slice(start, end - 1);
      if (last !== ")" && last !== "]" || count(inner, open) < count(inner + last, last)) end--;
    }
    if (before[0] === start && before[1] === end) return { start, end };
  }
}

function count(s: string, c: string): number {
  let n = 0;
  for (const ch of s) if (ch === c) n++;
  return n;
}

/** Words of code that name things, never a passphrase: `QueueRefreshWriter`, `SecretStr`. */
const CODE_WORDS = new Set(
  ("class error exception handler service provider manager factory writer reader adapter " +
    "config input output request response client server controller model view store string " +
    "str type interface auth key secret password token hash hasher encoder validator helper " +
    "util builder event listener impl base abstract default test spec mock failed refresh " +
    "profile queue mapper option value field name id").split(" "),
);

/** A symbol people put in passwords (`-`, `_` and `.` are common in names too). */
const PASSWORD_SYMBOL = /[!@#$%^&*+=?~|<>\\(){}\[\]]/;

/**
 * The shape of a trimmed prose value, or undefined when it is not something a secret can be.
 *
 * @example Usage
 * ```ts
 * import { valueShape } from "./value_shape.ts";
 * import { equal } from "node:assert/strict";
 * equal(valueShape("Tr0ub4dor&3"), "password");
 * equal(valueShape("db.internal.acme.io"), undefined);
 * ```
 */
export function valueShape(v: string): ValueShape | undefined {
  if (v.length < 8 || v.length > 256 || /\s/.test(v)) return undefined;
  const core = v.replace(/[!?]+$/, "");
  if (/^[A-Za-z]+$/.test(core)) {
    return /[a-z]/.test(core) && /[A-Z]/.test(core) && isLiteral(v)
      ? lettersShape(core)
      : undefined; // words, the most common case, leave first
  }
  if (!isLiteral(v) || isPublicPoint(v)) return undefined;
  if (CODE.test(v) || ALGORITHM.test(v)) return undefined; // before brackets: `(1 << 20)).toFixed(1`
  // Brackets that pair with nothing are typed, not code: `D9(JT3ZWTXyOjiM](AJehIf_0`.
  if (typedValue(v)) return "password";
  if (isObjectId(v)) return sharedFormat(v) ? "shared" : undefined;
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) return "uuid";
  if (groupedCode(v)) return "random";
  if (NOT_A_VALUE.some((re) => re.test(v)) || syntaxOrDigestName(v)) return undefined;
  if (core !== v && HOST.test(core)) return undefined; // a host asked about: "login for db-1.eu.acme.io?"
  if (v.includes("/") && readablePath(v)) return undefined;
  const setting = /^[?&.]?([A-Za-z_][\w.\-]*)=/.exec(v)?.[1]; // NAME=value, ?name=value, .path=value
  if (setting && isSettingName(setting)) return undefined;
  if (setting && hostSetting(v)) return undefined;
  if (/^[0-9a-f]{7,40}\.{2,3}[0-9a-f]{7,40}$/i.test(v)) return undefined; // a range of commits
  // Hex shorter than any key (7 to 15 digits) is a short commit, a colour or an id's tail.
  if (/^[0-9a-f]{7,15}$/.test(v) && /\d/.test(v) && /[a-f]/.test(v)) return undefined;
  // Upper-case hex of 16 or 40 digits (`0x` before it or not): a GPG key's long id or its
  // fingerprint.
  if (/^(?:0x)?(?:[0-9A-F]{16}|[0-9A-F]{40})$/.test(v) && /[A-F]/.test(v)) return undefined;
  if (/^(?:[0-9a-f]{16,}|[0-9A-F]{16,})$/.test(v)) {
    return /\d/.test(v) && /[a-f]/i.test(v) ? "hex" : undefined; // not a number, not a word
  }
  if (!/[A-Za-z]/.test(v)) return undefined;
  const digit = /\d/.test(v);
  const lower = /[a-z]/.test(v);
  const upper = /[A-Z]/.test(v);
  const words = wordFraction(v);
  if (PASSWORD_SYMBOL.test(v) && (digit || lower && upper)) {
    return words < 0.8 ? "password" : undefined;
  }
  const classes = Number(digit) + Number(lower) + Number(upper); // symbols alone do not count
  if (classes < 2 || words >= 0.5 || /^[A-Za-z]+[-_]?v?\d{1,4}(?:\.\d+)*$/.test(v)) {
    return undefined;
  }
  const decoded = /^[A-Za-z0-9+\/_\-]{16,}={0,2}$/.test(v) ? decodeBase64(v) : undefined;
  return decoded !== undefined && decoded.length >= 12 && asciiText(decoded) ? undefined : "random";
}

/**
 * A generated code in equal groups of random characters: an app-specific password
 * (`gfmy-zkpj-udmz-uvao`), a recovery code, a licence key; not a name (`eu-west-1`), whose
 * groups differ in length or read as words.
 */
function groupedCode(v: string): boolean {
  if (!/^(?:[a-z0-9]{4,8}|[A-Z0-9]{4,8})(?:-(?:[a-z0-9]{4,8}|[A-Z0-9]{4,8})){2,}$/.test(v)) {
    return false;
  }
  const groups = v.split("-");
  if (groups.some((g) => g.length !== groups[0]!.length)) return false;
  if (/^[\d-]+$/.test(v)) return groups.length >= 4; // a recovery key, not a date or a number
  // Random letters: most groups read as no word, or one has no vowel (4 random letters: 43 %).
  return wordFraction(v) < 0.5 || groups.some((g) => !/[aeiouy0-9]/i.test(g));
}

/** Whether decoded bytes are ASCII text (a cursor, `{"id":…}`), not key material. */
function asciiText(bytes: string): boolean {
  let plain = 0;
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 9 || c === 10 || c === 13) plain++;
  }
  return plain >= 0.95 * bytes.length;
}

/** Mixed-case letters: random case (`ecuBrULFUGH`) or three capitalised words (`CorrectHorseBattery`). */
function lettersShape(v: string): ValueShape | undefined {
  if (!/[a-z]/.test(v) || !/[A-Z]/.test(v)) return undefined;
  const humps = v.match(/[A-Z][a-z]+/g) ?? [];
  if (humps.join("") === v) {
    // Two capitalised words are a name (`DataDog`) unless they read as no words (`ByhmxDhtjt`).
    if (humps.length < 3) {
      return humps.length === 2 && wordFraction(v) < 0.3 ? "letters" : undefined;
    }
    return humps.some((h) => CODE_WORDS.has(h.toLowerCase())) ? undefined : "letters";
  }
  let flips = 0;
  for (let i = 1; i < v.length; i++) {
    flips += Number(/[a-z]/.test(v[i]!) !== /[a-z]/.test(v[i - 1]!));
  }
  // A code word inside counts when the rest reads as words too (`getUserIdFromToken`), not when
  // random case happens to spell one (`ErnUtTIdEmExyVo` holds "id").
  const words = wordFraction(v);
  if (flips < 3 || words >= 0.4 && nameWordsOf(v).some((w) => CODE_WORDS.has(w))) return undefined;
  return words < 0.9 ? "letters" : undefined;
}

/**
 * Code that unpaired brackets would pass for typed: a method call (`.toFixed(`), a member of an
 * index, a call or a name asserted non-null (`]!.lower`, `)!.x`, `op!.changeId`), a template's
 * `${`, an index by a small number or a name (`env[tokenVar]`, `root.members[0]`).
 */
const CODE =
  /\.[A-Za-z_$][\w$]{2,}\(|[\])]!?\.[A-Za-z_$]|[a-z_$]!\.[A-Za-z_$][\w$]{2,}|^\$\{|^[!(.]?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\[(?:\d{1,2}|[A-Za-z_$][\w$.]*(?:\[\d{1,2})?)\]*[;,)]*$/;

/**
 * An algorithm's name (`Argon2id`, `SHA-256`, `AES256-GCM`, `Ed25519`, `HS256`, `secp256k1`) or a
 * binary type's (`Uint8Array`, `Float32Array[]`): names that read as made-up phrases.
 */
const ALGORITHM =
  /^(?:(?:big)?u?int(?:8|16|32|64)(?:clamped)?array(?:\[\])?|float(?:32|64)array(?:\[\])?|argon2(?:id|i|d)?|scrypt|bcrypt|pbkdf2(?:-sha\d+)?|sha-?\d{1,3}|sha3-?\d{3}|blake[23][bs]?|md5|aes-?\d{3}(?:-?(?:gcm|cbc|ctr|siv))?|x?chacha20(?:-?poly1305)?|ed25519|x25519|ed448|x448|secp256[kr]1|p-?(?:256|384|521)|[hrpe]s\d{3}|rsa-?\d{4}|hkdf(?:-sha\d+)?)$/i;

/** Whether a word is an algorithm's name (`Argon2id`), which reads as a made-up phrase. */
export function namesAlgorithm(v: string): boolean {
  return ALGORITHM.test(v);
}

/** A host name whose last label is a top-level domain's letters. */
const HOST = /^[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,12}$/;

/** A name: ssh-ed25519, eu-west-1. */
const NAME_RULE = /^(?=.*[\-_.])[a-z0-9]{1,12}(?:[\-_.][a-z0-9]{1,12})+$/;

/** Things that are not secret values, whatever their letters. */
const NOT_A_VALUE: readonly RegExp[] = [
  /:\/\/|^www\./i, // a URL
  /^(?:~?\/|\.\.?\/|[A-Za-z]:\\|HK(?:LM|CU|CR|U|EY_[A-Z_]+)\\)/, // a path, a registry key
  /^[\w.+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+$/, // an email
  /^[a-z0-9\-]+(?:\.[a-z0-9\-]+)+\.?$/, // a host name
  /^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/, // an IPv4 address
  /^v?\d+(?:\.\d+)+(?:[\-+][\w.\-+]*)?$/, // a version
  /^\d{4}-\d\d-\d\d/, // a date
  /^[\w\-]+\.(?:json|ya?ml|toml|[jt]sx?|py|rb|go|rs|md|txt|log|ppk|pem|key|pub|crt|env|sh|conf|cfg|ini|xml|html|csv|sql|db|zip|tar|gz|tgz|lock)$/i,
  /^[A-Za-z_$][\w$.]*\(|=>|[=!]==|&&|\|\||::|->|<\//, // code
  /\)[.\]};,]|\.[A-Za-z_]\w*\(|\(\)|>>>|\?\./, // code: a method chain, a call, a shift
  /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/, // a constant or an environment variable name
  /^[A-Z][A-Z0-9]{1,7}(?:-[A-Z0-9]{1,8}){1,3}\(?$/, // a standard's name: HMAC-SHA-256, AES-256-GCM
  /^(?:sha\d{1,3}|md5|sha)[:\-=]/i, // a digest
  /^AAAA[A-Za-z0-9+\/]{16}/, // an SSH public key blob
  /^--?[A-Za-z]/, // a command-line flag
  /^[A-Za-z_]\w*=[^=,]*,[A-Za-z_]\w*=/, // a list of settings: m=65536,t=3,p=4
  // A regular expression: a class or an escape with a quantifier, or `^…$` around regex syntax
  // (a class, a group, an escape, a quantified dot); `^` and `$` alone are a password's symbols.
  /\[[^\]]{1,40}\][{*+?]|\\[dwsb]|^\^(?=.*(?:\\.|\[[^\]]+\]|\([^)]*\)|\.[*+?])).*\$$/,
  /^[A-Z][A-Z0-9_]*\[/, // sops ENC[…], an indexed name
  /^\$(?:2[abxy]?|1|5|6|7|y|gy|apr1|sha1|argon2(?:id|i|d)|scrypt|pbkdf2[\w\-]*)\$/, // a crypt(3) hash
  /^[\w.\-{}]+(?::[\w.\-{}*]+){2,}$/, // a cache or Redis key, a coordinate
  NAME_RULE,
];

/**
 * Syntax around a word (`C{valid?}`, `B(Netlify)`), or a name ending in a digest
 * (`node-cache-Linux-x64-npm-<sha>`): the cheap test of the last character first.
 */
function syntaxOrDigestName(v: string): boolean {
  const last = v[v.length - 1]!;
  if (")}]>".includes(last)) return /^[\w$.]*[({\[<][A-Za-z][a-z]*[?!.]?[)}\]>]$/.test(v);
  if (!/[0-9a-f]/.test(last) || v.length < 20) return false;
  const digest = /[\-_.]([0-9a-f]{16,})$/.exec(v);
  return digest !== null &&
    /^(?:[A-Za-z0-9]{1,12}[\-_.]){2,}[A-Za-z0-9]{1,12}$/.test(v.slice(0, digest.index));
}

/** A path of readable segments (`ghcr.io/acme/api:1.2`), not base64 that holds a slash. */
function readablePath(v: string): boolean {
  const segments = v.split("/").filter((s) => s.length > 0);
  const readable = segments.filter((s) =>
    s.length < 20 && (wordFraction(s) >= 0.5 || /^[a-z0-9._\-@:]+$/.test(s))
  );
  return readable.length * 2 >= segments.length;
}

/**
 * Whether a word reads as the name of a setting (`issuer`, `apiKey`, `DB_HOST`): words in
 * lower, camel or constant case, not random letters (`QwQDEESW`).
 */
export function isSettingName(name: string): boolean {
  return name.length >= 3 && wordFraction(name) >= 0.5 &&
    /^(?:[a-z][a-z0-9]*(?:[_.\-][a-z0-9]+)*|[a-z]+(?:[A-Z][a-z0-9]+)+|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)$/
      .test(name);
}

/** `Server=db-1.acme.io`, `Host=cache.local;…`: a pair whose value is a host names a server. */
function hostSetting(v: string): boolean {
  return HOST.test(v.slice(v.indexOf("=") + 1).replace(/;.*$/s, ""));
}

/**
 * Whether a word reads as a made-up password: 8–40 letters and digits, perhaps joined by
 * dashes or with symbols (`;` and `%` too: `Meadow4;bishop`), at least four letters and two
 * digits (or one digit and a capital or a dash); never a version, date, host, path, setting,
 * short name or constant (`purple-monkey-dishwasher-42` is long enough to be a passphrase).
 *
 * @example Usage
 * ```ts
 * import { isPhrase } from "./value_shape.ts";
 * import { equal } from "node:assert/strict";
 * equal(isPhrase("lisbon2-Otter-05"), true);
 * equal(isPhrase("bluemango1992"), true);
 * equal(isPhrase("python3"), false);
 * equal(isPhrase("eu-west-1"), false);
 * equal(isPhrase("Meadow4;bishop"), true);
 * equal(isPhrase("dog$cat$fish"), true);
 * ```
 */
export function isPhrase(v: string): boolean {
  if (
    v.length < 8 || v.length > 40 ||
    !/^[A-Za-z0-9!@#$%^&*+?~][A-Za-z0-9\-!@#$%^&*+?~;=_.,]*$/.test(v)
  ) {
    return false;
  }
  // Three or more words joined by a password's symbols, not a name's `-`, `_` or `.`
  // (`dog$cat$fish`, `salt&pepper&lime!`): a phrase even without digits.
  if (/^[A-Za-z]{2,}(?:[!@#$%^&*+?~;][A-Za-z]{2,}){2,}[!@#$%^&*?~]?$/.test(v)) return true;
  const digits = v.replace(/\D/g, "").length;
  const letters = v.replace(/[^A-Za-z]/g, "").length;
  if (digits === 0 || letters < 4 || digits === v.length) return false;
  if (digits < 2 && !/[A-Z]/.test(v) && !v.includes("-")) return false;
  if (/^[A-Z0-9_]+$/.test(v) || /^v?\d/.test(v)) return false;
  const setting = /^([A-Za-z_][\w.\-]*)[=:]/.exec(v)?.[1]; // SMTP_PASSWORD=…: a setting, not a value
  if (setting && (isSettingName(setting) || /_/.test(setting) || hostSetting(v))) return false;
  // Three or more dashed words with digits read as a name only when short: eu-west-1, not
  // purple-monkey-dishwasher-42.
  const passphrase = (v.length >= 16 && v.split("-").length >= 3) ||
    /^[A-Za-z]{4,}-[A-Za-z]{4,}-\d{2,4}$/.test(v); // falcon-lamp-38, not eu-west-1 or web-api-2
  return !NOT_A_VALUE.some((re) => re.test(v) && !(passphrase && re === NAME_RULE));
}
