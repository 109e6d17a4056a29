import { deepEqual, equal, ok, rejects } from "node:assert/strict";
import { createCipheriv, createHash, createHmac, hkdfSync } from "node:crypto";
import { isHelixError } from "../../errors.ts";
import { bytesToHex, hexToBytes } from "../../crypto/_noble.ts";
import { passphraseKey } from "../../crypto/argon2.ts";
import { publicKeyOf, signMessage } from "../../crypto/ed25519.ts";
import {
  deriveFileKeys,
  keyCommitment,
  openPayload,
  sealPayload,
  signatureMessage,
} from "./crypto.ts";
import { decodeDna, encodeDna } from "./format.ts";
import type { DnaKey } from "./key.ts";
import type { DnaManifest } from "./manifest.ts";
import { readDnaHeader } from "./read_header.ts";
import { merkleRoot } from "../../crypto/merkle.ts";

const FIXTURES = new URL("../../../tests/fixtures/dna/", import.meta.url);

async function fixture<T>(name: string): Promise<T> {
  return JSON.parse(await Deno.readTextFile(new URL(name, FIXTURES))) as T;
}

interface Twin {
  file: string;
  sha256: string;
  formatVersion: number;
  kind: string;
  kdf: string;
  argon2: { memoryKiB: number; iterations: number; parallelism: number } | null;
  key: { passphrase: string } | { rawKeyHex: string };
  signingKeyHex: string;
  signerPublicKeyHex: string;
  signerFingerprint: string;
  saltHex: string;
  nonceHex: string;
  manifest: DnaManifest;
  changeIds: string[];
  bodyText: string;
  bodyBase64: string;
}

const sha256Hex = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function inflate(bytes: Uint8Array): Promise<string> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(
    new DecompressionStream("deflate"),
  );
  return await new Response(stream).text();
}

for (const name of ["v1-export", "v1-delta"]) {
  Deno.test(`golden ${name}.dna decodes to its twin and re-encodes byte for byte`, async () => {
    const twin = await fixture<Twin>(`${name}.json`);
    const bytes = await Deno.readFile(new URL(twin.file, FIXTURES));
    equal(sha256Hex(bytes), twin.sha256, "the frozen file is unchanged");
    const key: DnaKey = "passphrase" in twin.key
      ? { passphrase: twin.key.passphrase }
      : { rawKey: hexToBytes(twin.key.rawKeyHex) };

    const header = readDnaHeader(bytes);
    equal(header.formatVersion, twin.formatVersion);
    equal(header.kind, twin.kind);
    equal(header.kdf, twin.kdf);
    deepEqual(header.argon2, twin.argon2);
    equal(bytesToHex(header.signer), twin.signerPublicKeyHex);
    equal(header.signerFingerprint, twin.signerFingerprint);

    const signer = hexToBytes(twin.signerPublicKeyHex);
    const decoded = await decodeDna(bytes, { key, expectedSigner: signer });
    deepEqual(decoded.manifest, twin.manifest);
    deepEqual(decoded.body, fromBase64(twin.bodyBase64));
    const text = decoded.manifest.bodyEncoding === "jsonl"
      ? new TextDecoder().decode(decoded.body)
      : await inflate(decoded.body);
    equal(text, twin.bodyText);
    const lines = text.split("\n").slice(0, -1);
    deepEqual(lines.map((line) => sha256Hex(line)), twin.changeIds);
    equal(lines.length, twin.manifest.counts.ops);
    equal(merkleRoot(twin.changeIds), decoded.manifest.merkleRoot);

    const again = await encodeDna({
      manifest: decoded.manifest,
      body: decoded.body,
      key,
      signingKey: hexToBytes(twin.signingKeyHex),
      salt: decoded.header.salt,
      nonce: decoded.header.nonce,
      ...(decoded.header.argon2 === null ? {} : { argon2: decoded.header.argon2 }),
    });
    deepEqual(again, bytes);
  });
}

interface MustFail {
  keys: Record<string, string>;
  vectors: { name: string; code: string; key: string; fileHex: string }[];
}

Deno.test("every must-fail vector is refused with its error code", async (t) => {
  const { keys, vectors } = await fixture<MustFail>("must_fail.json");
  ok(vectors.length >= 10);
  for (const vector of vectors) {
    await t.step(`${vector.name}: ${vector.code}`, async () => {
      await rejects(
        decodeDna(hexToBytes(vector.fileHex), { key: { rawKey: hexToBytes(keys[vector.key]!) } }),
        (error) => isHelixError(error, vector.code as never),
      );
    });
  }
});

// ---- Known-answer vectors, checked against this module and an independent implementation.

interface Kat {
  passphraseKey: {
    passphrase: string;
    saltHex: string;
    argon2: { memoryKiB: number; iterations: number; parallelism: number };
    fileKeyHex: string;
  }[];
  fileKeys: { fileKeyHex: string; saltHex: string; encKeyHex: string; commitKeyHex: string }[];
  commitment: { commitKeyHex: string; headerHex: string; commitHex: string }[];
  aead: {
    encKeyHex: string;
    nonceHex: string;
    aadHex: string;
    plaintextHex: string;
    sealedHex: string;
  }[];
  signature: {
    headerHex: string;
    ciphertextHex: string;
    messageHex: string;
    secretKeyHex: string;
    publicKeyHex: string;
    signatureHex: string;
  }[];
  merkle: { hashes: string[]; rootHex: string }[];
}

/** HChaCha20 (draft-irtf-cfrg-xchacha §2.2), written out to check noble's XChaCha20 against. */
function hchacha20(key: Uint8Array, nonce: Uint8Array): Uint8Array {
  const s = new Uint32Array(16);
  s.set([0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]);
  const k = new DataView(key.buffer, key.byteOffset, 32);
  const n = new DataView(nonce.buffer, nonce.byteOffset, 16);
  for (let i = 0; i < 8; i++) s[4 + i] = k.getUint32(4 * i, true);
  for (let i = 0; i < 4; i++) s[12 + i] = n.getUint32(4 * i, true);
  const rotl = (v: number, c: number) => (v << c) | (v >>> (32 - c));
  const quarter = (a: number, b: number, c: number, d: number) => {
    s[a]! += s[b]!;
    s[d] = rotl(s[d]! ^ s[a]!, 16);
    s[c]! += s[d]!;
    s[b] = rotl(s[b]! ^ s[c]!, 12);
    s[a]! += s[b]!;
    s[d] = rotl(s[d]! ^ s[a]!, 8);
    s[c]! += s[d]!;
    s[b] = rotl(s[b]! ^ s[c]!, 7);
  };
  for (let round = 0; round < 10; round++) {
    quarter(0, 4, 8, 12), quarter(1, 5, 9, 13), quarter(2, 6, 10, 14), quarter(3, 7, 11, 15);
    quarter(0, 5, 10, 15), quarter(1, 6, 11, 12), quarter(2, 7, 8, 13), quarter(3, 4, 9, 14);
  }
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  [0, 1, 2, 3, 12, 13, 14, 15].forEach((word, i) => view.setUint32(4 * i, s[word]!, true));
  return out;
}

/** XChaCha20-Poly1305 = HChaCha20 subkey + OpenSSL's ChaCha20-Poly1305 (via node:crypto). */
function referenceSeal(key: Uint8Array, nonce: Uint8Array, aad: Uint8Array, plaintext: Uint8Array) {
  const iv = new Uint8Array(12);
  iv.set(nonce.subarray(16, 24), 4);
  const cipher = createCipheriv("chacha20-poly1305", hchacha20(key, nonce.subarray(0, 16)), iv, {
    authTagLength: 16,
  });
  cipher.setAAD(aad, { plaintextLength: plaintext.length });
  const body = cipher.update(plaintext);
  cipher.final();
  return bytesToHex(new Uint8Array([...body, ...cipher.getAuthTag()]));
}

Deno.test("the reference XChaCha20-Poly1305 reproduces draft-irtf-cfrg-xchacha A.3.1", () => {
  const plaintext = new TextEncoder().encode(
    "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
  );
  equal(
    referenceSeal(
      hexToBytes("808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f"),
      hexToBytes("404142434445464748494a4b4c4d4e4f5051525354555657"),
      hexToBytes("50515253c0c1c2c3c4c5c6c7"),
      plaintext,
    ),
    "bd6d179d3e83d43b9576579493c0e939572a1700252bfaccbed2902c21396cbb731c7f1b0b4aa6440bf3a82f4eda7e39ae64c6708c54c216cb96b72e1213b4522f8c9ba40db5d945b11b69b982c1bb9e3f3fac2bc369488f76b2383565d3fff921f9664c97637da9768812f615c68b13b52e" +
      "c0875924c1c7987947deafd8780acf49",
  );
});

Deno.test("kat.json: the constructions give the frozen outputs, here and in an independent implementation", async (t) => {
  const kat = await fixture<Kat>("kat.json");
  await t.step("Argon2id file key", async () => {
    for (const v of kat.passphraseKey) {
      const key = await passphraseKey(v.passphrase, hexToBytes(v.saltHex), v.argon2);
      equal(bytesToHex(key), v.fileKeyHex);
    }
  });
  await t.step("HKDF-SHA-256 k_enc and k_commit", () => {
    for (const v of kat.fileKeys) {
      const keys = deriveFileKeys(hexToBytes(v.fileKeyHex), hexToBytes(v.saltHex));
      equal(bytesToHex(keys.enc), v.encKeyHex);
      equal(bytesToHex(keys.commit), v.commitKeyHex);
      const hkdf = (info: string) =>
        bytesToHex(
          new Uint8Array(
            hkdfSync("sha256", hexToBytes(v.fileKeyHex), hexToBytes(v.saltHex), info, 32),
          ),
        );
      equal(hkdf("helix/dna/v1/enc"), v.encKeyHex);
      equal(hkdf("helix/dna/v1/commit"), v.commitKeyHex);
    }
  });
  await t.step("HMAC-SHA-256 key commitment over the first 104 header bytes", () => {
    for (const v of kat.commitment) {
      const header = hexToBytes(v.headerHex);
      equal(bytesToHex(keyCommitment(hexToBytes(v.commitKeyHex), header)), v.commitHex);
      const reference = createHmac("sha256", hexToBytes(v.commitKeyHex)).update(
        header.subarray(0, 104),
      );
      equal(reference.digest("hex"), v.commitHex);
    }
  });
  await t.step("XChaCha20-Poly1305 with the header as associated data", () => {
    for (const v of kat.aead) {
      const [key, nonce, aad, plaintext] = [v.encKeyHex, v.nonceHex, v.aadHex, v.plaintextHex].map(
        hexToBytes,
      );
      equal(bytesToHex(sealPayload(key!, nonce!, aad!, plaintext!)), v.sealedHex);
      equal(referenceSeal(key!, nonce!, aad!, plaintext!), v.sealedHex);
      deepEqual(openPayload(key!, nonce!, aad!, hexToBytes(v.sealedHex)), plaintext);
    }
  });
  await t.step("signed message and Ed25519 signature", async () => {
    for (const v of kat.signature) {
      const header = hexToBytes(v.headerHex);
      const ciphertext = hexToBytes(v.ciphertextHex);
      const message = signatureMessage(header, ciphertext);
      equal(bytesToHex(message), v.messageHex);
      const reference = new Uint8Array([
        ...new TextEncoder().encode("helix/dna/v1"),
        ...header,
        ...createHash("sha256").update(ciphertext).digest(),
      ]);
      equal(bytesToHex(reference), v.messageHex);
      equal(bytesToHex(publicKeyOf(hexToBytes(v.secretKeyHex))), v.publicKeyHex);
      equal(bytesToHex(signMessage(message, hexToBytes(v.secretKeyHex))), v.signatureHex);
      const publicKey = await crypto.subtle.importKey(
        "raw",
        hexToBytes(v.publicKeyHex),
        { name: "Ed25519" },
        false,
        [
          "verify",
        ],
      );
      ok(await crypto.subtle.verify("Ed25519", publicKey, hexToBytes(v.signatureHex), reference));
    }
  });
  await t.step("Merkle roots", () => {
    for (const v of kat.merkle) equal(merkleRoot(v.hashes), v.rootHex);
  });
});
