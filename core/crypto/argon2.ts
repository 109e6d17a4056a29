/**
 * Passphrase keys: Argon2id (RFC 9106, v0x13) of the NFC-normalized passphrase, with
 * Helix's bounds on its cost so a hostile file or message cannot make us hang or run out of
 * memory, nor ask for a key weaker than the minimum.
 *
 * @module
 */
import { argon2idAsync } from "./_noble.ts";
import { assertBytes, wipe } from "./bytes.ts";
import { cryptoCalls } from "./calls.ts";
import { KEY_LENGTH, SALT_LENGTH } from "./lengths.ts";

/** Argon2id cost parameters. */
export interface Argon2Params {
  /** Memory in KiB (`m`). */
  readonly memoryKiB: number;
  /** Passes over memory (`t`). */
  readonly iterations: number;
  /** Lanes (`p`); Helix requires 1. */
  readonly parallelism: number;
}

/** The weakest Argon2id parameters written or accepted: 64 MiB, 3 passes, 1 lane. */
export const ARGON2_MIN: Argon2Params = { memoryKiB: 65_536, iterations: 3, parallelism: 1 };
/** The costliest accepted (1 GiB, 10 passes), so a hostile file cannot make us hang or OOM. */
export const ARGON2_MAX: Argon2Params = { memoryKiB: 1_048_576, iterations: 10, parallelism: 1 };
/** Parameters used when none are given (~0.8 s in noble on a laptop). */
export const ARGON2_DEFAULT: Argon2Params = ARGON2_MIN;

/**
 * Why `params` are outside {@linkcode ARGON2_MIN}..{@linkcode ARGON2_MAX}, or null when they
 * are inside.
 *
 * @example Usage
 * ```ts
 * import { ARGON2_MIN, argon2Problem } from "./argon2.ts";
 * import { equal } from "node:assert/strict";
 *
 * equal(argon2Problem(ARGON2_MIN), null);
 * equal(
 *   argon2Problem({ ...ARGON2_MIN, iterations: 2 }),
 *   "Argon2id iterations 2 is outside 3..10",
 * );
 * ```
 */
export function argon2Problem(params: Argon2Params): string | null {
  const ranges = [
    ["memory", params.memoryKiB, ARGON2_MIN.memoryKiB, ARGON2_MAX.memoryKiB, " KiB"],
    ["iterations", params.iterations, ARGON2_MIN.iterations, ARGON2_MAX.iterations, ""],
    ["parallelism", params.parallelism, ARGON2_MIN.parallelism, ARGON2_MAX.parallelism, ""],
  ] as const;
  for (const [name, value, min, max, unit] of ranges) {
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      return `Argon2id ${name} ${value}${unit} is outside ${min}..${max}${unit}`;
    }
  }
  return null;
}

/**
 * The key of a passphrase: Argon2id(UTF-8 of the NFC-normalized passphrase, salt, params),
 * 32 bytes. The same typed passphrase gives the same key whatever the platform's Unicode
 * normalization. Counted in {@linkcode cryptoCalls}.
 */
export async function passphraseKey(
  passphrase: string,
  salt: Uint8Array,
  params: Argon2Params,
): Promise<Uint8Array> {
  if (typeof passphrase !== "string" || passphrase === "") {
    throw new TypeError("passphrase must be a non-empty string");
  }
  assertBytes(salt, SALT_LENGTH, "salt");
  const problem = argon2Problem(params);
  if (problem !== null) throw new RangeError(problem);
  const password = new TextEncoder().encode(passphrase.normalize("NFC"));
  cryptoCalls.argon2id++;
  try {
    return await argon2idAsync(password, salt, {
      m: params.memoryKiB,
      t: params.iterations,
      p: params.parallelism,
      dkLen: KEY_LENGTH,
      maxmem: ARGON2_MAX.memoryKiB * 1024,
    });
  } finally {
    wipe(password);
  }
}
