/**
 * Pairing a new device (sync-protocol R5, `docs/sync.md`). An existing device (the inviter)
 * makes a code `<relay-url>#<rendezvous>.<secret>` (10 random bytes each, base32); the
 * fragment never reaches the relay. The joiner posts a `hello` with its public keys, the
 * inviter answers with a `welcome` naming the strand and roster head (and leaves its own keys
 * as a `hello` first); each is canonical JSON sealed with XChaCha20-Poly1305 under
 * `SHA-256("helix/pairing/key/v1" ‖ rendezvous ‖ secret)`, so the relay learns nothing. Both
 * devices show {@linkcode shortAuthString}, which binds both devices' Ed25519 and X25519
 * keys, and the person confirms it matches before the inviter adds the joiner.
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { HASH_LENGTH, NONCE_LENGTH, PUBLIC_KEY_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { sha256Bytes } from "../../crypto/sha256.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { base32Decode, base32Encode } from "./base32.ts";
import { parseCanonical, patternProblem, textProblem } from "./checks.ts";
import { isRecord, keysProblem } from "../../util/json_checks.ts";
import { wireError } from "./errors.ts";
import { fromHex, HEX16, HEX32, toHex } from "./ids.ts";
import { concatBytes, utf8 } from "./reader.ts";

/** Bytes of the rendezvous id and of the pairing secret. */
export const PAIRING_BYTES = 10;
/** Largest pairing message. */
export const MAX_PAIRING_MESSAGE = 4096;

/** A parsed pairing code. */
export interface PairingCode {
  /** The relay's base URL (http or https). */
  readonly relayUrl: string;
  /** Rendezvous id: 16 base32 characters (the relay route's `:id`). */
  readonly rendezvous: string;
  /** The pairing secret (10 bytes). Never sent to the relay. */
  readonly secret: Uint8Array;
}

/** A device's public keys as pairing exchanges them. */
export interface PairingPeer {
  /** Ed25519 public key. */
  readonly ed25519: Uint8Array;
  /** X25519 public key. */
  readonly x25519: Uint8Array;
  /** Name for people (the machine's). */
  readonly name: string;
  /** The person's name in a team, when a hello joins one as a new member. */
  readonly member?: string;
}

/** What the inviter tells the joiner once the person confirmed. */
export interface Welcome {
  /** The inviter's keys and name. */
  readonly inviter: PairingPeer;
  /** Strand id. */
  readonly strandId: string;
  /** Sequence of the roster entry that added the joiner. */
  readonly rosterSeq: number;
  /** Its hash. */
  readonly rosterHead: string;
}

const RENDEZVOUS = /^[a-z2-7]{16}$/;

function invalid(reason: string, problem: string) {
  return wireError("invalid_input", "pairing", reason, problem);
}

function relayProblem(relayUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(relayUrl);
  } catch {
    return "the relay URL does not parse";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "the relay URL is not http(s)";
  if (relayUrl.includes("#") || url.username !== "" || url.password !== "") {
    return "the relay URL has a fragment or credentials";
  }
  return null;
}

/**
 * A new pairing code for the relay at `relayUrl`. `random` is for known-answer vectors only.
 *
 * @example Round trip
 * ```ts
 * import { makePairingCode, parsePairingCode } from "./pairing.ts";
 * import { deepEqual, match } from "node:assert/strict";
 *
 * const made = makePairingCode("https://relay.example");
 * match(made.code, /^https:\/\/relay\.example#[a-z2-7]{16}\.[a-z2-7]{16}$/);
 * deepEqual(parsePairingCode(made.code), made.parsed);
 * ```
 */
export function makePairingCode(
  relayUrl: string,
  random: (length: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): { code: string; parsed: PairingCode } {
  const problem = relayProblem(relayUrl);
  if (problem !== null) throw invalid("relay", `Cannot make pairing code: ${problem}`);
  const rendezvous = base32Encode(random(PAIRING_BYTES));
  const secret = random(PAIRING_BYTES);
  return {
    code: `${relayUrl}#${rendezvous}.${base32Encode(secret)}`,
    parsed: { relayUrl, rendezvous, secret },
  };
}

/** The parts of a pairing code a person typed or pasted; `invalid_input` when malformed. */
export function parsePairingCode(code: string): PairingCode {
  if (typeof code !== "string" || code.length > 2048) {
    throw invalid("code", "the code is malformed");
  }
  const trimmed = code.trim();
  const hash = trimmed.lastIndexOf("#");
  if (hash < 0) throw invalid("code", "the code has no #rendezvous.secret part");
  const relayUrl = trimmed.slice(0, hash);
  const problem = relayProblem(relayUrl);
  if (problem !== null) throw invalid("relay", problem);
  const [rendezvous, secretText, ...rest] = trimmed.slice(hash + 1).toLowerCase().split(".");
  const secret = base32Decode(secretText ?? "");
  if (rest.length > 0 || !RENDEZVOUS.test(rendezvous ?? "") || secret?.length !== PAIRING_BYTES) {
    throw invalid("code", "the part after # is not <16 base32>.<16 base32>");
  }
  return { relayUrl, rendezvous: rendezvous!, secret };
}

function pairingKey(code: Pick<PairingCode, "rendezvous" | "secret">): Uint8Array {
  return sha256Bytes(
    concatBytes(utf8("helix/pairing/key/v1"), base32Decode(code.rendezvous)!, code.secret),
  );
}

const PAIRING_AAD = utf8("helix/pairing/v1");
const systemRandom = (length: number) => crypto.getRandomValues(new Uint8Array(length));

/**
 * A pairing message: `nonce (24) ‖ XChaCha20-Poly1305(key, canonical JSON)` under a key only
 * the pairing code gives, so the relay that carries it learns neither the public keys nor the
 * names it holds (an AEAD is a MAC too: a changed byte fails to open).
 */
function seal(
  fields: Record<string, unknown>,
  code: Pick<PairingCode, "rendezvous" | "secret">,
  random: (length: number) => Uint8Array,
) {
  const nonce = random(NONCE_LENGTH);
  const sealed = aeadSeal(pairingKey(code), nonce, PAIRING_AAD, utf8(canonicalJson(fields)));
  return concatBytes(nonce, sealed);
}

function open(
  bytes: Uint8Array,
  code: Pick<PairingCode, "rendezvous" | "secret">,
  kind: string,
  fields: readonly string[],
  optional: readonly string[] = [],
): Record<string, unknown> {
  if (
    !(bytes instanceof Uint8Array) || bytes.length > MAX_PAIRING_MESSAGE ||
    bytes.length < NONCE_LENGTH + TAG_LENGTH
  ) {
    throw wireError("corrupt", "pairing", "size", `the ${kind} is not bytes of a bounded size`);
  }
  const plaintext = aeadOpen(
    pairingKey(code),
    bytes.subarray(0, NONCE_LENGTH),
    PAIRING_AAD,
    bytes.subarray(NONCE_LENGTH),
  );
  if (plaintext === null) {
    throw wireError(
      "tampered",
      "pairing",
      "mac",
      `the ${kind} does not open with this pairing code (another code, or altered)`,
    );
  }
  const parsed = parseCanonical(plaintext, canonicalJson);
  if ("problem" in parsed) {
    throw wireError("corrupt", "pairing", "json", `the ${kind}: ${parsed.problem}`);
  }
  const value = parsed.value;
  if (!isRecord(value)) {
    throw wireError("corrupt", "pairing", "field", `the ${kind} is not an object`);
  }
  const problem = keysProblem(value, kind, ["kind", ...fields], optional) ??
    (value.kind === kind ? null : `${kind}.kind is not "${kind}"`);
  if (problem !== null) throw wireError("corrupt", "pairing", "field", problem);
  const { kind: _kind, ...rest } = value;
  return { kind, ...rest };
}

function peerFields(peer: PairingPeer) {
  if (peer.ed25519.length !== PUBLIC_KEY_LENGTH || peer.x25519.length !== PUBLIC_KEY_LENGTH) {
    throw new TypeError("pairing keys must be 32 bytes");
  }
  return {
    ed25519: toHex(peer.ed25519),
    x25519: toHex(peer.x25519),
    name: peer.name,
    ...(peer.member !== undefined ? { member: peer.member } : {}),
  };
}

function peerFrom(value: Record<string, unknown>, kind: string): PairingPeer {
  const problem = patternProblem(value.ed25519, `${kind}.ed25519`, HEX32) ??
    patternProblem(value.x25519, `${kind}.x25519`, HEX32) ??
    textProblem(value.name, `${kind}.name`, 100) ??
    ("member" in value ? textProblem(value.member, `${kind}.member`, 100) : null);
  if (problem !== null) throw wireError("corrupt", "pairing", "field", problem);
  return {
    ed25519: fromHex(value.ed25519 as string),
    x25519: fromHex(value.x25519 as string),
    name: value.name as string,
    ...("member" in value ? { member: value.member as string } : {}),
  };
}

/** The joiner's `hello` message. */
export function encodeHello(
  peer: PairingPeer,
  code: PairingCode,
  random: (length: number) => Uint8Array = systemRandom,
): Uint8Array {
  return seal({ kind: "hello", ...peerFields(peer) }, code, random);
}

/** The joiner's keys from a `hello`: `corrupt` when malformed, `tampered` when the MAC fails. */
export function openHello(bytes: Uint8Array, code: PairingCode): PairingPeer {
  return peerFrom(open(bytes, code, "hello", ["ed25519", "x25519", "name"], ["member"]), "hello");
}

/** The inviter's `welcome` message. */
export function encodeWelcome(
  welcome: Welcome,
  code: PairingCode,
  random: (length: number) => Uint8Array = systemRandom,
): Uint8Array {
  return seal(
    {
      kind: "welcome",
      ...peerFields(welcome.inviter),
      strand: welcome.strandId,
      rosterSeq: welcome.rosterSeq,
      rosterHead: welcome.rosterHead,
    },
    code,
    random,
  );
}

/** The welcome's contents: `corrupt` when malformed, `tampered` when the MAC fails. */
export function openWelcome(bytes: Uint8Array, code: PairingCode): Welcome {
  const value = open(bytes, code, "welcome", [
    "ed25519",
    "x25519",
    "name",
    "strand",
    "rosterSeq",
    "rosterHead",
  ]);
  const inviter = peerFrom(value, "welcome");
  const problem = patternProblem(value.strand, "welcome.strand", HEX16) ??
    patternProblem(value.rosterHead, "welcome.rosterHead", HEX32) ??
    (Number.isSafeInteger(value.rosterSeq) && (value.rosterSeq as number) >= 1 &&
        (value.rosterSeq as number) <= 0xffff_ffff
      ? null
      : "welcome.rosterSeq is not a sequence");
  if (problem !== null) throw wireError("corrupt", "pairing", "field", problem);
  return {
    inviter,
    strandId: value.strand as string,
    rosterSeq: value.rosterSeq as number,
    rosterHead: value.rosterHead as string,
  };
}

/**
 * The six-digit short authentication string both devices show, as "123 456":
 * `SHA-256("helix/sas/v1" ‖ secret ‖ inviter ed25519 ‖ inviter x25519 ‖ joiner ed25519 ‖
 * joiner x25519)`, its first 8 bytes as an integer modulo 10^6.
 *
 * @example Usage
 * ```ts
 * import { shortAuthString } from "./pairing.ts";
 * import { match } from "node:assert/strict";
 *
 * const peer = (n: number) => ({ ed25519: new Uint8Array(32).fill(n), x25519: new Uint8Array(32).fill(n + 1), name: "x" });
 * match(shortAuthString(new Uint8Array(10), peer(1), peer(3)), /^\d{3} \d{3}$/);
 * ```
 */
export function shortAuthString(
  secret: Uint8Array,
  inviter: Pick<PairingPeer, "ed25519" | "x25519">,
  joiner: Pick<PairingPeer, "ed25519" | "x25519">,
): string {
  for (const key of [inviter.ed25519, inviter.x25519, joiner.ed25519, joiner.x25519]) {
    if (key.length !== PUBLIC_KEY_LENGTH) throw new TypeError("pairing keys must be 32 bytes");
  }
  const hash = sha256Bytes(concatBytes(
    utf8("helix/sas/v1"),
    secret,
    inviter.ed25519,
    inviter.x25519,
    joiner.ed25519,
    joiner.x25519,
  ));
  const value = new DataView(hash.buffer, hash.byteOffset, HASH_LENGTH).getBigUint64(0) %
    1_000_000n;
  const digits = value.toString().padStart(6, "0");
  return `${digits.slice(0, 3)} ${digits.slice(3)}`;
}
