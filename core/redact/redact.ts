/**
 * Secret redaction: the first stage of the write path, before storage, before any model
 * call, before logs. {@linkcode redact} replaces every secret it finds with a typed
 * placeholder such as `[REDACTED:github_token]`, keeping what makes the memory useful: the
 * variable name in `DB_PASSWORD=[REDACTED:env_secret]`, the host in
 * `postgres://app:[REDACTED:database_url_password]@db:5432/x`.
 *
 * Two detectors run. The catalogue (`_secret_patterns.ts`) knows provider token formats,
 * private key blocks, credentials in URLs, headers and cookies, and secret-named assignments
 * in env files, code, YAML, JSON and command lines. The entropy detector then looks at what is
 * left for long random-looking tokens of unknown formats, leaving alone git SHAs, UUIDs, hex
 * checksums, integrity strings, base64 data, identifiers, paths and URLs.
 *
 * Overlaps resolve deterministically: key blocks beat provider formats, which beat URL and
 * header credentials, which beat assignments, which beat entropy; within a tier the longest
 * match wins. Placeholders already in the text are never matched again, so redaction is
 * idempotent. Pure, no I/O, linear in the input.
 *
 * @module
 */
import {
  type Candidate,
  catalogueCandidates,
  decodeBase64,
  isPublicPoint,
  nameWords,
  shannonEntropy,
  wordFraction,
  words,
} from "./catalogue.ts";
import { LOOKBACK_STOPWORDS } from "../text/stopwords.ts";

/**
 * Every kind of secret {@linkcode redact} recognises, in catalogue order (more specific kinds
 * first), ending with `high_entropy` for tokens of unknown formats.
 *
 * @example Usage
 * ```ts
 * import { placeholder, SECRET_TYPES } from "./redact.ts";
 * import { equal, ok } from "node:assert/strict";
 *
 * ok(SECRET_TYPES.includes("github_token"));
 * equal(SECRET_TYPES.at(-1), "high_entropy");
 * equal(placeholder(SECRET_TYPES[0]), "[REDACTED:aws_access_key]");
 * ```
 */
export const SECRET_TYPES = [
  "aws_access_key",
  "aws_secret_key",
  "aws_session_token",
  "gcp_api_key",
  "gcp_service_account_key",
  "gcp_oauth_client_secret",
  "google_oauth_token",
  "azure_storage_key",
  "azure_shared_access_key",
  "azure_sas_signature",
  "azure_client_secret",
  "digitalocean_token",
  "heroku_api_key",
  "github_token",
  "github_fine_grained_pat",
  "gitlab_token",
  "npm_token",
  "npmrc_auth_token",
  "pypi_token",
  "docker_hub_token",
  "vault_token",
  "databricks_token",
  "openai_api_key",
  "anthropic_api_key",
  "openrouter_api_key",
  "groq_api_key",
  "replicate_token",
  "huggingface_token",
  "slack_token",
  "slack_webhook",
  "discord_bot_token",
  "discord_webhook",
  "telegram_bot_token",
  "twilio_api_key",
  "sendgrid_api_key",
  "mailgun_api_key",
  "stripe_secret_key",
  "stripe_webhook_secret",
  "shopify_token",
  "square_token",
  "age_secret_key",
  "linear_api_key",
  "postman_api_key",
  "sentry_token",
  "grafana_token",
  "new_relic_key",
  "mapbox_secret_token",
  "jwt",
  "pem_private_key",
  "openssh_private_key",
  "pgp_private_key",
  "database_url_password",
  "url_password",
  "authorization_bearer",
  "authorization_basic",
  "session_cookie",
  "cli_secret_flag",
  "env_secret",
  "secret_assignment",
  "high_entropy",
] as const;

/** One kind of secret; see {@linkcode SECRET_TYPES}. */
export type SecretType = typeof SECRET_TYPES[number];

/** How many secrets of one type a text held. */
export interface RedactionCount {
  readonly type: SecretType;
  readonly count: number;
}

/** The outcome of {@linkcode redact}. */
export interface Redaction {
  /** The input with every secret replaced by `[REDACTED:<type>]`. */
  readonly text: string;
  /** Counts per type found, sorted by type name; types not found are absent. */
  readonly redactions: readonly RedactionCount[];
  /** Total number of secrets replaced. */
  readonly total: number;
}

const TYPE_SET: ReadonlySet<string> = new Set(SECRET_TYPES);

/**
 * The placeholder that replaces a secret of `type`.
 *
 * @example Usage
 * ```ts
 * import { placeholder } from "./redact.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(placeholder("aws_access_key"), "[REDACTED:aws_access_key]");
 * ```
 */
export function placeholder(type: SecretType): string {
  if (!TYPE_SET.has(type)) {
    throw new RangeError(`Cannot build placeholder: unknown secret type "${type}"`);
  }
  return `[REDACTED:${type}]`;
}

/**
 * Replaces every secret in `text` with a typed placeholder and counts what it replaced.
 * Running it again on its own output changes nothing.
 *
 * @example Usage
 * ```ts
 * import { redact } from "./redact.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const result = redact(
 *   "export DB_PASSWORD=hunter2-prod\n" +
 *     "DATABASE_URL=postgres://app:s3cr3t-Pa55@db:5432/app",
 * );
 * equal(
 *   result.text,
 *   "export DB_PASSWORD=[REDACTED:env_secret]\n" +
 *     "DATABASE_URL=postgres://app:[REDACTED:database_url_password]@db:5432/app",
 * );
 * deepEqual(result.redactions, [
 *   { type: "database_url_password", count: 1 },
 *   { type: "env_secret", count: 1 },
 * ]);
 * equal(result.total, 2);
 * equal(redact(result.text).text, result.text);
 * ```
 */
export function redact(text: string): Redaction {
  if (typeof text !== "string") throw new TypeError("Cannot redact: text must be a string");
  const placeholders = [...text.matchAll(PLACEHOLDER)].map((m) => [m.index, m.index + m[0].length]);
  const occupied = new Intervals(placeholders as [number, number][]);
  const accepted = resolve(text, catalogueCandidates(text), occupied);
  const view = collapse(text, occupied);
  for (const [start, end, type] of entropySpans(view.text)) {
    accepted.push({ start: view.original(start), end: view.original(end - 1) + 1, type, tier: 0 });
  }
  return apply(text, accepted);
}

const PLACEHOLDER = /\[REDACTED:[a-z0-9_]{1,40}\]/g;

// ---------------------------------------------------------------------------------------------
// Overlap resolution

/** Disjoint half-open intervals, sorted by start. */
class Intervals {
  readonly #starts: number[] = [];
  readonly #ends: number[] = [];

  constructor(spans: readonly [number, number][] = []) {
    for (const [start, end] of spans) this.add(start, end);
  }

  /** Index of the first interval whose end is after `start`. */
  #first(start: number): number {
    let lo = 0;
    let hi = this.#ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.#ends[mid]! <= start) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  overlaps(start: number, end: number): boolean {
    const i = this.#first(start);
    return i < this.#starts.length && this.#starts[i]! < end;
  }

  /** The parts of [start, end) no interval covers. */
  gaps(start: number, end: number): [number, number][] {
    const out: [number, number][] = [];
    let at = start;
    for (let i = this.#first(start); i < this.#starts.length && this.#starts[i]! < end; i++) {
      if (this.#starts[i]! > at) out.push([at, this.#starts[i]!]);
      at = Math.max(at, this.#ends[i]!);
    }
    if (at < end) out.push([at, end]);
    return out;
  }

  add(start: number, end: number): void {
    const i = this.#first(start);
    this.#starts.splice(i, 0, start);
    this.#ends.splice(i, 0, end);
  }

  *[Symbol.iterator](): Generator<[number, number]> {
    for (let i = 0; i < this.#starts.length; i++) yield [this.#starts[i]!, this.#ends[i]!];
  }
}

const ORDER = new Map<string, number>(SECRET_TYPES.map((type, i) => [type, i]));

/**
 * Picks non-overlapping candidates: higher tier first, then longer, then earlier, then
 * catalogue order. A URL, header or assignment value that a provider token covers only in
 * part keeps its other parts redacted under its own type, so nothing of it survives.
 */
function resolve(text: string, candidates: Candidate[], occupied: Intervals): Candidate[] {
  const sorted = candidates.filter((c) => c.end > c.start).sort((a, b) =>
    b.tier - a.tier || (b.end - b.start) - (a.end - a.start) || a.start - b.start ||
    ORDER.get(a.type)! - ORDER.get(b.type)!
  );
  const tokens = new Intervals();
  const accepted: Candidate[] = [];
  for (const candidate of sorted) {
    if (!occupied.overlaps(candidate.start, candidate.end)) {
      occupied.add(candidate.start, candidate.end);
      if (candidate.tier === 3) tokens.add(candidate.start, candidate.end);
      accepted.push(candidate);
      continue;
    }
    if (candidate.tier > 2) continue;
    const free = occupied.gaps(candidate.start, candidate.end);
    const byTokens = tokens.gaps(candidate.start, candidate.end);
    if (!sameSpans(free, byTokens)) continue; // overlaps a block, a placeholder or a peer
    for (const [from, to] of free) {
      const [start, end] = trimPiece(text, from, to);
      if (end - start < 4 || /^(?:bearer|basic|token|bot)$/i.test(text.slice(start, end))) continue;
      occupied.add(start, end);
      accepted.push({ ...candidate, start, end });
    }
  }
  return accepted;
}

/** A leftover piece without the punctuation and spaces around it. */
function trimPiece(text: string, start: number, end: number): [number, number] {
  const edge = /[\s:;,=@\/"'`\-_.()\[\]{}]/;
  while (start < end && edge.test(text[start]!)) start++;
  while (end > start && edge.test(text[end - 1]!)) end--;
  return [start, end];
}

function sameSpans(a: [number, number][], b: [number, number][]): boolean {
  return a.length === b.length && a.every(([s, e], i) => s === b[i]![0] && e === b[i]![1]);
}

/** Where the entropy detector looks: the text with each redacted span as one marker. */
interface CollapsedView {
  readonly text: string;
  /** The position in the original text of a (non-marker) position in the view. */
  original(at: number): number;
}

const MARKER = "\u0000";

/**
 * The text with every span already redacted (and every placeholder already there) replaced
 * by one {@linkcode MARKER}. A second pass over redacted output sees the same view, whatever
 * the lengths of the secrets and placeholders, which keeps the entropy stage idempotent.
 */
function collapse(text: string, occupied: Intervals): CollapsedView {
  const viewStarts: number[] = [];
  const originalStarts: number[] = [];
  let out = "";
  let at = 0;
  for (const [start, end] of occupied) {
    viewStarts.push(out.length);
    originalStarts.push(at);
    out += text.slice(at, start) + MARKER;
    at = end;
  }
  viewStarts.push(out.length);
  originalStarts.push(at);
  out += text.slice(at);
  return {
    text: out,
    original(position) {
      let lo = 0;
      let hi = viewStarts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (viewStarts[mid]! <= position) lo = mid;
        else hi = mid - 1;
      }
      return originalStarts[lo]! + position - viewStarts[lo]!;
    },
  };
}

function apply(text: string, accepted: Candidate[]): Redaction {
  const ordered = [...accepted].sort((a, b) => a.start - b.start);
  const counts = new Map<SecretType, number>();
  let out = "";
  let at = 0;
  for (const { start, end, type } of ordered) {
    out += text.slice(at, start) + placeholder(type);
    at = end;
    counts.set(type, (counts.get(type) ?? 0) + 1);
  }
  out += text.slice(at);
  const redactions = [...counts].map(([type, count]) => ({ type, count }))
    .sort((a, b) => (a.type < b.type ? -1 : a.type > b.type ? 1 : 0));
  return { text: out, redactions, total: ordered.length };
}

// ---------------------------------------------------------------------------------------------
// Entropy detector

const RUN = /[A-Za-z0-9+\/=_\-]{20,}/g;
const URL = /\b[a-zA-Z][a-zA-Z0-9+.\-]{1,30}:\/\/[^\s"'<>`]{1,4096}|\bwww\.[^\s"'<>`]{1,4096}/g;
const DIGEST_PREFIX =
  /(?:sha-?\d{1,3}|md5|h1|zh|blake2b|blake3|base64|sha)[:=,]$|@$|\bsha\d{0,3}\s$|\b[a-z][a-z0-9\-]*:[a-z][\w\-]*:$/i;
/** Inside a crypt(3) password hash: `$2y$10$…`, `$apr1$salt$…`, `$argon2id$v=19$…`. */
const CRYPT_HASH =
  /\$(?:2[abxy]?\$\d{1,2}|1|apr1|5|6|7|y|gy|sha1|argon2(?:id|i|d)|scrypt|pbkdf2[\w\-]*)\$[^\s$]*(?:\$[^\s$]*)*$/;
/** Ids that look random but name an object, and keys that are public by design. */
const NOT_SECRET_PREFIX =
  /^(?:(?:dpl|srv|dep|crn|evs|msg|toolu|srvtoolu|call|chatcmpl|cmpl|resp|run|step|thread|asst|file|batch|vs|ft|ftjob|org|proj|user|req|cus|pi|ch|pm|py|in|ii|sub|si|evt|txn|price|prod|acct|seti|src|tok|card|ba|re|tr|po|il|inv|cs|sess|plan|coupon|promo|whe|iam|ws|cert|sg|vpc|subnet|ami|i|vol|snap|eni|igw|rtb|acl|nat|eipalloc|lt|tgw|pcx|fs|fsmh)[_\-]|pk_(?:live|test)_|phc_|pk\.|age1[a-z0-9]{50})/;
const NEGATIVE_WORDS = words(
  "sha sha1 sha256 sha512 hash digest checksum integrity commit rev revision etag nonce iv " +
    "salt tag mac data ciphertext encrypted enc fingerprint id ids uuid guid ulid oid cid " +
    "trace span correlation request message event order invoice customer record object blob " +
    "tree build version ref signature sig txid tx transaction address wallet pubkey public " +
    "publishable sitekey site cursor continuation page next md5 crc crc32 crc32c x5t x5c " +
    "thumbprint challenge deployment deploy service track playlist album video release job " +
    "task pod container instance node project workspace post comment issue ticket item " +
    "product upload attachment asset document folder ray kid slug handle image cache seed " +
    "checkpoint snapshot",
);
const SECRET_WORDS =
  /(?:secret|token|passw|api[ _-]?key|apikey|private[ _-]?key|credential|access[ _-]?key|auth)/i;

type EntropyType = "high_entropy" | "pem_private_key";

/**
 * Long random-looking tokens in the collapsed view, left to right. A flagged token counts as
 * one marker in the look-back of later tokens, as its placeholder will on a second pass.
 */
function entropySpans(view: string): [number, number, EntropyType][] {
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
      const before = lookBack(pieceStart, 160);
      if (
        DIGEST_PREFIX.test(before) || CRYPT_HASH.test(before) ||
        dottedFrom(view, pieceStart).startsWith("pk.")
      ) {
        continue;
      }
      const context = contextSignal(before);
      if (context === "negative") continue;
      const token = view.slice(start, end);
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
  const line = before.slice(before.lastIndexOf("\n") + 1);
  if (/^\s*(?:set-)?cookie\s*:/i.test(line)) return "negative";
  const key = /([A-Za-z][\w.\-]{0,40})["'\]]?\s*(?:[:=]|=>)\s*["'`(]?\s*$/.exec(line)?.[1];
  const recent = (line.match(/[A-Za-z][A-Za-z0-9_\-]*/g) ?? [])
    .filter((w) => !LOOKBACK_STOPWORDS.has(w.toLowerCase())).slice(-2).reverse();
  for (const words of [key ? [key] : [], ...recent.map((w) => [w])]) {
    const parts = words.flatMap(nameWords);
    if (parts.some((w) => NEGATIVE_WORDS.has(w))) return "negative";
    if (words.some((w) => SECRET_WORDS.test(w))) return "secret";
  }
  return undefined;
}

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

function classify(
  token: string,
  boosted: boolean,
  view: string,
  start: number,
): EntropyType | undefined {
  const n = token.length;
  if (n < 20) return undefined;
  if (
    /^(?:0x)?[0-9a-fA-F]+$/.test(token) || /^[A-Za-z]{1,6}[_\-]?[0-9a-f]{16,}$/.test(token) ||
    /^[0-9a-f]{16,}[_\-][A-Za-z]{1,6}$/.test(token)
  ) {
    return undefined;
  }
  if (/^[0-9a-fA-F]+(?:[\-_:.][0-9a-fA-F]+)+$/.test(token)) return undefined; // UUIDs, MACs
  if (/^(?:sha\d{1,3}|md5)[-_]/i.test(token) || NOT_SECRET_PREFIX.test(token)) return undefined;
  if (isPublicPoint(token)) return undefined;
  if (/^[0-7][0-9A-HJKMNP-TV-Z]{25}$/.test(token)) return undefined; // ULID
  if (/^(?:Qm[1-9A-HJ-NP-Za-km-z]{44}|bafy[a-z2-7]{50,}|(?:bc1|tb1)[a-z0-9]{25,62})$/.test(token)) {
    return undefined; // IPFS CIDs, bitcoin addresses
  }
  const parts = token.split(/[\-_.]/);
  if (
    parts.length >= 3 && parts.every((p) => p.length <= 20 && /^(?:[a-z0-9]*|[A-Z0-9]*)$/.test(p))
  ) {
    return undefined; // generated resource names and constants: web-7d4b9c8f5d-x2k9p, GL_RGBA_S3TC
  }
  const decoded = decodeBase64(token);
  if (decoded !== undefined) {
    if (decoded.length >= 12 && isText(decoded)) return undefined;
    if (hasFileMagic(decoded)) return undefined;
  }
  if (n > 300 || inBlob(view, start)) return undefined;
  if (hasSequence(token)) return undefined;
  if (randomLooking(token, boosted)) return "high_entropy";
  // A readable prefix on a random body: acme_live_<random>.
  const body = parts.reduce((a, b) => (b.length > a.length ? b : a), "");
  return body.length >= 20 && body.length < n && randomLooking(body, boosted)
    ? "high_entropy"
    : undefined;
}

/**
 * Whether a token reads as machine-generated: two or more character classes, high entropy for
 * its length, and few word-like segments (camelCase, snake_case and kebab-case identifiers
 * are mostly words; random base62 is not).
 */
function randomLooking(s: string, boosted: boolean): boolean {
  const n = s.length;
  const lower = (s.match(/[a-z]/g) ?? []).length;
  const upper = (s.match(/[A-Z]/g) ?? []).length;
  const digits = (s.match(/\d/g) ?? []).length;
  if (Number(lower > 0) + Number(upper > 0) + Number(digits > 0) < 2) return false;
  if (wordFraction(s) >= (boosted ? 0.6 : 0.5)) return false;
  const alphabet = (lower > 0 ? 26 : 0) + (upper > 0 ? 26 : 0) + (digits > 0 ? 10 : 0) +
    (n > lower + upper + digits ? 4 : 0);
  const distinct = alphabet * (1 - (1 - 1 / alphabet) ** n); // expected for a random string
  // Random strings land 0.1-0.2 bits under log2(distinct), 99.5 % of them within 0.6.
  if (shannonEntropy(s) < Math.log2(distinct) - (boosted ? 0.9 : 0.65)) return false;
  if (lower > 0 && upper > 0) {
    if (digits > 0) return true;
    return (s.match(/[a-z][A-Z]|[A-Z][a-z]/g) ?? []).length / n >= 0.25; // case flips, not camelCase
  }
  return (s.match(/\d+/g) ?? []).length >= 3; // one case plus digits: base32 or base36
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/** Whether decoded bytes are text: valid UTF-8, nearly all letters, digits, punctuation or spaces. */
function isText(bytes: string): boolean {
  let text: string;
  try {
    text = UTF8.decode(Uint8Array.from(bytes, (c) => c.charCodeAt(0)));
  } catch {
    return false;
  }
  const ordinary = text.match(/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\t\n\r]/gu)?.length ?? 0;
  return ordinary >= 0.95 * [...text].length;
}

const MAGIC = [
  "\x89PNG",
  "GIF8",
  "\xff\xd8\xff",
  "%PDF",
  "PK\x03\x04",
  "\x1f\x8b",
  "\x00asm",
  "\x7fELF",
  "RIFF",
  "wOF2",
  "wOFF",
  "\x00\x00\x00",
];

function hasFileMagic(bytes: string): boolean {
  return MAGIC.some((m) => bytes.startsWith(m)) || /^.{4}ftyp/s.test(bytes);
}

const BASE64_LINE = /^[ \t]*[A-Za-z0-9+\/]+={0,2}[ \t]*$/;

/**
 * Whether a token is one line of a wrapped base64 blob (a certificate, a MIME part, a public
 * key block): its line is nothing but base64 and it has a base64 neighbour, one of the two
 * at least 40 characters long (a full line before a shorter last one).
 */
function inBlob(view: string, start: number): boolean {
  const lines = linesAround(view, start);
  if (!BASE64_LINE.test(lines.current)) return false;
  const full = (line: string) => BASE64_LINE.test(line) && line.trim().length >= 40;
  const any = (line: string) => BASE64_LINE.test(line) && line.trim().length > 0;
  return (full(lines.previous) && any(lines.current)) ||
    (full(lines.current) && any(lines.next));
}

function linesAround(
  view: string,
  at: number,
): { previous: string; current: string; next: string } {
  const start = view.lastIndexOf("\n", at - 1) + 1;
  const endAt = view.indexOf("\n", at);
  const end = endAt === -1 ? view.length : endAt;
  const previous = start === 0 ? "" : view.slice(view.lastIndexOf("\n", start - 2) + 1, start - 1);
  const nextEnd = endAt === -1 ? -1 : view.indexOf("\n", end + 1);
  const next = endAt === -1 ? "" : view.slice(end + 1, nextEnd === -1 ? view.length : nextEnd);
  return { previous, current: view.slice(start, end), next };
}

/** Six or more consecutive alphabet or digit characters: an alphabet table, not a secret. */
function hasSequence(token: string): boolean {
  let run = 1;
  for (let i = 1; i < token.length; i++) {
    run = token.charCodeAt(i) === token.charCodeAt(i - 1) + 1 ? run + 1 : 1;
    if (run >= 6) return true;
  }
  return false;
}
