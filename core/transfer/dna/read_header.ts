/**
 * Reading a `.dna` file without its key: whether bytes are one at all (the magic), and what
 * its header says (kind, key derivation and cost, salt, nonce, signer), checked for layout
 * and version but not for its signature. Enough to recognise a file and decide whether to
 * ask for a passphrase.
 *
 * @module
 */
import type { Argon2Params } from "../../crypto/argon2.ts";
import { keyFingerprint } from "../../crypto/ed25519.ts";
import { HelixError } from "../../errors.ts";
import { hasMagic, splitContainer } from "./framing.ts";
import { DNA_FORMAT_VERSION, type DnaKdf, type DnaKind, type HeaderFields } from "./header.ts";

/** What the header of a `.dna` file says, readable without a key. */
export interface DnaHeader {
  /** Always {@linkcode DNA_FORMAT_VERSION} (other versions are refused). */
  readonly formatVersion: number;
  /** A whole strand or a batch of ops. */
  readonly kind: DnaKind;
  /** `"argon2id"`: ask for a passphrase; `"raw"`: use a raw key (an epoch key). */
  readonly kdf: DnaKdf;
  /** Argon2id cost, or null for a raw key. */
  readonly argon2: Argon2Params | null;
  /** The file's 16-byte salt (pass it back to `encodeDna` to reproduce the file). */
  readonly salt: Uint8Array;
  /** The file's 24-byte nonce (likewise). */
  readonly nonce: Uint8Array;
  /** The Ed25519 public key that signed the file (unverified until `decodeDna`). */
  readonly signer: Uint8Array;
  /** {@linkcode keyFingerprint} of `signer`, for showing and pinning. */
  readonly signerFingerprint: string;
}

/** The public view of parsed header fields (copies, not views into the file). */
export function headerOf(fields: HeaderFields): DnaHeader {
  return {
    formatVersion: DNA_FORMAT_VERSION,
    kind: fields.kind,
    kdf: fields.kdf,
    argon2: fields.argon2 === null ? null : { ...fields.argon2 },
    salt: fields.salt.slice(),
    nonce: fields.nonce.slice(),
    signer: fields.signer.slice(),
    signerFingerprint: keyFingerprint(fields.signer),
  };
}

/**
 * True when `bytes` start with the `.dna` magic (any version). Says nothing of validity.
 *
 * @example Usage
 * ```ts
 * import { isDna } from "./read_header.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(isDna(new TextEncoder().encode('{"kind":"memory"}')), false);
 * ```
 */
export function isDna(bytes: Uint8Array): boolean {
  return bytes instanceof Uint8Array && hasMagic(bytes);
}

/**
 * The header of a whole `.dna` file, checked for layout and version but not for its
 * signature (no key needed): enough to recognise the file and decide whether to ask for a
 * passphrase. `corrupt` or `unsupported_version` otherwise.
 *
 * @example Whether to ask for a passphrase
 * ```ts
 * import { openEngine } from "../../engine.ts";
 * import { readDnaHeader } from "./read_header.ts";
 * import { equal, throws } from "node:assert/strict";
 *
 * const engine = openEngine({ path: ":memory:" });
 * await engine.write({ content: "Deploys need two approvals." });
 * const { bytes } = await engine.exportDna({
 *   key: { rawKey: new Uint8Array(32).fill(7) },
 *   signingKey: new Uint8Array(32).fill(9),
 *   deviceId: "laptop",
 *   helixVersion: "example",
 * });
 * const header = readDnaHeader(bytes);
 * equal(header.kind, "export");
 * equal(header.kdf, "raw"); // a raw key: nothing to ask for
 * throws(() => readDnaHeader(bytes.subarray(0, 20)), { code: "corrupt" });
 * engine.close();
 * ```
 */
export function readDnaHeader(bytes: Uint8Array): DnaHeader {
  if (!(bytes instanceof Uint8Array)) {
    throw new HelixError("invalid_input", "Cannot read .dna header: bytes is not a Uint8Array");
  }
  return headerOf(splitContainer(bytes).fields);
}
