/**
 * Sealing a `.dna` v1 container: plaintext bytes in, an encrypted, key-committed and signed
 * file out. It knows nothing of what the plaintext holds (`format.ts` frames the manifest
 * and body); `open.ts` is the way back.
 *
 * @module
 */
import { ARGON2_DEFAULT, type Argon2Params, argon2Problem } from "../../crypto/argon2.ts";
import { wipe } from "../../crypto/bytes.ts";
import { publicKeyOf, signMessage } from "../../crypto/ed25519.ts";
import {
  KEY_LENGTH,
  NONCE_LENGTH,
  SALT_LENGTH,
  SIGNATURE_LENGTH,
  TAG_LENGTH,
} from "../../crypto/lengths.ts";
import { deriveFileKeys, keyCommitment, sealPayload, signatureMessage } from "./crypto.ts";
import { serializeHeader } from "./framing.ts";
import { COMMIT_LENGTH, type DnaKind, HEADER_LENGTH, type HeaderFields } from "./header.ts";
import { assertBytesArg, assertKey, type DnaKey, fileKey, invalid } from "./key.ts";

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

function randomBytes(length: number): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(length));
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
