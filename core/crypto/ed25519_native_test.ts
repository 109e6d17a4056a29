/**
 * The native Ed25519 path (long messages) against the pure-JS one: the same signatures, and
 * the same verdicts on altered messages, altered signatures, a non-canonical scalar (S + L)
 * and a small-order key.
 */
import fc from "fast-check";
import { deepEqual, equal } from "node:assert/strict";
import { ed25519 } from "./_noble.ts";
import { publicKeyOf, signMessage, verifySignature } from "./ed25519.ts";

const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

function withScalarPlusOrder(signature: Uint8Array): Uint8Array {
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]!);
  s += ORDER;
  const out = signature.slice();
  for (let i = 32; i < 64; i++) {
    out[i] = Number(s & 0xffn);
    s >>= 8n;
  }
  return out;
}

Deno.test("long messages: native signatures equal the pure-JS ones and verify the same way", () => {
  fc.assert(
    fc.property(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 4096, maxLength: 20_000 }),
      fc.nat(),
      (seed, message, at) => {
        const signature = signMessage(message, seed);
        deepEqual(signature, ed25519.sign(message, seed), "deterministic and identical");
        const publicKey = publicKeyOf(seed);
        equal(verifySignature(signature, message, publicKey), true);
        const altered = message.slice();
        altered[at % altered.length]! ^= 1;
        equal(verifySignature(signature, altered, publicKey), false);
        const badSig = signature.slice();
        badSig[at % 64]! ^= 1;
        equal(verifySignature(badSig, message, publicKey), false);
        equal(verifySignature(withScalarPlusOrder(signature), message, publicKey), false);
      },
    ),
    { numRuns: 40 },
  );
});

Deno.test("long messages: a small-order public key never verifies", () => {
  const message = new Uint8Array(5000).fill(7);
  const identity = new Uint8Array(32);
  identity[0] = 1;
  const signature = new Uint8Array(64);
  signature[0] = 1;
  equal(verifySignature(signature, message, identity), false);
});
