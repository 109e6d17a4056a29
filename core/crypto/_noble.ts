/**
 * The audited noble primitives `crypto/` builds on, imported in one place so the pinned
 * versions (and a future import-map entry) are changed here only.
 *
 * @module
 */
export { xchacha20, xchacha20poly1305 } from "npm:@noble/ciphers@^2/chacha.js";
export { equalBytes } from "npm:@noble/ciphers@^2/utils.js";
export { ed25519, x25519 } from "npm:@noble/curves@^2/ed25519.js";
export { argon2idAsync } from "npm:@noble/hashes@^2/argon2.js";
export { hkdf } from "npm:@noble/hashes@^2/hkdf.js";
export { hmac } from "npm:@noble/hashes@^2/hmac.js";
export { sha256 } from "npm:@noble/hashes@^2/sha2.js";
export { bytesToHex, hexToBytes } from "npm:@noble/hashes@^2/utils.js";
export { entropyToMnemonic, mnemonicToEntropy } from "npm:@scure/bip39@2.4.0";
export { wordlist as englishWordlist } from "npm:@scure/bip39@2.4.0/wordlists/english.js";
