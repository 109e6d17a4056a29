import { deepEqual, equal, notDeepEqual, ok, rejects } from "node:assert/strict";
import { type HelixError, isHelixError } from "../../errors.ts";
import { xchacha20poly1305 } from "../../crypto/_noble.ts";
import { cryptoCalls } from "../../crypto/calls.ts";
import { publicKeyOf } from "../../crypto/ed25519.ts";
import { deriveFileKeys, keyCommitment } from "./crypto.ts";
import { decodeDna, encodeDna } from "./format.ts";
import type { DnaKey } from "./key.ts";
import { serializeHeader } from "./framing.ts";
import { HEADER_LENGTH, type HeaderFields, OFFSET } from "./header.ts";
import {
  concat,
  counting,
  framePayload,
  OTHER_RAW_KEY,
  OTHER_SIGNING_KEY,
  RAW_KEY,
  resign,
  SAMPLE_BODY,
  sampleManifest,
  SIGNING_KEY,
} from "../../../tests/fixtures/dna_samples.ts";
import { collideTag } from "../../../tests/fixtures/poly1305_collision.ts";

const key = { rawKey: RAW_KEY };
const otherKey = { rawKey: OTHER_RAW_KEY };

async function small(overrides: { strandId?: string; rawKey?: Uint8Array; salt?: number } = {}) {
  return await encodeDna({
    manifest: sampleManifest({ embedding: null, strandId: overrides.strandId ?? "str_a" }),
    body: SAMPLE_BODY,
    key: { rawKey: overrides.rawKey ?? RAW_KEY },
    signingKey: SIGNING_KEY,
    salt: counting(16, overrides.salt ?? 0xa0),
    nonce: counting(24, (overrides.salt ?? 0xa0) + 0x20),
  });
}

/** The error `decodeDna` rejects with (fails the test when it accepts or throws another type). */
async function rejection(bytes: Uint8Array, dnaKey: DnaKey = key): Promise<HelixError> {
  try {
    await decodeDna(bytes, { key: dnaKey });
  } catch (error) {
    ok(isHelixError(error), `not a HelixError: ${error}`);
    return error;
  }
  throw new Error("the altered file was accepted");
}

/** Which checks a changed byte at `at` must trip, without re-signing. */
function expectedUnsigned(at: number, length: number): string[] {
  if (at < OFFSET.version) return ["corrupt"]; // magic
  if (at < OFFSET.kind) return ["unsupported_version"];
  if (at < OFFSET.salt || (at >= OFFSET.ciphertextLength && at < OFFSET.commit)) {
    return ["corrupt", "bad_signature"]; // codes and lengths: the layout parse or the signature
  }
  ok(at < length);
  return ["bad_signature"];
}

Deno.test("changing any byte of a file is rejected: every position, three masks", async () => {
  const file = await small();
  let checked = 0;
  for (let at = 0; at < file.length; at++) {
    for (const mask of [0x01, 0x80, 0xff]) {
      const altered = file.slice();
      altered[at]! ^= mask;
      const error = await rejection(altered);
      ok(
        expectedUnsigned(at, file.length).includes(error.code),
        `byte ${at} ^ ${mask}: ${error.code}`,
      );
      checked++;
    }
  }
  equal(checked, file.length * 3);
});

Deno.test("changing any byte and re-signing (a signer without the file key) is still rejected", async () => {
  const file = await small();
  const ciphertextEnd = file.length - 64;
  for (let at = 0; at < ciphertextEnd; at++) {
    const altered = file.slice();
    altered[at]! ^= 0x01;
    const opened = cryptoCalls.aeadOpen;
    const error = await rejection(resign(altered));
    const expected = at >= HEADER_LENGTH
      ? ["tampered"] // ciphertext: the commitment matches, the AEAD tag does not
      : at >= OFFSET.commit
      ? ["decrypt_failed"] // the commitment itself
      : at >= OFFSET.signer && at < OFFSET.ciphertextLength
      ? ["bad_signature"] // another signer key: our re-signature is not its
      : ["corrupt", "unsupported_version", "decrypt_failed"]; // layout, or committed fields
    ok(expected.includes(error.code), `byte ${at}: ${error.code}, expected ${expected}`);
    equal(cryptoCalls.aeadOpen - opened, error.code === "tampered" ? 1 : 0, `byte ${at}`);
  }
});

Deno.test("a ciphertext moved into another file or strand is rejected", async (t) => {
  const a = await small({ strandId: "str_a" });
  const b = await small({ strandId: "str_b", salt: 0x10 }); // same key, another strand
  const c = await small({ strandId: "str_c", rawKey: OTHER_RAW_KEY, salt: 0x30 });
  const transplant = (into: Uint8Array, from: Uint8Array) =>
    concat(into.subarray(0, HEADER_LENGTH), from.subarray(HEADER_LENGTH));
  await t.step("with the donor's signature: bad_signature", async () => {
    equal((await rejection(transplant(a, b))).code, "bad_signature");
    equal((await rejection(transplant(a, c))).code, "bad_signature");
  });
  await t.step("re-signed, same key: tampered (header and nonce are the AEAD's)", async () => {
    equal((await rejection(resign(transplant(a, b)))).code, "tampered");
  });
  await t.step("re-signed, opened with the donor's key: decrypt_failed", async () => {
    equal((await rejection(resign(transplant(a, c)), otherKey)).code, "decrypt_failed");
  });
  await t.step("a signature moved between files: bad_signature", async () => {
    const swapped = concat(a.subarray(0, a.length - 64), b.subarray(b.length - 64));
    equal((await rejection(swapped)).code, "bad_signature");
  });
  await t.step(
    "a whole file re-signed by another device: decrypt_failed, or bad_signature when pinned",
    async () => {
      const stolen = a.slice();
      stolen.set(publicKeyOf(OTHER_SIGNING_KEY), OFFSET.signer);
      const resigned = resign(stolen, OTHER_SIGNING_KEY);
      // The signer key is committed, so even the right file key refuses it.
      equal((await rejection(resigned)).code, "decrypt_failed");
      await rejects(
        decodeDna(a, { key, expectedSigner: publicKeyOf(OTHER_SIGNING_KEY) }),
        (e) => isHelixError(e, "bad_signature"),
      );
    },
  );
});

Deno.test("a commitment made with another key is rejected before decryption", async () => {
  const file = await small();
  const header = file.subarray(0, HEADER_LENGTH);
  const salt = file.subarray(OFFSET.salt, OFFSET.nonce);
  const forged = file.slice();
  forged.set(keyCommitment(deriveFileKeys(OTHER_RAW_KEY, salt).commit, header), OFFSET.commit);
  const signed = resign(forged);
  const opened = cryptoCalls.aeadOpen;
  equal((await rejection(signed, key)).code, "decrypt_failed");
  equal(cryptoCalls.aeadOpen, opened, "the AEAD never ran");
  // Under the other key the commitment matches, and the AEAD then refuses the ciphertext.
  equal((await rejection(signed, otherKey)).code, "tampered");
  equal(cryptoCalls.aeadOpen, opened + 1);
});

Deno.test("a commitment copied from another file under the same key does not match", async () => {
  const a = await small();
  const b = await small({ salt: 0x10 });
  const forged = b.slice();
  forged.set(a.subarray(OFFSET.commit, HEADER_LENGTH), OFFSET.commit);
  const opened = cryptoCalls.aeadOpen;
  equal((await rejection(resign(forged))).code, "decrypt_failed");
  equal(cryptoCalls.aeadOpen, opened);
});

/**
 * A file whose ciphertext authenticates under both test keys (sealed under RAW_KEY, one body
 * block rewritten by {@linkcode collideTag}), with the key commitment of `commitWith`.
 */
function salamander(commitWith: Uint8Array) {
  const body = new Uint8Array(96).fill(0x2e); // room for a whole block after the manifest
  const plaintext = framePayload(sampleManifest(), body);
  const salt = counting(16, 0xa0);
  const nonce = counting(24, 0xc0);
  const fields: HeaderFields = {
    kind: "export",
    kdf: "raw",
    argon2: null,
    salt,
    nonce,
    signer: publicKeyOf(SIGNING_KEY),
    ciphertextLength: plaintext.length + 16,
    commit: new Uint8Array(32),
  };
  const commit = keyCommitment(deriveFileKeys(commitWith, salt).commit, serializeHeader(fields));
  const header = serializeHeader({ ...fields, commit });
  const enc1 = deriveFileKeys(RAW_KEY, salt).enc;
  const enc2 = deriveFileKeys(OTHER_RAW_KEY, salt).enc;
  const sealed = xchacha20poly1305(enc1, nonce, header).encrypt(plaintext);
  const collided = collideTag({
    sealed,
    aad: header,
    nonce,
    key1: enc1,
    key2: enc2,
    from: plaintext.length - body.length,
    to: plaintext.length,
  });
  ok(collided !== null, "a colliding block was found");
  // The collision is real: the bare AEAD accepts the ciphertext under both keys.
  const under1 = xchacha20poly1305(enc1, nonce, header).decrypt(collided);
  const under2 = xchacha20poly1305(enc2, nonce, header).decrypt(collided);
  notDeepEqual(under1, under2);
  return { file: resign(concat(header, collided, new Uint8Array(64))), body };
}

Deno.test("a ciphertext whose tag verifies under two keys opens only under the committed one (T7)", async () => {
  const { file, body } = salamander(RAW_KEY);
  const decoded = await decodeDna(file, { key });
  deepEqual(decoded.manifest, sampleManifest());
  notDeepEqual(decoded.body, body, "one body block holds the collision");
  const opened = cryptoCalls.aeadOpen;
  equal((await rejection(file, otherKey)).code, "decrypt_failed");
  equal(cryptoCalls.aeadOpen, opened, "the second key never reached the AEAD");
});

Deno.test("that ciphertext paired with the other key's commitment is refused under the key that sealed it (T7)", async () => {
  const { file } = salamander(OTHER_RAW_KEY);
  const opened = cryptoCalls.aeadOpen;
  equal((await rejection(file, key)).code, "decrypt_failed");
  equal(cryptoCalls.aeadOpen, opened, "refused before decryption");
  // The committed key opens it (the AEAD accepts, by construction) and gets garbage, which
  // the manifest checks refuse: one file never has two meanings.
  equal((await rejection(file, otherKey)).code, "corrupt");
  equal(cryptoCalls.aeadOpen, opened + 1);
});
