/**
 * Byte lengths of what `crypto/` works with: symmetric keys, salts, nonces, tags, hashes,
 * Ed25519 keys and signatures. Formats built on these primitives (`.dna` files, sync
 * envelopes) size their fields from here.
 *
 * @module
 */

/** A symmetric key (file key, XChaCha20-Poly1305 key, HKDF output) and an Ed25519 secret key. */
export const KEY_LENGTH = 32;
/** A key-derivation salt (Argon2id and HKDF). */
export const SALT_LENGTH = 16;
/** An XChaCha20-Poly1305 nonce. */
export const NONCE_LENGTH = 24;
/** The Poly1305 tag at the end of every AEAD ciphertext. */
export const TAG_LENGTH = 16;
/** A SHA-256 hash, and so an HMAC-SHA-256 tag. */
export const HASH_LENGTH = 32;
/** An Ed25519 public key. */
export const PUBLIC_KEY_LENGTH = 32;
/** An Ed25519 signature. */
export const SIGNATURE_LENGTH = 64;
