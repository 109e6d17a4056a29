/**
 * Sealing and opening a roster entry (sync-protocol R6; layout in `roster_outer.ts`). The
 * ciphertext is XChaCha20-Poly1305 under `k_roster` of the entry's epoch, with every byte
 * before it as associated data, of canonical JSON `{op, signer, sig}`, where `sig` (hex) is
 * the signer device's Ed25519 signature over `"helix/roster/v1" ‖ bytes before ct ‖
 * canonical op`. `wsig` is by the write key of the epoch in force before the entry.
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { keyFingerprint, publicKeyOf, signMessage, verifySignature } from "../../crypto/ed25519.ts";
import { NONCE_LENGTH, SIGNATURE_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { canonicalJson } from "../../util/canonical_json.ts";
import { parseCanonical, patternProblem } from "./checks.ts";
import { isRecord, keysProblem } from "../../util/json_checks.ts";
import type { EpochKeys } from "./epoch.ts";
import { corrupt, wireError } from "./errors.ts";
import { fromHex, HEX16, HEX32, strandIdBytes, toHex } from "./ids.ts";
import { concatBytes, u32Bytes, utf8 } from "./reader.ts";
import { type RosterOp, rosterOpFrom } from "./roster_ops.ts";
import {
  GENESIS_PREV,
  readRosterOuter,
  ROSTER_MAGIC,
  ROSTER_VERSION,
  type RosterOuter,
  rosterWriteMessage,
} from "./roster_outer.ts";

/** Domain-separation prefix of the signer's signature. */
export const ROSTER_SIGN_LABEL = "helix/roster/v1";

/** What {@linkcode sealRosterEntry} needs. */
export interface SealRosterInput {
  /** Strand id (32 hex digits). */
  readonly strandId: string;
  /** The entry's position (1 for the genesis entry). */
  readonly seq: number;
  /** Hash of the previous entry; ignored (zeros) at seq 1. */
  readonly prev: string;
  /** The epoch in force after the entry. */
  readonly epoch: number;
  /** Keys of `epoch` (`k_roster` seals the entry). */
  readonly keys: EpochKeys;
  /** Keys of the epoch in force before (their write key signs `wsig`); the genesis uses `keys`. */
  readonly writeKeys?: EpochKeys;
  /** True when the entry creates `epoch` (publishes `keys.writePublic`); always at seq 1. */
  readonly newEpoch?: boolean;
  /** Key bundle bytes (empty: none). */
  readonly bundle?: Uint8Array;
  /** The membership change. */
  readonly op: RosterOp;
  /** The signing device's Ed25519 secret key. */
  readonly signerSecretKey: Uint8Array;
  /** A fixed nonce, for known-answer vectors only. */
  readonly nonce?: Uint8Array;
}

/** An opened roster entry (signature not yet checked: that needs the roster). */
export interface OpenedRosterEntry {
  /** The relay-visible fields. */
  readonly outer: RosterOuter;
  /** The membership change. */
  readonly op: RosterOp;
  /** Device id of the signer. */
  readonly signer: string;
  /** The signer's signature. */
  readonly sig: Uint8Array;
}

function signMessageOf(prefix: Uint8Array, op: RosterOp): Uint8Array {
  return concatBytes(utf8(ROSTER_SIGN_LABEL), prefix, utf8(canonicalJson(op)));
}

function inner(op: RosterOp, signer: string, sig: Uint8Array): Uint8Array {
  return utf8(canonicalJson({ op, signer, sig: toHex(sig) }));
}

/** A sealed roster entry's bytes. */
export function sealRosterEntry(input: SealRosterInput): Uint8Array {
  const { strandId, seq, epoch, keys } = input;
  const problem = rosterOpFrom(JSON.parse(canonicalJson(input.op)));
  if (typeof problem === "string") throw new TypeError(`Cannot seal roster entry: ${problem}`);
  const genesis = seq === 1;
  if (!genesis && (typeof input.prev !== "string" || !HEX32.test(input.prev))) {
    throw new TypeError("prev must be 64 lowercase hex digits after the genesis entry");
  }
  const newEpoch = genesis || input.newEpoch === true;
  const bundle = input.bundle ?? new Uint8Array(0);
  const nonce = input.nonce ?? crypto.getRandomValues(new Uint8Array(NONCE_LENGTH));
  const signer = keyFingerprint(publicKeyOf(input.signerSecretKey));
  const placeholder = inner(input.op, signer, new Uint8Array(SIGNATURE_LENGTH));
  const prefix = concatBytes(
    ROSTER_MAGIC,
    Uint8Array.of(ROSTER_VERSION),
    strandIdBytes(strandId),
    u32Bytes(seq),
    fromHex(genesis ? GENESIS_PREV : input.prev),
    u32Bytes(epoch),
    Uint8Array.of(newEpoch ? 1 : 0),
    newEpoch ? keys.writePublic : new Uint8Array(0),
    u32Bytes(bundle.length),
    bundle,
    nonce,
    u32Bytes(placeholder.length + TAG_LENGTH),
  );
  const sig = signMessage(signMessageOf(prefix, input.op), input.signerSecretKey);
  const ciphertext = aeadSeal(keys.roster, nonce, prefix, inner(input.op, signer, sig));
  const signed = concatBytes(prefix, ciphertext);
  const writeSeed = (genesis ? keys : input.writeKeys ?? keys).writeSeed;
  const bytes = concatBytes(signed, signMessage(rosterWriteMessage(signed), writeSeed));
  readRosterOuter(bytes); // the writer never produces what a reader refuses
  return bytes;
}

/**
 * Decrypts a roster entry with `keys` of its epoch: `corrupt` for a malformed entry or
 * payload, `decrypt_failed` for another strand or a tag that does not verify.
 */
export function openRosterEntry(
  bytes: Uint8Array,
  keys: EpochKeys,
  expectedStrandId: string,
): OpenedRosterEntry {
  const outer = readRosterOuter(bytes);
  if (outer.strandId !== expectedStrandId) {
    throw wireError("decrypt_failed", "roster", "strand", "it belongs to another strand");
  }
  const plaintext = aeadOpen(keys.roster, outer.nonce, outer.prefix, outer.ciphertext);
  if (plaintext === null) {
    throw wireError("decrypt_failed", "roster", "aead", "it does not open under this epoch's key");
  }
  const parsed = parseCanonical(plaintext, canonicalJson);
  if ("problem" in parsed) throw corrupt("roster", "json", `the payload: ${parsed.problem}`);
  const value = parsed.value;
  if (!isRecord(value)) throw corrupt("roster", "field", "the payload is not an object");
  const fields = keysProblem(value, "entry", ["op", "signer", "sig"]) ??
    patternProblem(value.signer, "entry.signer", HEX16) ??
    patternProblem(value.sig, "entry.sig", /^[0-9a-f]{128}$/);
  if (fields !== null) throw corrupt("roster", "field", fields);
  const op = rosterOpFrom(value.op);
  if (typeof op === "string") throw corrupt("roster", "field", op);
  return { outer, op, signer: value.signer as string, sig: fromHex(value.sig as string) };
}

/** True when the entry's `sig` is the signature of the device with Ed25519 key `ed25519`. */
export function verifyRosterSignature(entry: OpenedRosterEntry, ed25519: Uint8Array): boolean {
  return verifySignature(entry.sig, signMessageOf(entry.outer.prefix, entry.op), ed25519);
}
