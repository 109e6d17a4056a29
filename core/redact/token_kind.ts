/**
 * Whether a long token is a secret of an unknown format: not hex, a UUID, a ULID, a content id,
 * a generated resource name, base64 of text or of a file, a line of a wrapped blob or an
 * alphabet table, and random-looking for its length.
 *
 * @module
 */
import {
  decodeBase64,
  isPublicPoint,
  secretLooking,
  shannonEntropy,
  wordFraction,
} from "./lexical.ts";
import { hasFileMagic, hasSequence, inBlob, isText } from "./blobs.ts";

/** What the entropy detector reports. */
export type EntropyType = "high_entropy" | "pem_private_key";

/** Ids that look random but name an object, and keys that are public by design. */
const NOT_SECRET_PREFIX =
  /^(?:(?:dpl|srv|dep|crn|evs|msg|toolu|srvtoolu|call|chatcmpl|cmpl|resp|run|step|thread|asst|file|batch|vs|ft|ftjob|org|proj|user|req|cus|pi|ch|pm|py|in|ii|sub|si|evt|txn|price|prod|acct|seti|src|tok|card|ba|re|tr|po|il|inv|cs|sess|plan|coupon|promo|whe|iam|ws|cert|sg|vpc|subnet|ami|i|vol|snap|eni|igw|rtb|acl|nat|eipalloc|lt|tgw|pcx|fs|fsmh)[_\-]|pk_(?:live|test)_|phc_|pk\.|age1[a-z0-9]{50})/;

/**
 * Ids published in every page that uses them: Google Analytics and Tag Manager properties,
 * reCAPTCHA site keys.
 */
const PUBLIC_ID =
  /^(?:UA-\d{4,10}-\d{1,4}|G-[A-Z0-9]{8,12}|GTM-[A-Z0-9]{6,8}|AW-\d{9,11}|6L[A-Za-z0-9_\-]{38})$/;

/** Whether decoded bytes read `user:secret`, the secret looking generated. */
function credentialPair(bytes: string): boolean {
  const pair = /^([\w.@+\-]{1,64}):([\x21-\x7e]{8,128})$/.exec(bytes);
  return pair !== null && secretLooking(pair[2]!) && wordFraction(pair[2]!) < 0.4;
}

/**
 * Whether a token has a format that a public key shares with a secret one: reCAPTCHA site keys
 * and secret keys are both `6L` and 38 characters. Public unless a label says secret.
 */
export function sharedFormat(token: string): boolean {
  return /^6L[A-Za-z0-9_\-]{38}$/.test(token);
}

/**
 * Whether a token is an object's id by its prefix: its prefix, perhaps a mode, and one body
 * (`cus_NffrFeUfNV2Hib`, `cs_test_a1…`, `dpl_…`), a Twilio SID (`AC` and 32 hex) or a public
 * id (`UA-…`, `G-…`, a reCAPTCHA site key). A random
 * segment before the body makes it another format that shares the prefix (Resend's
 * `re_<8>_<24>` is a key).
 */
export function isObjectId(token: string): boolean {
  if (/^(?:AC|PN|MG|CA|SM|MM|CF|US|IS|QU|WS)[0-9a-f]{32}$/.test(token)) return true;
  if (PUBLIC_ID.test(token)) return true;
  const id = NOT_SECRET_PREFIX.exec(token);
  return id !== null && /^(?:[a-z]{2,8}_)?[A-Za-z0-9]+$/.test(token.slice(id[0].length));
}

/**
 * The kind of secret `token` (at `start` in `view`) is, or undefined when it is not one;
 * `boosted` when the words before it say it is a secret (the bar for randomness is lower).
 */
export function classify(
  token: string,
  boosted: boolean,
  view: string,
  start: number,
): EntropyType | undefined {
  const n = token.length;
  if (n < 20) return undefined;
  // Hex under a prefix that says secret (`sec_<hex>`, `lin_oauth_<hex>`, `tok-<hex>`): a key's
  // body, where hex under other prefixes is a content hash or an id (`node-cache-<sha>`).
  if (SECRET_HEX.test(token)) return "high_entropy";
  if (
    /^(?:0x)?[0-9a-fA-F]+$/.test(token) || /^[A-Za-z]{1,6}[_\-]?[0-9a-f]{16,}$/.test(token) ||
    /^[0-9a-f]{16,}[_\-][A-Za-z]{1,6}$/.test(token)
  ) {
    return undefined;
  }
  if (/^[0-9a-fA-F]+(?:[\-_:.][0-9a-fA-F]+)+$/.test(token)) return undefined; // UUIDs, MACs
  if (/^(?:sha\d{1,3}|md5)[-_]/i.test(token)) return undefined;
  if (isObjectId(token)) return undefined;
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
    // Base64 of `id:secret` is a credential (HTTP Basic, a Docker `auth`, an Elastic API key).
    if (credentialPair(decoded)) return "high_entropy";
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

/** A secret-named prefix of one or two parts, then 32 hex digits or more. */
const SECRET_HEX =
  /^(?:[a-z]{1,8}[_\-])?(?:sk|sec|secret|tok|token|pat|oauth|auth|pw|pass|priv|cred|apikey|api_key)[_\-](?:[a-z]{2,6}[_\-])?[0-9a-f]{32,}$/i;

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
