/**
 * Opening a `.dna` v1 container, with the checks in the order `docs/dna-format.md` §4 fixes:
 * strict layout and version, signature (and the pinned signer), KDF parameters, key kind,
 * key derivation, key commitment, AEAD. Nothing is derived before the signature verifies,
 * and nothing is decrypted before the commitment matches.
 *
 * @module
 */
import { argon2Problem } from "../../crypto/argon2.ts";
import { constantTimeEqual, wipe } from "../../crypto/bytes.ts";
import { keyFingerprint, verifySignature } from "../../crypto/ed25519.ts";
import { PUBLIC_KEY_LENGTH } from "../../crypto/lengths.ts";
import { HelixError } from "../../errors.ts";
import { deriveFileKeys, keyCommitment, openPayload, signatureMessage } from "./crypto.ts";
import { splitContainer } from "./framing.ts";
import type { HeaderFields } from "./header.ts";
import { assertBytesArg, assertKey, type DnaKey, fileKey, invalid } from "./key.ts";

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
