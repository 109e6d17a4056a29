/**
 * The key of a `.dna` file as callers give it (a passphrase, or 32 raw bytes such as an
 * epoch key), the checks on codec arguments (`invalid_input`), and the file key `K` a
 * given key yields for a header.
 *
 * @module
 */
import { passphraseKey } from "../../crypto/argon2.ts";
import { KEY_LENGTH } from "../../crypto/lengths.ts";
import { HelixError } from "../../errors.ts";
import type { HeaderFields } from "./header.ts";

/** The key of a file: a passphrase (Argon2id) or 32 raw bytes (for example an epoch key). */
export type DnaKey = { readonly passphrase: string } | { readonly rawKey: Uint8Array };

/** Longest passphrase accepted, in UTF-16 code units. */
const MAX_PASSPHRASE = 4096;

/** `invalid_input`: "Cannot <action>: <state>". */
export function invalid(action: string, state: string): HelixError {
  return new HelixError("invalid_input", `Cannot ${action}: ${state}`);
}

/** `invalid_input` unless `value` is a `Uint8Array` (of `length` bytes, when given). */
export function assertBytesArg(
  action: string,
  value: unknown,
  name: string,
  length?: number,
): void {
  if (!(value instanceof Uint8Array)) throw invalid(action, `${name} is not a Uint8Array`);
  if (length !== undefined && value.length !== length) {
    throw invalid(action, `${name} must be ${length} bytes, got ${value.length}`);
  }
}

/** `invalid_input` unless `key` holds exactly one of a usable passphrase and a 32-byte raw key. */
export function assertKey(action: string, key: unknown): asserts key is DnaKey {
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

/** The file key for `fields` (a copy the caller wipes), or `invalid_input` on a kind mismatch. */
export async function fileKey(
  action: string,
  key: DnaKey,
  fields: HeaderFields,
): Promise<Uint8Array> {
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
