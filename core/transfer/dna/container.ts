/**
 * The sealed container of `.dna` v1: plaintext bytes in, signed and encrypted file out, and
 * back, with the checks in the order `docs/dna-format.md` §4 fixes — strict layout, version,
 * signature, KDF parameters, key derivation, key commitment, AEAD. It knows nothing of what
 * the plaintext holds (`format.ts` frames the manifest and body).
 *
 * @module
 */
import { HelixError } from "../../errors.ts";
import {
  ARGON2_DEFAULT,
  argon2Problem,
  constantTimeEqual,
  deriveFileKeys,
  KEY_LENGTH,
  keyCommitment,
  keyFingerprint,
  openPayload,
  passphraseKey,
  publicKeyOf,
  sealPayload,
  signatureMessage,
  signMessage,
  verifySignature,
  wipe,
} from "../../crypto/primitives.ts";
import {
  type Argon2Params,
  COMMIT_LENGTH,
  type DnaKind,
  HEADER_LENGTH,
  type HeaderFields,
  NONCE_LENGTH,
  PUBLIC_KEY_LENGTH,
  SALT_LENGTH,
  serializeHeader,
  SIGNATURE_LENGTH,
  splitContainer,
  TAG_LENGTH,
} from "./header.ts";

/** The key of a file: a passphrase (Argon2id) or 32 raw bytes (for example an epoch key). */
export type DnaKey = { readonly passphrase: string } | { readonly rawKey: Uint8Array };

/** Longest passphrase accepted, in UTF-16 code units. */
const MAX_PASSPHRASE = 4096;

/** What {@linkcode sealContainer} needs. */
export interface SealInput {
  /** Written to the header. */
  readonly kind: DnaKind;
  /** The payload (manifest length, manifest, body). */
  readonly plaintext: Uint8Array;
  /** The file key's source. */
  readonly key: DnaKey;
  /** Argon2id cost, for a passphrase key only. @default {ARGON2_DEFAULT} */
  readonly argon2?: Argon2Params;
  /** The device's Ed25519 secret key (32-byte seed). */
  readonly signingKey: Uint8Array;
  /** 16 bytes; random when absent. Inject only for golden files and tests. */
  readonly salt?: Uint8Array;
  /** 24 bytes; random when absent. Inject only for golden files and tests. */
  readonly nonce?: Uint8Array;
}

/** What {@linkcode openContainer} needs. */
export interface OpenOptions {
  /** The file key's source. */
  readonly key: DnaKey;
  /** When given, a file signed by any other key is refused with `bad_signature`. */
  readonly expectedSigner?: Uint8Array;
}

/** An opened container: its verified header fields and plaintext. */
export interface OpenedContainer {
  /** The header fields (views into the input bytes). */
  readonly fields: HeaderFields;
  /** The decrypted payload. */
  readonly plaintext: Uint8Array;
}

function invalid(action: string, state: string): HelixError {
  return new HelixError("invalid_input", `Cannot ${action}: ${state}`);
}

function assertBytesArg(action: string, value: unknown, name: string, length?: number): void {
  if (!(value instanceof Uint8Array)) throw invalid(action, `${name} is not a Uint8Array`);
  if (length !== undefined && value.length !== length) {
    throw invalid(action, `${name} must be ${length} bytes, got ${value.length}`);
  }
}

function assertKey(action: string, key: unknown): asserts key is DnaKey {
  if (typeof key !== "object" || key === null) throw invalid(action, "key is missing");
  const hasPassphrase = "passphrase" in key;
  if (hasPassphrase === "rawKey" in key) {
    throw invalid(action, "key must hold exactly one of passphrase and rawKey");
  }
  if (hasPassphrase) {
    const { passphrase } = key as { passphrase: unknown };
    if (typeof passphrase !== "string" || passphrase.length === 0) {
      throw invalid(action, "the passphrase is empty");
    }
    if (passphrase.length > MAX_PASSPHRASE) {
      throw invalid(action, `the passphrase is longer than ${MAX_PASSPHRASE} characters`);
    }
  } else {
    assertBytesArg(action, (key as { rawKey: unknown }).rawKey, "rawKey", KEY_LENGTH);
  }
}

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** The file key for `fields` (a copy the caller wipes), or `invalid_input` on a kind mismatch. */
async function fileKey(action: string, key: DnaKey, fields: HeaderFields): Promise<Uint8Array> {
  if ("passphrase" in key) {
    if (fields.argon2 === null) {
      throw invalid(action, "the file is sealed with a raw key, not a passphrase");
    }
    return await passphraseKey(key.passphrase, fields.salt, fields.argon2);
  }
  if (fields.argon2 !== null) {
    throw invalid(action, "the file is sealed with a passphrase, not a raw key");
  }
  return key.rawKey.slice();
}

/**
 * Encrypts, commits and signs `plaintext` into a v1 file. Deterministic given `salt` and
 * `nonce` (Ed25519 signatures are deterministic).
 */
export async function sealContainer(input: SealInput): Promise<Uint8Array> {
  const action = "encode .dna file";
  if (typeof input !== "object" || input === null) throw invalid(action, "options are missing");
  if (input.kind !== "export" && input.kind !== "delta") throw invalid(action, "kind is unknown");
  assertBytesArg(action, input.plaintext, "plaintext");
  assertKey(action, input.key);
  assertBytesArg(action, input.signingKey, "signingKey", KEY_LENGTH);
  if (input.salt !== undefined) assertBytesArg(action, input.salt, "salt", SALT_LENGTH);
  if (input.nonce !== undefined) assertBytesArg(action, input.nonce, "nonce", NONCE_LENGTH);
  const isPassphrase = "passphrase" in input.key;
  if (!isPassphrase && input.argon2 !== undefined) {
    throw invalid(action, "argon2 parameters apply to a passphrase key only");
  }
  const argon2 = isPassphrase ? input.argon2 ?? ARGON2_DEFAULT : null;
  if (argon2 !== null) {
    const problem = typeof argon2 === "object" && argon2 !== null
      ? argon2Problem(argon2)
      : "argon2 is not an object";
    if (problem !== null) throw invalid(action, problem);
  }

  const fields: HeaderFields = {
    kind: input.kind,
    kdf: argon2 === null ? "raw" : "argon2id",
    argon2: argon2 === null ? null : {
      memoryKiB: argon2.memoryKiB,
      iterations: argon2.iterations,
      parallelism: argon2.parallelism,
    },
    salt: input.salt?.slice() ?? randomBytes(SALT_LENGTH),
    nonce: input.nonce?.slice() ?? randomBytes(NONCE_LENGTH),
    signer: publicKeyOf(input.signingKey),
    ciphertextLength: input.plaintext.length + TAG_LENGTH,
    commit: new Uint8Array(COMMIT_LENGTH),
  };
  const key = await fileKey(action, input.key, fields);
  const keys = deriveFileKeys(key, fields.salt);
  try {
    const commit = keyCommitment(keys.commit, serializeHeader(fields));
    const header = serializeHeader({ ...fields, commit });
    const ciphertext = sealPayload(keys.enc, fields.nonce, header, input.plaintext);
    const signature = signMessage(signatureMessage(header, ciphertext), input.signingKey);
    const out = new Uint8Array(HEADER_LENGTH + ciphertext.length + SIGNATURE_LENGTH);
    out.set(header, 0);
    out.set(ciphertext, HEADER_LENGTH);
    out.set(signature, HEADER_LENGTH + ciphertext.length);
    return out;
  } finally {
    wipe(key, keys.enc, keys.commit);
  }
}

/**
 * Checks and decrypts a v1 file, in this order: strict layout and version (`corrupt`,
 * `unsupported_version`), signature (`bad_signature`), KDF parameters (`corrupt`), key kind
 * (`invalid_input`), key commitment (`decrypt_failed`: wrong key or passphrase), AEAD
 * (`tampered`). Nothing is decrypted before the commitment matches.
 */
export async function openContainer(
  bytes: Uint8Array,
  options: OpenOptions,
): Promise<OpenedContainer> {
  const action = "decode .dna file";
  assertBytesArg(action, bytes, "bytes");
  if (typeof options !== "object" || options === null) throw invalid(action, "options are missing");
  assertKey(action, options.key);
  if (options.expectedSigner !== undefined) {
    assertBytesArg(action, options.expectedSigner, "expectedSigner", PUBLIC_KEY_LENGTH);
  }

  const { fields, header, ciphertext, signature } = splitContainer(bytes);
  if (!verifySignature(signature, signatureMessage(header, ciphertext), fields.signer)) {
    throw new HelixError(
      "bad_signature",
      `Cannot decode .dna file: the signature does not verify under its signer key ${
        keyFingerprint(fields.signer)
      }`,
    );
  }
  if (
    options.expectedSigner !== undefined &&
    !constantTimeEqual(options.expectedSigner, fields.signer)
  ) {
    throw new HelixError(
      "bad_signature",
      `Cannot decode .dna file: it is signed by ${keyFingerprint(fields.signer)}, expected ${
        keyFingerprint(options.expectedSigner)
      }`,
    );
  }
  if (fields.argon2 !== null) {
    const problem = argon2Problem(fields.argon2);
    if (problem !== null) throw new HelixError("corrupt", `Cannot decode .dna file: ${problem}`);
  }

  const key = await fileKey(action, options.key, fields);
  const keys = deriveFileKeys(key, fields.salt);
  try {
    if (!constantTimeEqual(keyCommitment(keys.commit, header), fields.commit)) {
      throw new HelixError(
        "decrypt_failed",
        "Cannot decode .dna file: the key or passphrase does not match this file",
      );
    }
    const plaintext = openPayload(keys.enc, fields.nonce, header, ciphertext);
    if (plaintext === null) {
      throw new HelixError(
        "tampered",
        "Cannot decode .dna file: the ciphertext does not authenticate under the right key",
      );
    }
    return { fields, plaintext };
  } finally {
    wipe(key, keys.enc, keys.commit);
  }
}
