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
 * import { decodeDna, encodeDna } from "./format.ts";
 * import { EMPTY_MERKLE_ROOT } from "../../crypto/merkle.ts";
 * import type { DnaManifest } from "./manifest.ts";
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
import type { Argon2Params } from "../../crypto/argon2.ts";
import { HelixError } from "../../errors.ts";
import type { DnaKey } from "./key.ts";
import { type DnaManifest, parseManifest, serializeManifest } from "./manifest.ts";
import { openContainer } from "./open.ts";
import { framePayload, splitPayload } from "./payload.ts";
import { type DnaHeader, headerOf } from "./read_header.ts";
import { sealContainer } from "./seal.ts";

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
  return await sealContainer({
    kind: manifest.kind,
    plaintext: framePayload(manifestBytes, body),
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
  const payload = splitPayload(plaintext);
  const manifest = parseManifest(payload.manifest);
  if (manifest.kind !== fields.kind) {
    throw new HelixError(
      "tampered",
      `Cannot decode .dna file: the header says ${fields.kind}, the manifest ${manifest.kind}`,
    );
  }
  return { header: headerOf(fields), manifest, body: payload.body };
}
