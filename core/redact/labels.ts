/**
 * Secret-bearing labels in prose: the words that say a nearby value is a secret, in English
 * and the languages people write notes in ("password", "DB pw", "API key", "client secret",
 * `ROLLBAR_ACCESS_TOKEN`, "Datadog key", "senha", "密码", "パスワード"), and weak ones that
 * only vouch for a value shaped like a password ("as admin /", "can you try", "Redis AUTH",
 * "as deploy with", "etl / …").
 *
 * @module
 */
import {
  DENY_AFTER,
  DENY_BEFORE,
  nameSignal,
  nameWords,
  STRONG_KEY_QUALIFIERS,
} from "./catalogue.ts";
import {
  CJK_PASSWORD,
  CJK_SECRET,
  FOREIGN_PASSWORD,
  FOREIGN_SECRET,
  FOREIGN_SECRET_WORD,
  INFLECTED,
  LETTER,
} from "./label_words.ts";

/**
 * How much a label vouches for:
 * - `password`: any secret shape, letters included; `secret`: any shape but letters;
 * - `vendor` ("Datadog key", "Datadog: …"): random, hex and UUIDs near it;
 * - `bare` ("key's …", a table's `key` column, "…, key <token>"): random values, passwords and
 *   hex, but not a commit's 40 hex nor a UUID (an id); `loose` (a lower-case word before
 *   "key"): only random values and passwords of 16 characters or more;
 * - `weak` ("as admin /", "try"): only a password or a made-up phrase right after it;
 * - `account` ("the grafana login is admin:…", "sign-in: ops/…"): only the password of a
 *   `user:password` pair right after it (a login alone is a user name);
 * - `opener` ("unlock the keystore with", "Jenkins: admin, …"): a password, a phrase, letters
 *   or a random value right after it; `login` ("log in with"): a password with symbols or a made-up phrase;
 * - `cue` ("no spaces, case matters") and `cueUser` ("same user as before", "don't share"): what
 *   only a secret is said to have, for the value just before it (`cueUser` not letters alone,
 *   which a user name may be).
 */
export type LabelKind =
  | "password"
  | "secret"
  | "vendor"
  | "bare"
  | "loose"
  | "weak"
  | "opener"
  | "account"
  | "login"
  | "cue"
  | "cueUser";

/** A label and where it sits. */
export interface Label {
  readonly start: number;
  readonly end: number;
  readonly kind: LabelKind;
}

const PASSWORD_WORDS = new Set(
  "password passwd pwd pw pass passphrase passcode passwort kennwort pin".split(" "),
);

/**
 * Services whose keys carry no prefix of their own (hex, a UUID or random): their name as a
 * value's key ("Datadog: <hex>") names a key. Services whose keys have a prefix (Stripe,
 * Sentry, OpenAI) are left out, since hex beside them is an event or object id, and so are code
 * hosts: "GitHub: <sha>" is a commit.
 */
const VENDORS = "datadog|pagerduty|mailgun|postmark|mailchimp|twilio|algolia|mapbox|pusher|" +
  "mixpanel|amplitude|bugsnag|rollbar|new[ ]relic|newrelic|honeycomb|launchdarkly|cloudinary|" +
  "heroku|netlify|vercel|cloudflare|pinecone|circleci|snyk|codecov|opsgenie|statuspage";

/** Whether a word names a service whose keys carry no prefix (its keys are bare hex). */
export function prefixlessVendor(word: string): boolean {
  return PREFIXLESS.test(word.replace(/['’]s$/i, ""));
}
const PREFIXLESS = new RegExp(`^(?:${VENDORS})$`, "i");

/**
 * A foreign password word that the English name pattern reads first (it holds "pass"), alone or
 * as the head of a compound ("Root-Passwort", "WLAN-Passwort", "Datenbankpasswort").
 */
const FOREIGN_PASSWORD_WORD = new RegExp(
  `^(?:[\\p{L}\\d]+-?)?(?:${FOREIGN_PASSWORD})${INFLECTED}$`,
  "iu",
);

const LABEL = new RegExp(
  String.raw`(?<![${LETTER}\-./@$:])(?=[${LETTER}])(?:` +
    String.raw`(?<name>(?=[A-Za-z_])[\w\-]{0,60}?(?:pass|pw|secret|token|key|cred)[\w\-]{0,40})` +
    String.raw`|(?<foreign>(?:${FOREIGN_PASSWORD})${INFLECTED})` +
    String.raw`|(?<foreignSecret>${FOREIGN_SECRET}${INFLECTED})` +
    String
      .raw`|(?<account>log[ \-]?ins?|sign[ \-]?ins?)` +
    String
      .raw`|(?<pin>pin|puk|psk|(?:door|alarm|gate|unlock|safe|lock|keypad|voicemail|sim|access|entry|security)[ ](?:code|pin))` +
    // A credential named by how it travels: "bearer: …", "the session cookie is …", "our PAT".
    String.raw`|(?<bearer>bearer|(?:session|auth|login)[ ]cookie|pats?)` +
    String
      .raw`|(?<phrase>recovery[ ]seed|seed[ ]phrase|(?:2fa|mfa|otp|totp)[ \-](?:seed|secret)|totp|(?:recovery|backup)[ ]codes?)` +
    String.raw`|(?<vendor>${VENDORS})(?=[ \t]*:[ \t])` +
    String.raw`|(?<cue>case[ \-]sensitive|case[ ]matters|no[ ]spaces)` +
    String
      .raw`|(?<cueUser>same[ ](?:user(?:name)?|login)[ ]as|don['’]?t[ ]share|do[ ]not[ ]share|keep[ ](?:it|this)[ ](?:safe|secret|private))` +
    String
      .raw`|(?<opener>(?:with|needs|requires|takes|wants)(?<=\b(?:unlock|unlocks|unlocked|unlocking|decrypt|decrypts|decrypted|decrypting|decryption|unseal|unseals|unsealed|unsealing)\b[^.;!?\n]{0,40}[ ](?:with|needs|requires|takes|wants)))` +
    String
      .raw`|(?<verbed>(?:db|database|wifi|wi-fi|vpn)(?=(?:[ \t]+[a-z]+){0,2}[ \t]+(?:uses|is|was|to|now)[ \t])` +
    // "the wifi for the Dune meeting room is …": a network's place, then its password.
    String
      .raw`|wi-?fi[ \t]+(?:for|in|at|on)(?:[ \t]+[\w\-]{1,20}){1,4}(?=[ \t]+(?:is|was|now)[ \t]))` +
    String
      .raw`|(?<weak>admin|root|sa|superuser|try|auth|authenticates|authenticated|with(?<=\bas[ ][\w.@\-]{1,40}[ ]with))` +
    String
      .raw`|(?<login>with(?<=\b(?:log(?:s|ged|ging)?[ ]?in|sign(?:s|ed|ing)?[ ]?in|authenticate[sd]?)[ ]with))` +
    String.raw`)(?![${LETTER}\-])|(?<cjk>${CJK_PASSWORD})|(?<cjkSecret>${CJK_SECRET})` +
    // The head of a hyphenated compound: "root-wachtwoord", "WLAN-Kennwort".
    String
      .raw`|(?<=[${LETTER}]{2}-)(?<compound>(?:${FOREIGN_PASSWORD})${INFLECTED})(?![${LETTER}\-])`,
  "gi",
);

const CJK =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** The participles `DENY_AFTER` holds for event names (`token.rotated`, `password_expired`). */
const EVENT_PARTICIPLES = new Set(
  ("rotated revoked expired issued refreshed deleted removed generated invalidated verified " +
    "failed succeeded requested granted denied").split(" "),
);

/** Words that follow a label in prose without making it something else ("the password was …"). */
const PROSE_DENY_AFTER = new Set(
  [
    ...DENY_AFTER,
    "reset",
    "rotation",
    "rotations",
    "usage",
    "budget",
    "hashing",
    "hashes",
    "manager",
  ]
    // Past participles name an event in an identifier (`token_revoked`), not in a sentence
    // ("the token generated by the CLI is …").
    .filter((w) => !["set", "changed", "updated", "created", "used", "key", "auth"].includes(w))
    .filter((w) => !EVENT_PARTICIPLES.has(w)),
);
const PROSE_DENY_BEFORE = new Set(
  [...DENY_BEFORE].filter((w) =>
    !["is", "has", "use", "show", "input", "ask", "invalid", "incorrect", "wrong", "bad"]
      .includes(w) // "invalid password <the password>" in a log is still the password
  ),
);

/** `user / password`: a slash between a user name (or an email) and what follows it. */
const USER_SLASH = /\/(?<=[\w.@\-] \/)(?= \S)/g;

/**
 * `Service: user, password` ending a line: a comma between a lower-case user name after a key
 * (letters, perhaps a number: not a generated name like `api-7d4b9c8f5d-x2k9p`) and the line's
 * last word, which is no directive of a header's list (`Cache-Control: public, max-age=600`,
 * `Content-Type: text/html, charset=utf-8`: a lower-case name, `=`, a number or a word).
 */
const USER_COMMA =
  /,(?<=:[ \t]{1,4}[a-z][a-z._@\-]{1,31}\d{0,3},)(?![ \t]{1,4}[a-z][a-z\-]{1,30}=(?:\d+|[a-z][\w.\-]*)[ \t]*(?:\r?\n|$))(?=[ \t]{1,4}\S{8,80}[ \t]*(?:\r?\n|$))/g;

/** A hash function's call opened before a label: `sha256(`, `hmac(`, `hash(`, `md5sum(`. */
const HASH_CALL =
  /\b(?:sha-?\d{0,3}|md5|hash|hashed|hmac|digest|bcrypt|argon2\w*|blake\w*|crc\d*)\w*\($/i;

/** Every label in `text`, in order. */
export function findLabels(text: string): readonly Label[] {
  if (last?.text === text) return last.labels; // the binder and the sentence rule read one text
  const out: Label[] = [];
  for (const m of text.matchAll(USER_SLASH)) {
    out.push({ start: m.index, end: m.index + 1, kind: "weak" });
  }
  for (const m of text.matchAll(USER_COMMA)) {
    out.push({ start: m.index, end: m.index + 1, kind: "opener" });
  }
  for (const m of text.matchAll(LABEL)) {
    const groups = m.groups!;
    const start = m.index;
    const end = start + m[0].length;
    if (!CJK.test(m[0]) && /[\p{L}\p{N}]/u.test(text[end] ?? "")) continue;
    if (text[start - 1] === "=") continue; // the value of a setting, not a label
    if (text[end] === "@") continue; // a user at a host: root@worker-12
    if (/^\.[a-z]/.test(text.slice(end, end + 2))) continue; // a dotted name: `token.rotated`
    // The argument of a hash: `sha256(api_key) = <digest>` names a digest, not the key.
    if (HASH_CALL.test(text.slice(Math.max(0, start - 24), start))) continue;
    if (text.startsWith("[REDACTED:", start - 10)) continue; // an earlier redaction
    if (/\[REDACTED:[a-z0-9_]{1,40}\]$/.test(text.slice(Math.max(0, start - 52), start))) {
      continue; // glued to an earlier redaction: it was glued to the secret the first time
    }
    const next = nextWord(text, end).toLowerCase();
    const previous = previousWord(text, start);
    const foreign = groups.foreign ?? groups.compound ?? groups.foreignSecret ?? groups.cjk ??
      groups.cjkSecret;
    if (PROSE_DENY_BEFORE.has(previous.toLowerCase())) continue;
    // "password policy", "password reset flow"; not "pw reset to <value>".
    const to = /^[ \t]+[A-Za-z]+[ \t]+to[ \t]/.test(text.slice(end, end + 40));
    if (foreign === undefined && PROSE_DENY_AFTER.has(next) && !to) continue;
    let kind: LabelKind | undefined;
    if (groups.foreign || groups.compound || groups.cjk || groups.pin) kind = "password";
    else if (groups.foreignSecret || groups.cjkSecret || groups.phrase) kind = "secret";
    else if (groups.bearer) { // "PAT" in capitals only: "Pat" and "pat" are a name and a verb
      kind = /^pats?$/i.test(m[0]) && !/^PATs?$/.test(m[0]) ? undefined : "secret";
    } else if (groups.vendor) kind = "vendor";
    else if (groups.opener || groups.verbed) kind = "opener"; // "the staging db uses …"
    else if (groups.account) kind = "account";
    else if (groups.cue) kind = "cue";
    else if (groups.cueUser) kind = "cueUser";
    else if (groups.login) kind = "login";
    else if (groups.weak) {
      kind = /^(?:sa|try)$/i.test(m[0]) && m[0] !== m[0].toLowerCase() ? undefined : "weak";
    } else {
      kind = nameKind(m[0], previous, text.slice(end, end + 24)) ??
        keyKind(text, m[0], start, end, previous) ??
        (FOREIGN_PASSWORD_WORD.test(m[0]) ? "password" : undefined) ?? // "passordet", "passwortes"
        (FOREIGN_SECRET_WORD.test(m[0]) ? "secret" : undefined); // "secreto": read as a name first
    }
    if (kind !== undefined) out.push({ start, end, kind });
  }
  last = { text, labels: out.sort((a, b) => a.start - b.start) };
  return last.labels;
}
/** The labels of the last text read (labels are pure: the same text has the same ones). */
let last: { text: string; labels: readonly Label[] } | undefined;

/** The kind of an English label or identifier, given the word before it. */
function nameKind(name: string, previous: string, following: string): LabelKind | undefined {
  const bare = name.replace(/[\-_]+$/, "");
  const lower = bare.toLowerCase();
  const singular = lower.replace(/s$/, "");
  if (PASSWORD_WORDS.has(singular) || PASSWORD_WORDS.has(lower)) {
    // "pass" is a verb as often as a noun: not a label before a flag or an object ("pass
    // --continue …", "pass it as the header") nor after a subject or a modal ("you pass",
    // "then pass"). ("pass" loses its "s" as a plural would.)
    if ((lower === "pass" || singular === "pass") && passVerb(previous, following)) {
      return undefined;
    }
    return "password";
  }
  if (/^(?:creds?|credentials?)$/.test(lower)) return "password"; // "new creds: RmeYpqOrzXat"
  const words = nameWords(bare);
  if (words.at(-1) === "key" || words.at(-1) === "keys") {
    if (words.length > 1) {
      return nameSignal(bare.replace(/s$/, "")) === "strong" ? "secret" : undefined;
    }
    if (/^(?:gpg|pgp)$/i.test(previous)) return "loose"; // a passphrase, not an id's hex
    if (NETWORK_KEYS.has(previous.toLowerCase())) return "password"; // "wifi key", "WPA2 key"
    if (KEY_QUALIFIERS.has(previous.toLowerCase())) return "secret";
    return /^[A-Z]/.test(previous) || SERVICE_DOMAIN.test(previous) ? "vendor" : undefined;
  }
  const signal = nameSignal(/(?:token|secret)s$/i.test(bare) ? bare.slice(0, -1) : bare);
  if (signal !== "strong") return undefined;
  return words.some((w) => PASSWORD_WORDS.has(w)) ? "password" : "secret";
}

/**
 * A bare "key" that is a secret's by what stands around it: a qualifier after it ("key for
 * signing cookies"), a table's header cell (`| service | key |`), a sentence that says what it
 * is ("key's <hex>", "the key is <hex>"), a service in lower case before it ("brevo key …": a
 * `loose` label, no hex), or a value right after it ("…, key fc-…"). Either needs a generated
 * value.
 */
function keyKind(
  text: string,
  name: string,
  start: number,
  end: number,
  previous: string,
): LabelKind | undefined {
  if (!/^keys?$/i.test(name)) return undefined;
  const after = text.slice(end, end + 40);
  const purpose = /^[ \t]+for[ \t]+(?:the[ \t]+)?([A-Za-z]+)/.exec(after)?.[1]?.toLowerCase();
  if (purpose && (KEY_QUALIFIERS.has(purpose) || PURPOSES.has(purpose))) return "secret";
  if (headerCell(text, start, end)) return "bare";
  // "key's <hex>", "the key is <hex>": the key of what the sentence is about.
  const determiner = /^(?:|the|my|our|your|this|that)$/i.test(previous);
  // "the key in the screenshot is <hex>": a few words may say which key before the copula,
  // but not words that make it a data key ("the key for this row", "the key used in the cache").
  const which = /^(?:['’]s|((?:[ \t]+(?!is\b|was\b)[\w\-]+){0,4})[ \t]+(?:is|was)[ \t])/.exec(
    after,
  );
  const dataKey = (which?.[1] ?? "").toLowerCase().split(/[ \t]+/)
    .some((w) => DENY_BEFORE.has(w) || (NOT_A_SERVICE.has(w) && w.length > 3));
  if (determiner && which && !dataKey) return "bare";
  // "the key we got from Algolia (admin only): <hex>": a service named in the key's clause,
  // which a colon before the value ends.
  const service = /^[^.;:\n]{0,80}?\b([A-Z][a-z]+[A-Za-z0-9]*)\b[^.;:\n]{0,60}:[ \t]*["'`]?\w/
    .exec(text.slice(end, end + 160))?.[1];
  if (determiner && service && !NOT_A_SERVICE.has(service.toLowerCase())) return "bare";
  // "new brevo key <token>", "sendinblue smtp key is …", "firecrawl, key fc-…": a service's key
  // in lower case, or a key given right after it; the value must still look generated.
  if (/^[a-z][a-z0-9\-]{1,20}$/.test(previous) && !NOT_A_SERVICE.has(previous)) return "loose";
  if (
    /^(?:|new|old|the|this|that|my|our|your|their)$/i.test(previous) &&
    /^[ \t]+(?=[^\s:=]*\d)[^\s:=]{16}/.test(after)
  ) {
    return "bare"; // the key itself next: a token of 16 characters or more, digits in it
  }
  return undefined;
}

/** Whether "pass" is a verb: a flag or an object after it, a subject or a modal before it. */
function passVerb(previous: string, following: string): boolean {
  if (/^[ \t]*[:=]/.test(following)) return false; // `pass: …`, `pass=…`: a key
  return /^[ \t]+(?:-|(?:it|this|that|them|the|a|an|in|along|through|on|down|back|over)\b)/i
    .test(following) ||
    /^(?:to|and|then|we|i|you|they|please|just|must|should|can|could|will|would|or)$/i
      .test(previous);
}

/** Whether [start, end) is a cell of a table's header row (a rule row `|---|` under it). */
function headerCell(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf("\n", start) + 1;
  const lineEnd = text.indexOf("\n", end);
  if (lineEnd === -1 || lineEnd - lineStart > 400) return false;
  const cell = /\|[ \t]*$/.test(text.slice(lineStart, start)) &&
    /^[ \t]*\|/.test(text.slice(end, end + 40));
  const ruleEnd = text.indexOf("\n", lineEnd + 1);
  const rule = text.slice(lineEnd + 1, ruleEnd === -1 ? text.length : ruleEnd);
  return cell && /^[ \t]*\|?[ \t:\-|]*-[ \t:\-|]*$/.test(rule);
}

/** Lower-case words before "key" that are not a service: "which key", "any key", "same key". */
const NOT_A_SERVICE = new Set(
  ("the a an this that these those my our your their its his her which what any each every no " +
    "one same new old other another first last next previous right wrong given matching " +
    "missing unknown hash sort range row partition dedup redis s3 kms host ssh build site " +
    "tracking analytics measurement property etag content sha commit object")
    .split(" "),
);

/** What a key is for when that makes it a secret: "key for signing …", "key for encryption". */
const PURPOSES = new Set(
  "signing encrypting encryption decrypting decryption hmac jwt jwts cookies sessions webhooks"
    .split(" "),
);

/** Words before "key" that make it a network's password: "wifi key", "WPA2 key", "network key". */
const NETWORK_KEYS = new Set("wifi wi-fi wlan wpa wpa2 wpa3 wep network pre-shared".split(" "));

/** Words before "key" that make it a secret key: "API key", "license key", "app key". */
const KEY_QUALIFIERS = new Set([
  ...STRONG_KEY_QUALIFIERS,
  ..."application license licence ingest integration service role account server browser recovery setup otp totp mfa 2fa unseal session"
    .split(" "),
]);

/** A service named by its domain: "the resend.com key", "fly.io token". */
const SERVICE_DOMAIN = /^[a-z0-9\-]+\.(?:com|io|dev|ai|co|net|org|app|sh|so|cloud|tech)$/;

/** The word after a label on its line (lower case letters only), or "". */
function nextWord(text: string, at: number): string {
  return /^[ \t]{1,3}([A-Za-z]+)/.exec(text.slice(at, at + 40))?.[1] ?? "";
}

/** The word before a label on its line, as written, or "". */
function previousWord(text: string, at: number): string {
  let end = at;
  while (end > 0 && at - end < 3 && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
  if (end === at) return "";
  let start = end;
  while (start > 0 && end - start < 40 && /[\w\-]/.test(text[start - 1]!)) start--;
  let from = start;
  while (from > 1 && end - from < 40 && text[from - 1] === "." && /\w/.test(text[from - 2]!)) {
    from--; // a domain: resend.com
    while (from > 0 && end - from < 40 && /[\w\-]/.test(text[from - 1]!)) from--;
  }
  if (SERVICE_DOMAIN.test(text.slice(from, end))) return text.slice(from, end);
  while (start < end && !/[A-Za-z]/.test(text[start]!)) start++;
  return text.slice(start, end);
}

/** A label that names a PIN and nothing else (`PIN`, `PUK`, `passcode`, `door code`). */
export function pinOnly(text: string, label: Label): boolean {
  return /^(?:pin|puk|passcode|(?:door|alarm|gate|unlock|safe|lock|keypad|voicemail|sim|access|entry|security)[ ](?:code|pin))$/i
    .test(text.slice(label.start, label.end));
}
