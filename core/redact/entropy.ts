/**
 * The entropy detector: long random-looking tokens of unknown formats, in what the catalogue
 * left (the collapsed view). It leaves alone digests named as such, crypt(3) hashes, paths, URLs
 * and tokens whose words before say they are ids or hashes, and asks `token_kind.ts` whether
 * the rest is random.
 *
 * @module
 */
import { nameWords } from "./catalogue.ts";
import { MARKER } from "./collapse.ts";
import { decodeBase64, wordFraction, words } from "./lexical.ts";
import { LOOKBACK_STOPWORDS } from "../text/stopwords.ts";
import { classify, type EntropyType } from "./token_kind.ts";
import { hasFileMagic } from "./blobs.ts";

/** A run long enough to be a token of an unknown format. */
const RUN = /[A-Za-z0-9+\/=_\-]{20,}/g;
const URL = /\b[a-zA-Z][a-zA-Z0-9+.\-]{1,30}:\/\/[^\s"'<>`]{1,4096}|\bwww\.[^\s"'<>`]{1,4096}/g;
/**
 * What a digest is written after: `sha256:`, `md5=`, `@`, `sha1 `, a hashed known_hosts entry's
 * `|1|` (its salt) and `|1|<salt>|` (its hash).
 */
const DIGEST_PREFIX =
  /(?:sha-?\d{1,3}|md5|h1|zh|blake2b|blake3|base64|sha)[:=,]$|@$|\bsha\d{0,3}\s$|\b[a-z][a-z0-9\-]*:[a-z][\w\-]*:$|(?:^|\s)\|1\|(?:[A-Za-z0-9+\/=]{8,64}\|)?$/i;
/** Inside a crypt(3) password hash: `$2y$10$…`, `$apr1$salt$…`, `$argon2id$v=19$…`. */
const CRYPT_HASH =
  /\$(?:2[abxy]?\$\d{1,2}|1|apr1|5|6|7|y|gy|sha1|argon2(?:id|i|d)|scrypt|pbkdf2[\w\-]*)\$[^\s$]*(?:\$[^\s$]*)*$/;
/** Words before a token that say it names something (a hash, an id, a public key): not a secret. */
export const NEGATIVE_WORDS: ReadonlySet<string> = words(
  "sha sha1 sha256 sha512 hash digest checksum integrity commit rev revision etag nonce iv " +
    "salt tag mac data ciphertext encrypted enc fingerprint id ids uuid guid ulid oid cid " +
    "trace span correlation request message event order invoice customer record object blob " +
    "tree build version ref signature sig txid tx transaction address wallet pubkey public " +
    "publishable sitekey site cursor continuation page next md5 crc crc32 crc32c x5t x5c " +
    "thumbprint challenge deployment deploy service track playlist album video release job " +
    "task pod container instance node project workspace post comment issue ticket item " +
    "product upload attachment asset document folder ray kid slug handle image cache seed " +
    "checkpoint snapshot ksuid nanoid snowflake cuid logo icon favicon avatar thumbnail thumb " +
    "png jpg jpeg gif webp svg bmp ico font woff woff2 ttf binary bitmap idempotency partition " +
    "sort foreign dedup dedupe jti accessor objectid device payload frame preview body protobuf " +
    "msgpack socket websocket accept continue resume sync delta offset marker watermark position seek sender recipient " +
    "payer payee state list channel thread room board sheet spreadsheet calendar episode " +
    "campaign experiment variant survey",
);
/**
 * Words between a key and its value: "a KSUID like …", "the trace id is …", and what a command
 * did with it ("`{.binaryData.logo}` returned …", "the token command printed …").
 */
const CONNECTORS = words(
  "like e.g eg such as is are was were returned returns printed prints output outputs gave " +
    "gives showed shows base64 base64url b64 hex encoded",
);
/** Words for a slot that say nothing of what fills it. */
const GENERIC = words(
  "param params parameter value field arg argument attribute attr prop property",
);
/** Words before a token that say it is a secret. */
const SECRET_WORDS =
  /(?:secret|token|passw|api[ _-]?key|apikey|private[ _-]?key|credential|access[ _-]?key|auth)/i;

/**
 * Long random-looking tokens in the collapsed view, left to right. A flagged token counts as
 * one marker in the look-back of later tokens, as its placeholder will on a second pass.
 */
export function entropySpans(view: string): [number, number, EntropyType][] {
  const urls = [...view.matchAll(URL)].map((m) => [m.index, m.index + m[0].length] as const);
  const out: [number, number, EntropyType][] = [];
  const lookBack = (at: number, n: number): string => {
    let chars = "";
    let i = at - 1;
    let k = out.length - 1;
    while (i >= 0 && chars.length < n) {
      while (k >= 0 && out[k]![0] > i) k--;
      if (k >= 0 && out[k]![1] > i) {
        chars = MARKER + chars;
        i = out[k]![0] - 1;
      } else chars = view[i--] + chars;
    }
    return chars;
  };
  let u = 0;
  for (const match of view.matchAll(RUN)) {
    for (const [pieceStart, pieceEnd] of splitAtEquals(match.index, match[0])) {
      let start = pieceStart;
      let end = pieceEnd;
      while (start < end && /[\-_=+\/]/.test(view[start]!)) start++;
      while (end > start && /[\-_+\/]/.test(view[end - 1]!)) end--;
      if (end - start < 20) continue;
      while (u < urls.length && urls[u]![1] <= start) u++;
      if (u < urls.length && urls[u]![0] < end) continue;
      if (end - start >= 64 && decodeBase64(view.slice(start, end))?.includes("PRIVATE KEY")) {
        out.push([start, end, "pem_private_key"]); // base64 of a key file, whatever the key is named
        continue;
      }
      // A file in base64 (`/9j/4AAQ…` is a JPEG): its first bytes, read where the run starts.
      if (
        FILE_START.test(view.slice(pieceStart, pieceStart + 11)) &&
        hasFileMagic(decodeBase64(view.slice(pieceStart, pieceStart + 12)) ?? "")
      ) continue;
      const before = lookBack(pieceStart, 160);
      if (
        DIGEST_PREFIX.test(before) || CRYPT_HASH.test(before) ||
        dottedFrom(view, pieceStart).startsWith("pk.")
      ) {
        continue;
      }
      const context = contextSignal(before);
      if (context === "negative" || namedAfter(view.slice(end, end + 60))) continue;
      if (asideNames(view.slice(end, end + 80))) continue; // "<value> (devnet wallet, public address)"
      const token = view.slice(start, end);
      // A host's first label: `<client id>.apps.googleusercontent.com`, `<id>.lambda-url.…`.
      if (HOST_AFTER.test(view.slice(end, end + 64))) continue;
      // A name glued to the value says what it is, as a word before it would: `nonce-…`.
      const lead = /^([A-Za-z]{2,12})[\-_]/.exec(token)?.[1]?.toLowerCase();
      if (lead !== undefined && NEGATIVE_WORDS.has(lead)) continue;
      if (view[pieceStart - 1] === "/" || (token.includes("/") && isPath(token))) continue; // paths name things
      const type = classify(token, context === "secret", view, start);
      if (type) out.push([start, end, type]);
    }
  }
  return out;
}

/** The start of the dotted token a piece belongs to (`pk.eyJ….<piece>`), as text. */
function dottedFrom(view: string, at: number): string {
  let i = at;
  while (i > 0 && at - i < 1024 && /[A-Za-z0-9_\-.]/.test(view[i - 1]!)) i--;
  return view.slice(i, i + 3);
}

/** "<token> is the objectID that failed": the words after a token say it names something. */
function namedAfter(after: string): boolean {
  const name = /^[ \t]+(?:is|was|=)[ \t]+(?:the|an?|our|its|their)?[ \t]*([A-Za-z][\w\-]{1,40})/
    .exec(after)?.[1];
  return name !== undefined && nameWords(name).some((w) => NEGATIVE_WORDS.has(w));
}

/** Pieces of a run split at `=` signs that are not trailing padding: `key=value` is two. */
function* splitAtEquals(offset: number, run: string): Generator<[number, number]> {
  let start = 0;
  let i = 0;
  while (i < run.length) {
    if (run[i] !== "=") {
      i++;
      continue;
    }
    let j = i;
    while (j < run.length && run[j] === "=") j++;
    if (j === run.length) break; // trailing padding stays with the piece
    yield [offset + start, offset + i];
    start = i = j;
  }
  yield [offset + start, offset + run.length];
}

/**
 * What the words just before a token say about it. A key (`"sha": …`, `request_id=…`) decides
 * first, then the nearest words (`event id …`, `the new token …`): `negative` for hashes, ids
 * and public keys, `secret` for secret-named keys and words, and nothing otherwise. Cookie
 * headers are the cookie rule's business.
 */
function contextSignal(before: string): "negative" | "secret" | undefined {
  // "public key (base64): …": an aside naming the encoding says nothing of what the value is.
  const line = before.slice(before.lastIndexOf("\n") + 1)
    .replace(/[ \t]*\([^()\n]{1,30}\)([ \t]*[:=]?[ \t]*)$/, "$1");
  if (/^\s*(?:set-)?cookie\s*:/i.test(line)) return "negative";
  // The key of the value the token is part of: `"VersionId": "G4J4KGDF.<token>`.
  let glued = line.length; // the part of the value before the token: `"G4J4KGDF.<token>`
  while (glued > 0 && line.length - glued < 40 && !/[\s"'`:=]/.test(line[glued - 1]!)) glued--;
  const head = line.slice(0, glued);
  const key = /([A-Za-z][\w.\-#]{0,40})["'\]]?\s*(?:[:=]|=>)\s*["'`(]?\s*$/.exec(head)?.[1];
  const recent = (line.match(/[A-Za-z][A-Za-z0-9_\-]*/g) ?? [])
    .filter((w) => !LOOKBACK_STOPWORDS.has(w.toLowerCase()) && !CONNECTORS.has(w.toLowerCase()))
    .slice(-2).reverse();
  // Only the token's own key (a `key:` or the nearest word) can say it names something public:
  // in "the auth service uses …", "service" is the subject, not the key.
  // "the … key for the side project: <token>": the key names what the secret is for.
  if (key && PURPOSE.test(head.slice(0, head.lastIndexOf(key)))) return "secret";
  // A bare "key" in prose is named by the word before it: "cache key: …", "idempotency key".
  const qualifier = /([A-Za-z][\w\-]*)[ \t]+keys?[ \t]*(?:[:=][ \t]*)?$/.exec(head)?.[1];
  if (qualifier && NEGATIVE_WORDS.has(qualifier.toLowerCase())) return "negative";
  // "Content-MD5 of the uploaded key file:", "checksum for the token bundle:": the label's head
  // comes before "of"/"for", and what follows only says whose it is.
  // A "key" head takes its qualifier's word: "the public key for verifying webhooks is …".
  const owner = OWNED.exec(head)?.[1]?.replace(/[ \t]+keys?$/i, "");
  if (owner && nameWords(owner).some((w) => NEGATIVE_WORDS.has(w))) return "negative";
  // "state param: …", "the nonce value …": a generic word names nothing; the one before it does.
  const named = [...(key ? [key] : []), ...recent];
  while (named.length > 1 && GENERIC.has(named[0]!.toLowerCase())) named.shift();
  for (const [i, word] of named.entries()) {
    if (i === 0 && nameWords(word).some((w) => NEGATIVE_WORDS.has(w))) return "negative";
    if (SECRET_WORDS.test(word)) return "secret";
  }
  return undefined;
}

/** What follows a host's first label: more labels, the last a top-level domain's letters. */
const HOST_AFTER = /^(?:\.[a-z0-9\-]{1,30}){1,4}\.[a-z]{2,12}(?![\w.\-])/;

/** How base64 of a known file type starts: JPEG, PNG, GIF, PDF, zip, gzip, wasm, ELF, RIFF, WOFF, ISO media. */
const FILE_START = /^(?:\/9j\/|iVBORw0KGgo|R0lGOD|JVBERi0|UEsDB|H4sI|AGFzbQ|f0VMR|UklGR|d09G|AAAA)/;

/** A label's head, then "of" or "for" and up to five words, then the colon before the value. */
const OWNED =
  /(?:^|[\s(])([A-Za-z][\w\-]{1,30}(?:[ \t]+keys?)?)[ \t]+(?:of|for)[ \t]+(?:[\w.\-']+[ \t]+){0,4}[\w.\-']+[ \t]*(?:[:=]|[ \t]is|[ \t]was)[ \t]*["'`]?$/;

/** A secret word, then "for" and a few words: what follows names the secret's purpose. */
const PURPOSE =
  /(?:secret|token|passw\w*|key|credentials?)s?[ \t]+(?:for|of)[ \t]+(?:[\w.\-]+[ \t]+){0,3}$/i;

/** A path of readable segments (`src/lib/x.ts`), not base64 that happens to hold a slash. */
function isPath(token: string): boolean {
  if (/^[.~]?\//.test(token)) return true;
  if (/[+=]/.test(token)) return false;
  const segments = token.split("/").filter((s) => s.length > 0);
  const readable = segments.filter((s) =>
    s.length < 20 && (wordFraction(s) >= 0.5 || /^[a-z0-9._\-@]+$/.test(s))
  );
  return readable.length * 2 >= segments.length;
}

/** An aside in brackets after a token, its pieces, and what marks a piece as a purpose. */
const ASIDE = /^["'`]?[ \t]*\(([^()\n]{2,70})\)/;
const ASIDE_SECRET =
  /secret|token|passw|api[ _-]?key|apikey|private|credential|access[ _-]?key|auth|seed|mnemonic/i;
const ASIDE_PURPOSE =
  /^(?:for|to|from|by|with|in|on|at|via|used|until|expires|rotate|rotated|do|don't|not|never)$/i;

/**
 * An aside in brackets right after a token that says what the token is, by its head noun:
 * "`<value>` (devnet wallet, public address)", "`<value>` (sha256 of the tarball)". Each
 * comma-separated piece's head is its last word, or the word before "of"; a piece that says what
 * the token is for ("for the deploy job", "used by CI") names nothing. A head that names something
 * public (`NEGATIVE_WORDS`: an address, a hash, an id) keeps the token, unless the aside also
 * names a secret.
 */
function asideNames(after: string): boolean {
  const inside = ASIDE.exec(after)?.[1];
  if (inside === undefined || ASIDE_SECRET.test(inside)) return false;
  return inside.split(/[,;]/).some((piece) => {
    const words = piece.trim().toLowerCase().split(/\s+/).filter((w) => w.length > 0);
    if (words.length === 0 || words.length > 5 || ASIDE_PURPOSE.test(words[0]!)) return false;
    const of = words.indexOf("of");
    const head = (of > 0 ? words[of - 1] : words.at(-1))!.replace(/[^a-z0-9]/g, "");
    return NEGATIVE_WORDS.has(head);
  });
}
