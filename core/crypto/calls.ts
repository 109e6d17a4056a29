/**
 * Counters of the expensive or content-revealing steps (Argon2id derivations, AEAD
 * decryptions), for tests that prove an input was refused before them: a forged key
 * commitment never reaches decryption, a hostile file never reaches Argon2id.
 *
 * @module
 */

/** How often each counted step ran in this process. */
export const cryptoCalls: { argon2id: number; aeadOpen: number } = { argon2id: 0, aeadOpen: 0 };
