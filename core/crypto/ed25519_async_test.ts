import { equal } from "node:assert/strict";
import { seededRandom } from "../../tests/fixtures/random.ts";
import { hexToBytes } from "./_noble.ts";
import { publicKeyOf, signMessage, verifySignature } from "./ed25519.ts";
import { verifySignatureAsync } from "./ed25519_async.ts";

const ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

function withS(signature: Uint8Array, s: bigint): Uint8Array {
  const out = signature.slice();
  for (let i = 32; i < 64; i++) {
    out[i] = Number(s & 0xffn);
    s >>= 8n;
  }
  return out;
}

function scalar(signature: Uint8Array): bigint {
  let s = 0n;
  for (let i = 63; i >= 32; i--) s = (s << 8n) | BigInt(signature[i]!);
  return s;
}

/** Encodings of small-order points (libsodium's blocklist) and a non-canonical y. */
const ODD_KEYS = [
  "0100000000000000000000000000000000000000000000000000000000000000",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
].map(hexToBytes);

Deno.test("verifySignatureAsync() agrees with verifySignature() on valid, mutated, malleated and small-order inputs", async () => {
  const random = seededRandom(0xed);
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256));
  let checked = 0;
  for (let i = 0; i < 300; i++) {
    const secret = bytes(32);
    const publicKey = publicKeyOf(secret);
    const message = bytes(Math.floor(random() * 200));
    const signature = signMessage(message, secret);
    const cases: [Uint8Array, Uint8Array, Uint8Array][] = [
      [signature, message, publicKey],
      [withS(signature, scalar(signature) + ORDER), message, publicKey],
      [signature, bytes(message.length + 1), publicKey],
      [signature, message, publicKeyOf(bytes(32))],
    ];
    const flipped = signature.slice();
    flipped[Math.floor(random() * 64)]! ^= 1 << Math.floor(random() * 8);
    cases.push([flipped, message, publicKey]);
    for (const [sig, msg, key] of cases) {
      equal(await verifySignatureAsync(sig, msg, key), verifySignature(sig, msg, key));
      checked++;
    }
  }
  // Small-order and non-canonical keys, with the signature that verifies under the identity key.
  for (const key of ODD_KEYS) {
    for (const r of ODD_KEYS) {
      const forged = new Uint8Array(64);
      forged.set(r, 0); // R small order, S = 0: verifies under a small-order key if allowed
      const message = bytes(10);
      equal(await verifySignatureAsync(forged, message, key), false);
      equal(verifySignature(forged, message, key), false);
      checked++;
    }
  }
  equal(checked > 1500, true);
});
