/**
 * Key bundles (sync-protocol R3): an epoch secret wrapped for each device as an age-style
 * X25519 stanza, `eph_pub (32) ‖ nonce (24) ‖ AEAD(k, E_n) (48)` with
 * `k = HKDF-SHA-256(X25519(eph, recipient), salt = eph_pub ‖ recipient_pub,
 * "helix/sync/bundle/v1")` and no associated data. The stanza count is padded to a power of
 * two with dummies (real stanzas for random recipients, so they look alike) and the order is
 * shuffled; there are no recipient ids, so a device trial-opens each stanza. The bundle is
 * authenticated by the roster entry that carries it (its signer signs the bytes).
 *
 * @module
 */
import { aeadOpen, aeadSeal } from "../../crypto/aead.ts";
import { assertBytes, wipe } from "../../crypto/bytes.ts";
import { KEY_LENGTH, NONCE_LENGTH, PUBLIC_KEY_LENGTH, TAG_LENGTH } from "../../crypto/lengths.ts";
import { hkdfSha256 } from "../../crypto/sha256.ts";
import { x25519PublicKeyOf, x25519Shared } from "../../crypto/x25519.ts";
import { HelixError } from "../../errors.ts";
import { corrupt, wireError } from "./errors.ts";
import { concatBytes, utf8 } from "./reader.ts";

/** Bytes of one stanza. */
export const STANZA_LENGTH: number = PUBLIC_KEY_LENGTH + NONCE_LENGTH + KEY_LENGTH + TAG_LENGTH;
/** Most stanzas in a bundle. */
export const MAX_STANZAS = 1024;
/** Largest bundle. */
export const MAX_BUNDLE_BYTES: number = MAX_STANZAS * STANZA_LENGTH;
/** HKDF label of a stanza key. */
export const BUNDLE_LABEL = "helix/sync/bundle/v1";

/** Source of random bytes; {@linkcode wrapBundle} takes one for known-answer vectors. */
export type RandomBytes = (length: number) => Uint8Array;

const systemRandom: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length));

/** The stanzas of a bundle (views); `corrupt` unless it is a power-of-two count of stanzas. */
export function readBundle(bundle: Uint8Array): Uint8Array[] {
  if (!(bundle instanceof Uint8Array)) throw corrupt("bundle", "type", "it is not bytes");
  const count = bundle.length / STANZA_LENGTH;
  if (!Number.isInteger(count) || count < 1 || count > MAX_STANZAS || (count & (count - 1)) !== 0) {
    throw corrupt(
      "bundle",
      "count",
      `${bundle.length} bytes are not a power-of-two count of ${STANZA_LENGTH}-byte stanzas`,
    );
  }
  return Array.from(
    { length: count },
    (_, i) => bundle.subarray(i * STANZA_LENGTH, (i + 1) * STANZA_LENGTH),
  );
}

function stanzaKey(shared: Uint8Array, ephPublic: Uint8Array, recipient: Uint8Array): Uint8Array {
  return hkdfSha256(shared, concatBytes(ephPublic, recipient), utf8(BUNDLE_LABEL));
}

function stanza(secret: Uint8Array, recipient: Uint8Array, random: RandomBytes): Uint8Array {
  const ephSecret = random(KEY_LENGTH);
  const ephPublic = x25519PublicKeyOf(ephSecret);
  const shared = x25519Shared(ephSecret, recipient);
  if (shared === null) {
    throw new HelixError("invalid_input", "Cannot wrap key bundle: a recipient key is unusable");
  }
  const key = stanzaKey(shared, ephPublic, recipient);
  const nonce = random(NONCE_LENGTH);
  const sealed = aeadSeal(key, nonce, new Uint8Array(0), secret);
  wipe(ephSecret, shared, key);
  return concatBytes(ephPublic, nonce, sealed);
}

/**
 * `secret` (an epoch secret) wrapped for each X25519 public key in `recipients`, padded to a
 * power of two and shuffled. `randomBytes` is for known-answer vectors only.
 *
 * @example Round trip
 * ```ts
 * import { openBundle, wrapBundle } from "./bundle.ts";
 * import { x25519PublicKeyOf } from "../../crypto/x25519.ts";
 * import { deepEqual, equal } from "node:assert/strict";
 *
 * const device = new Uint8Array(32).fill(5);
 * const secret = new Uint8Array(32).fill(6);
 * const bundle = wrapBundle(secret, [x25519PublicKeyOf(device), x25519PublicKeyOf(new Uint8Array(32).fill(7))]);
 * equal(bundle.length, 2 * 104);
 * deepEqual(openBundle(bundle, device), secret);
 * ```
 */
export function wrapBundle(
  secret: Uint8Array,
  recipients: readonly Uint8Array[],
  randomBytes: RandomBytes = systemRandom,
): Uint8Array {
  assertBytes(secret, KEY_LENGTH, "secret");
  if (recipients.length < 1 || recipients.length > MAX_STANZAS) {
    throw new HelixError(
      "invalid_input",
      `Cannot wrap key bundle: ${recipients.length} recipients`,
    );
  }
  for (const recipient of recipients) assertBytes(recipient, PUBLIC_KEY_LENGTH, "recipient");
  let count = 1;
  while (count < recipients.length) count *= 2;
  const stanzas = recipients.map((recipient) => stanza(secret, recipient, randomBytes));
  while (stanzas.length < count) {
    const nobody = randomBytes(KEY_LENGTH);
    const filler = randomBytes(KEY_LENGTH);
    stanzas.push(stanza(filler, x25519PublicKeyOf(nobody), randomBytes));
    wipe(nobody, filler);
  }
  for (let i = stanzas.length - 1; i > 0; i--) {
    const word = randomBytes(4);
    const j = new DataView(word.buffer, word.byteOffset, 4).getUint32(0) % (i + 1);
    [stanzas[i], stanzas[j]] = [stanzas[j]!, stanzas[i]!];
  }
  return concatBytes(...stanzas);
}

/**
 * The epoch secret a bundle wraps for the device whose X25519 secret key is `x25519Secret`:
 * `corrupt` for a malformed bundle, `decrypt_failed` when no stanza opens for this device.
 */
export function openBundle(bundle: Uint8Array, x25519Secret: Uint8Array): Uint8Array {
  assertBytes(x25519Secret, KEY_LENGTH, "x25519Secret");
  const stanzas = readBundle(bundle);
  const recipient = x25519PublicKeyOf(x25519Secret);
  let found: Uint8Array | null = null;
  for (const item of stanzas) {
    const ephPublic = item.subarray(0, PUBLIC_KEY_LENGTH);
    const nonce = item.subarray(PUBLIC_KEY_LENGTH, PUBLIC_KEY_LENGTH + NONCE_LENGTH);
    const shared = x25519Shared(x25519Secret, ephPublic);
    if (shared === null) continue;
    const key = stanzaKey(shared, ephPublic, recipient);
    const secret = aeadOpen(
      key,
      nonce,
      new Uint8Array(0),
      item.subarray(PUBLIC_KEY_LENGTH + NONCE_LENGTH),
    );
    wipe(shared, key);
    if (secret !== null && found === null) found = secret;
  }
  if (found === null) {
    throw wireError("decrypt_failed", "bundle", "no_stanza", "no stanza opens for this device");
  }
  return found;
}
