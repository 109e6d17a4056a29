/**
 * Epoch keys (sync-protocol R2): a strand's epoch secret `E_n` (32 random bytes) and the keys
 * HKDF-SHA-256 derives from it with the strand id as salt, one per purpose: `k_enc` seals
 * deltas, `k_commit` commits to the key (R10), `k_roster` seals roster entries, and the seed
 * of the epoch's Ed25519 write key, whose public half `wpk_n` the relay checks writes against
 * (R14). Labels: `helix/sync/<purpose>/v1` (`docs/sync.md`).
 *
 * @module
 */
import { assertBytes } from "../../crypto/bytes.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import { KEY_LENGTH } from "../../crypto/lengths.ts";
import { hkdfSha256 } from "../../crypto/sha256.ts";
import { strandIdBytes } from "./ids.ts";
import { utf8 } from "./reader.ts";

/** The keys of one epoch of one strand. */
export interface EpochKeys {
  /** XChaCha20-Poly1305 key of delta ciphertexts. */
  readonly enc: Uint8Array;
  /** HMAC-SHA-256 key of the key commitment in delta headers. */
  readonly commit: Uint8Array;
  /** XChaCha20-Poly1305 key of roster entry ciphertexts. */
  readonly roster: Uint8Array;
  /** Ed25519 seed of the epoch write key (signs `wsig`). */
  readonly writeSeed: Uint8Array;
  /** Ed25519 public key of the epoch write key (`wpk`), published in the roster. */
  readonly writePublic: Uint8Array;
}

/** HKDF `info` labels of each epoch key. */
export const EPOCH_LABELS = {
  enc: "helix/sync/k_enc/v1",
  commit: "helix/sync/k_commit/v1",
  roster: "helix/sync/k_roster/v1",
  writeSeed: "helix/sync/write-seed/v1",
} as const;

/**
 * The keys of epoch secret `secret` for the strand `strandId` (32 hex digits).
 *
 * @example Usage
 * ```ts
 * import { deriveEpochKeys, newEpochSecret } from "./epoch.ts";
 * import { newStrandId } from "./ids.ts";
 * import { equal, notDeepEqual } from "node:assert/strict";
 *
 * const keys = deriveEpochKeys(newEpochSecret(), newStrandId());
 * notDeepEqual(keys.enc, keys.commit);
 * equal(keys.writePublic.length, 32);
 * ```
 */
export function deriveEpochKeys(secret: Uint8Array, strandId: string): EpochKeys {
  assertBytes(secret, KEY_LENGTH, "secret");
  const salt = strandIdBytes(strandId);
  const derive = (label: string) => hkdfSha256(secret, salt, utf8(label));
  const writeSeed = derive(EPOCH_LABELS.writeSeed);
  return {
    enc: derive(EPOCH_LABELS.enc),
    commit: derive(EPOCH_LABELS.commit),
    roster: derive(EPOCH_LABELS.roster),
    writeSeed,
    writePublic: publicKeyOf(writeSeed),
  };
}

/** A new random epoch secret (32 bytes). */
export function newEpochSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(KEY_LENGTH));
}
