/**
 * The `.dna` container, format v1: a whole strand (`export`) or a batch of ops (`delta`) as
 * one file that is encrypted (XChaCha20-Poly1305 under a passphrase via Argon2id or a raw
 * key, with a key commitment), signed by the exporting device (Ed25519, verifiable before
 * decryption) and self-describing (a canonical JSON manifest inside the ciphertext). Pure:
 * bytes in, bytes out; the engine produces the body (canonical JSONL of ops) and the
 * manifest. `docs/dna-format.md` is the specification; every golden file in
 * `tests/fixtures/dna/` must keep decoding.
 *
 * @example Round trip
 * ```ts
 * import { decodeDna, encodeDna, EMPTY_MERKLE_ROOT, type DnaManifest } from "./format.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const manifest: DnaManifest = {
 *   formatVersion: 1, kind: "delta", schemaVersion: 1, strandId: "str_demo", embedding: null,
 *   counts: { ops: 0, memories: 0, edges: 0 },
 *   created: { at: 0, deviceId: "dev_demo", helixVersion: "0.1.0" },
 *   merkleRoot: EMPTY_MERKLE_ROOT, bodyEncoding: "jsonl",
 * };
 * const key = { rawKey: new Uint8Array(32).fill(7) };
 * const signingKey = new Uint8Array(32).fill(9);
 * const bytes = await encodeDna({ manifest, body: new Uint8Array(0), key, signingKey });
 * const decoded = await decodeDna(bytes, { key });
 * deepEqual(decoded.manifest, manifest);
 * equal(decoded.header.kdf, "raw");
 * ```
 *
 * @module
 */
import { HelixError } from "../../errors.ts";
import { keyFingerprint } from "../../crypto/primitives.ts";
import { type DnaKey, openContainer, sealContainer } from "./container.ts";
import {
  type Argon2Params,
  DNA_FORMAT_VERSION,
  type DnaKdf,
  type DnaKind,
  hasMagic,
  type HeaderFields,
  splitContainer,
} from "./header.ts";
import {
  type DnaManifest,
  MAX_MANIFEST_BYTES,
  parseManifest,
  serializeManifest,
} from "./manifest.ts";

export { ARGON2_DEFAULT, ARGON2_MAX, ARGON2_MIN, keyFingerprint } from "../../crypto/primitives.ts";
export type { DnaKey } from "./container.ts";
export { DNA_FORMAT_VERSION, DNA_MAGIC } from "./header.ts";
export type { Argon2Params, DnaKdf, DnaKind } from "./header.ts";
export type {
  DnaBodyEncoding,
  DnaCounts,
  DnaCreated,
  DnaEmbedding,
  DnaFilters,
  DnaManifest,
} from "./manifest.ts";
export { EMPTY_MERKLE_ROOT, merkleRoot } from "../../crypto/merkle.ts";

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
  /** The file's 16-byte salt (pass it back to {@linkcode encodeDna} to reproduce the file). */
  readonly salt: Uint8Array;
  /** The file's 24-byte nonce (likewise). */
  readonly nonce: Uint8Array;
  /** The Ed25519 public key that signed the file (unverified until {@linkcode decodeDna}). */
  readonly signer: Uint8Array;
  /** {@linkcode keyFingerprint} of `signer`, for showing and pinning. */
  readonly signerFingerprint: string;
}

/** Options of {@linkcode encodeDna}. */
export interface EncodeDnaOptions {
  /** What the file holds; `manifest.kind` is also written to the header. */
  readonly manifest: DnaManifest;
  /** The encoded ops (see `manifest.bodyEncoding`); opaque to the container. */
  readonly body: Uint8Array;
  /** A passphrase (Argon2id) or a raw 32-byte key. */
  readonly key: DnaKey;
  /** Argon2id cost, for a passphrase key only. @default {ARGON2_DEFAULT} (64 MiB, t = 3) */
  readonly argon2?: Argon2Params;
  /** The exporting device's Ed25519 secret key (32-byte seed). */
  readonly signingKey: Uint8Array;
  /** 16 bytes; random when absent. Inject only for golden files and tests. */
  readonly salt?: Uint8Array;
  /** 24 bytes; random when absent. Inject only for golden files and tests. */
  readonly nonce?: Uint8Array;
}

/** Options of {@linkcode decodeDna}. */
export interface DecodeDnaOptions {
  /** The passphrase or raw key the file was sealed with ({@linkcode readDnaHeader} says which). */
  readonly key: DnaKey;
  /** A pinned signer public key; a file signed by any other key is `bad_signature`. */
  readonly expectedSigner?: Uint8Array;
}

/** A decoded `.dna` file. Re-encoding it with the same key and signing key, `header.salt` and
 * `header.nonce` (and `header.argon2` for a passphrase) gives the same bytes. */
export interface DecodedDna {
  /** The verified header. */
  readonly header: DnaHeader;
  /** The manifest, exactly as signed. */
  readonly manifest: DnaManifest;
  /** The body bytes, still encoded as `manifest.bodyEncoding` says. */
  readonly body: Uint8Array;
}

function headerOf(fields: HeaderFields): DnaHeader {
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
 * import { isDna } from "./format.ts";
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
 * import { readDnaHeader } from "./format.ts";
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

/**
 * Encodes a `.dna` file: the canonical manifest and the body, encrypted and signed.
 * `invalid_input` on a bad manifest, key, signing key, salt, nonce or Argon2id parameters.
 * A passphrase costs one Argon2id derivation (~0.8 s at the default parameters).
 */
export async function encodeDna(options: EncodeDnaOptions): Promise<Uint8Array> {
  if (typeof options !== "object" || options === null) {
    throw new HelixError("invalid_input", "Cannot encode .dna file: options are missing");
  }
  const { manifest, body } = options;
  const manifestBytes = serializeManifest(manifest);
  if (!(body instanceof Uint8Array)) {
    throw new HelixError("invalid_input", "Cannot encode .dna file: body is not a Uint8Array");
  }
  const plaintext = new Uint8Array(4 + manifestBytes.length + body.length);
  new DataView(plaintext.buffer).setUint32(0, manifestBytes.length);
  plaintext.set(manifestBytes, 4);
  plaintext.set(body, 4 + manifestBytes.length);
  return await sealContainer({
    kind: manifest.kind,
    plaintext,
    key: options.key,
    signingKey: options.signingKey,
    ...(options.argon2 === undefined ? {} : { argon2: options.argon2 }),
    ...(options.salt === undefined ? {} : { salt: options.salt }),
    ...(options.nonce === undefined ? {} : { nonce: options.nonce }),
  });
}

/**
 * Decodes a `.dna` file, failing closed with a {@linkcode HelixError} and nothing else for
 * any input bytes: `corrupt` (not a well-formed v1 file), `unsupported_version`,
 * `bad_signature` (checked before any key is derived), `decrypt_failed` (wrong key or
 * passphrase, known from the key commitment before decrypting), `tampered` (the content does
 * not authenticate, or disagrees with the header), `invalid_input` (bad options, or a
 * passphrase for a raw-key file and vice versa).
 */
export async function decodeDna(bytes: Uint8Array, options: DecodeDnaOptions): Promise<DecodedDna> {
  const { fields, plaintext } = await openContainer(bytes, options);
  if (plaintext.length < 4) {
    throw new HelixError("corrupt", "Cannot decode .dna file: the payload has no manifest length");
  }
  const length = new DataView(plaintext.buffer, plaintext.byteOffset, 4).getUint32(0);
  if (length > MAX_MANIFEST_BYTES || length > plaintext.length - 4) {
    throw new HelixError(
      "corrupt",
      `Cannot decode .dna file: the manifest length ${length} exceeds the payload`,
    );
  }
  const manifest = parseManifest(plaintext.subarray(4, 4 + length));
  if (manifest.kind !== fields.kind) {
    throw new HelixError(
      "tampered",
      `Cannot decode .dna file: the header says ${fields.kind}, the manifest ${manifest.kind}`,
    );
  }
  return {
    header: headerOf(fields),
    manifest,
    body: plaintext.slice(4 + length),
  };
}
