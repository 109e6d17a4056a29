import { deepEqual, equal, ok, throws } from "node:assert/strict";
import { collideTag } from "../../../tests/fixtures/poly1305_collision.ts";
import { aeadOpen } from "../../crypto/aead.ts";
import { cryptoCalls } from "../../crypto/calls.ts";
import { signMessage } from "../../crypto/ed25519.ts";
import { isHelixError } from "../../errors.ts";
import { KEYS_0, KEYS_1, keysFor, sampleDelta, sampleRoster, STRAND, X_B } from "./_testing.ts";
import { openBundle } from "./bundle.ts";
import { openDelta } from "./delta.ts";
import { DELTA_COMMIT_OFFSET, DELTA_HEADER_LENGTH, deltaWriteMessage } from "./delta_header.ts";
import { verifyRosterChain } from "./roster_chain.ts";
import { readRosterOuter } from "./roster_outer.ts";
import { concatBytes } from "./reader.ts";

function codeOf(run: () => unknown): string {
  try {
    run();
    return "accepted";
  } catch (error) {
    if (!isHelixError(error)) throw error;
    return error.code;
  }
}

Deno.test("every single-bit flip of a delta is refused with a typed error, before decryption in the header", () => {
  const bytes = sampleDelta(2, 0);
  const codes = new Map<string, number>();
  for (let i = 0; i < bytes.length; i++) {
    for (let bit = 0; bit < 8; bit++) {
      const flipped = bytes.slice();
      flipped[i]! ^= 1 << bit;
      const before = cryptoCalls.aeadOpen;
      const code = codeOf(() => openDelta(flipped, keysFor, STRAND));
      codes.set(code, (codes.get(code) ?? 0) + 1);
      ok(code !== "accepted", `byte ${i} bit ${bit}`);
      if (i < DELTA_HEADER_LENGTH) equal(cryptoCalls.aeadOpen, before, `header byte ${i}`);
    }
  }
  // Header flips: corrupt/unsupported/decrypt_failed; ciphertext and wsig flips: bad_signature.
  ok(
    (codes.get("decrypt_failed") ?? 0) > 0 && (codes.get("bad_signature") ?? 0) > 0,
    JSON.stringify([...codes]),
  );
});

Deno.test("a ciphertext flip re-signed with the write key is caught by the AEAD as tampered", () => {
  const bytes = sampleDelta(1, 0);
  for (const offset of [DELTA_HEADER_LENGTH, DELTA_HEADER_LENGTH + 40, bytes.length - 65]) {
    const signed = bytes.slice(0, bytes.length - 64);
    signed[offset]! ^= 0x10;
    const resigned = concatBytes(signed, signMessage(deltaWriteMessage(signed), KEYS_0.writeSeed));
    throws(() => openDelta(resigned, keysFor, STRAND), (e) => isHelixError(e, "tampered"));
  }
});

Deno.test("R10: a commit from another key is refused before decryption, even when the tag verifies under both keys", () => {
  const bytes = sampleDelta(1, 0);
  const header = bytes.subarray(0, DELTA_HEADER_LENGTH);
  const nonce = header.subarray(DELTA_COMMIT_OFFSET - 24, DELTA_COMMIT_OFFSET);
  const sealed = bytes.subarray(DELTA_HEADER_LENGTH, bytes.length - 64);
  const collided = collideTag({
    sealed,
    aad: header,
    nonce,
    key1: KEYS_0.enc,
    key2: KEYS_1.enc,
    from: 0,
    to: sealed.length - 16,
  });
  ok(collided !== null, "no collision found");
  ok(aeadOpen(KEYS_0.enc, nonce, header, collided) !== null);
  ok(
    aeadOpen(KEYS_1.enc, nonce, header, collided) !== null,
    "the tag verifies under the second key",
  );
  // An envelope with that ciphertext, validly write-signed under the second epoch's key.
  for (const writer of [KEYS_0, KEYS_1]) {
    const signed = concatBytes(header, collided);
    const forged = concatBytes(signed, signMessage(deltaWriteMessage(signed), writer.writeSeed));
    const before = cryptoCalls.aeadOpen;
    throws(() => openDelta(forged, () => KEYS_1, STRAND), (e) => isHelixError(e, "decrypt_failed"));
    equal(cryptoCalls.aeadOpen, before, "nothing was decrypted");
  }
});

Deno.test("every single-bit flip of a roster entry breaks the chain with a typed error", () => {
  const entries = sampleRoster();
  for (let index = 0; index < entries.length; index++) {
    const bytes = entries[index]!;
    for (let i = 0; i < bytes.length; i += 1) {
      const flipped = bytes.slice();
      flipped[i]! ^= 1 << (i % 8);
      const chain = entries.map((entry, j) => (j === index ? flipped : entry));
      const code = codeOf(() => verifyRosterChain(chain, STRAND, keysFor));
      ok(code !== "accepted", `entry ${index + 1} byte ${i}`);
    }
  }
});

Deno.test("a flip in the recipient's stanza fails to open; the bundle's signer covers the rest", () => {
  const bundle = readRosterOuter(sampleRoster()[1]!).bundle;
  deepEqual(openBundle(bundle, X_B).length, 32);
  for (let i = 0; i < bundle.length; i++) {
    const flipped = bundle.slice();
    flipped[i]! ^= 0x01;
    const code = codeOf(() => openBundle(flipped, X_B));
    ok(code === "decrypt_failed", `byte ${i}: ${code}`);
  }
});
