/**
 * The recovery phrase of a synced strand (sync-protocol R4): 24 words of the BIP-39 English
 * list (256 bits and a checksum) from which a recovery device's two keys derive, Ed25519 to
 * sign and X25519 to open key bundles, with HKDF-SHA-256 under Helix's own labels (the phrase
 * is not a wallet seed: nothing else derives from it). The recovery device is a roster member
 * like any machine, so every rotation wraps the strand's key for it; with only the phrase, a
 * person who lost every machine can add a new one.
 *
 * @module
 */
import { englishWordlist, entropyToMnemonic, hkdf, mnemonicToEntropy, sha256 } from "./_noble.ts";
import { keyFingerprint, publicKeyOf } from "./ed25519.ts";
import { HelixError } from "../errors.ts";
import { x25519PublicKeyOf } from "./x25519.ts";
import type { DeviceKey } from "./device_key.ts";
import type { ExchangeKey } from "./exchange_key.ts";

/** Words in a recovery phrase. */
export const RECOVERY_WORDS = 24;

/** The keys a recovery phrase stands for. */
export interface RecoveryKeys {
  readonly device: DeviceKey;
  readonly exchange: ExchangeKey;
}

/** A fresh phrase (24 words, one space apart) and its keys. */
export function newRecoveryPhrase(): { phrase: string; keys: RecoveryKeys } {
  const entropy = crypto.getRandomValues(new Uint8Array(32));
  const phrase = entropyToMnemonic(entropy, englishWordlist);
  const keys = keysOf(entropy);
  entropy.fill(0);
  return { phrase, keys };
}

/**
 * The keys of `phrase` (case, extra spaces and line breaks do not matter). Throws
 * `invalid_input` for a phrase that is not 24 words of the list with a valid checksum, naming
 * the first unknown word when there is one.
 *
 * @example Usage
 * ```ts
 * import { newRecoveryPhrase, recoveryKeys } from "./recovery_phrase.ts";
 * import { equal } from "node:assert/strict";
 *
 * const { phrase, keys } = newRecoveryPhrase();
 * equal(recoveryKeys(phrase.toUpperCase()).device.fingerprint, keys.device.fingerprint);
 * ```
 */
export function recoveryKeys(phrase: string): RecoveryKeys {
  const words = phrase.toLowerCase().split(/\s+/).filter((word) => word !== "");
  if (words.length !== RECOVERY_WORDS) {
    throw new HelixError(
      "invalid_input",
      `A recovery phrase is ${RECOVERY_WORDS} words; this one has ${words.length}`,
    );
  }
  const unknown = words.findIndex((word) => !englishWordlist.includes(word));
  if (unknown >= 0) {
    throw new HelixError(
      "invalid_input",
      `Word ${unknown + 1} of the recovery phrase ("${words[unknown]}") is not a word of the list`,
    );
  }
  let entropy: Uint8Array;
  try {
    entropy = mnemonicToEntropy(words.join(" "), englishWordlist);
  } catch {
    throw new HelixError(
      "invalid_input",
      "The recovery phrase does not check out: a word is wrong or out of place",
    );
  }
  const keys = keysOf(entropy);
  entropy.fill(0);
  return keys;
}

function keysOf(entropy: Uint8Array): RecoveryKeys {
  const info = (what: string) => new TextEncoder().encode(`helix/recovery/${what}/v1`);
  const signing = hkdf(sha256, entropy, undefined, info("device"), 32);
  const exchange = hkdf(sha256, entropy, undefined, info("exchange"), 32);
  const publicKey = publicKeyOf(signing);
  return {
    device: { publicKey, secretKey: signing, fingerprint: keyFingerprint(publicKey) },
    exchange: { publicKey: x25519PublicKeyOf(exchange), secretKey: exchange },
  };
}
