import fc from "fast-check";
import { deepEqual, equal, ok, rejects, throws } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { sealContainer } from "./seal.ts";
import { ARGON2_MIN } from "../../crypto/argon2.ts";
import { cryptoCalls } from "../../crypto/calls.ts";
import { keyFingerprint, publicKeyOf } from "../../crypto/ed25519.ts";
import { decodeDna, encodeDna, type EncodeDnaOptions } from "./format.ts";
import { DNA_MAGIC, HEADER_LENGTH, OFFSET } from "./header.ts";
import { isDna, readDnaHeader } from "./read_header.ts";
import {
  concat,
  counting,
  forgeDna,
  framePayload,
  manifestArbitrary,
  OTHER_RAW_KEY,
  OTHER_SIGNING_KEY,
  RAW_KEY,
  SAMPLE_BODY,
  sampleManifest,
  SIGNING_KEY,
} from "../../../tests/fixtures/dna_samples.ts";

const key = { rawKey: RAW_KEY };
const code = (c: string) => (error: unknown) => isHelixError(error, c as never);

function options(overrides: Partial<EncodeDnaOptions> = {}): EncodeDnaOptions {
  return {
    manifest: sampleManifest(),
    body: SAMPLE_BODY,
    key,
    signingKey: SIGNING_KEY,
    salt: counting(16, 0xa0),
    nonce: counting(24, 0xb0),
    ...overrides,
  };
}

const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });

Deno.test("encodeDna() then decodeDna() gives back the manifest, body and header", async () => {
  await fc.assert(
    fc.asyncProperty(
      manifestArbitrary,
      fc.uint8Array({ maxLength: 2048 }),
      bytes32,
      bytes32,
      async (manifest, body, rawKey, signingKey) => {
        const file = await encodeDna({ manifest, body, key: { rawKey }, signingKey });
        const decoded = await decodeDna(file, { key: { rawKey } });
        deepEqual(decoded.manifest, manifest);
        deepEqual(decoded.body, body);
        equal(decoded.header.kind, manifest.kind);
        deepEqual(decoded.header.signer, publicKeyOf(signingKey));
        deepEqual(readDnaHeader(file), decoded.header);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("decodeDna() then encodeDna() with the same keys, salt and nonce gives the same bytes", async () => {
  await fc.assert(
    fc.asyncProperty(
      manifestArbitrary,
      fc.uint8Array({ maxLength: 512 }),
      bytes32,
      async (manifest, body, rawKey) => {
        const file = await encodeDna({ manifest, body, key: { rawKey }, signingKey: SIGNING_KEY });
        const { header, manifest: m, body: b } = await decodeDna(file, { key: { rawKey } });
        const again = await encodeDna({
          manifest: m,
          body: b,
          key: { rawKey },
          signingKey: SIGNING_KEY,
          salt: header.salt,
          nonce: header.nonce,
        });
        deepEqual(again, file);
      },
    ),
    { numRuns: 60 },
  );
});

Deno.test("encodeDna() is deterministic with an injected salt and nonce, random without", async () => {
  deepEqual(await encodeDna(options()), await encodeDna(options()));
  const { salt: _s, nonce: _n, ...random } = options();
  const [a, b] = [await encodeDna(random), await encodeDna(random)];
  equal(a.length, b.length);
  ok(!a.every((byte, i) => byte === b[i]));
  ok(!a.subarray(OFFSET.salt, OFFSET.signer).every((byte, i) => byte === b[OFFSET.salt + i]));
});

Deno.test("the v1 header lays its fields out at the documented offsets", async () => {
  const file = await encodeDna(options({ manifest: sampleManifest({ kind: "delta" }) }));
  deepEqual(file.subarray(0, 8), DNA_MAGIC);
  deepEqual([...file.subarray(8, 12)], [0x00, 0x01, 0x02, 0x02]); // v1, delta, raw
  deepEqual(file.subarray(OFFSET.argon2Memory, OFFSET.salt), new Uint8Array(12));
  deepEqual(file.subarray(OFFSET.salt, OFFSET.nonce), counting(16, 0xa0));
  deepEqual(file.subarray(OFFSET.nonce, OFFSET.signer), counting(24, 0xb0));
  deepEqual(file.subarray(OFFSET.signer, OFFSET.ciphertextLength), publicKeyOf(SIGNING_KEY));
  const length = Number(new DataView(file.buffer).getBigUint64(OFFSET.ciphertextLength));
  equal(file.length, HEADER_LENGTH + length + 64);
  equal(length, framePayload(sampleManifest({ kind: "delta" }), SAMPLE_BODY).length + 16);
});

Deno.test("isDna() and readDnaHeader() recognise a file without a key", async () => {
  const file = await encodeDna(options());
  ok(isDna(file));
  ok(!isDna(new TextEncoder().encode('{"kind":"memory"}\n')));
  ok(!isDna(DNA_MAGIC.subarray(0, 7)));
  const header = readDnaHeader(file);
  equal(header.formatVersion, 1);
  equal(header.kind, "export");
  equal(header.kdf, "raw");
  equal(header.argon2, null);
  equal(header.signerFingerprint, keyFingerprint(publicKeyOf(SIGNING_KEY)));
  throws(() => readDnaHeader(file.subarray(0, file.length - 1)), code("corrupt"));
  throws(() => readDnaHeader(new Uint8Array(0)), code("corrupt"));
  throws(() => readDnaHeader("x" as unknown as Uint8Array), code("invalid_input"));
});

Deno.test("an unknown format version is unsupported_version, whatever follows it", async () => {
  const file = await encodeDna(options());
  for (const version of [0, 2, 0xffff]) {
    const changed = file.slice();
    new DataView(changed.buffer).setUint16(OFFSET.version, version);
    throws(() => readDnaHeader(changed), code("unsupported_version"));
    await rejects(decodeDna(changed, { key }), code("unsupported_version"));
    await rejects(decodeDna(changed.subarray(0, 10), { key }), code("unsupported_version"));
  }
});

Deno.test("a passphrase file opens with the passphrase in any Unicode normal form, and not with another", async () => {
  const before = { ...cryptoCalls };
  const file = await encodeDna(options({ key: { passphrase: "caf\u00e9 au lait" } }));
  const header = readDnaHeader(file);
  equal(header.kdf, "argon2id");
  deepEqual(header.argon2, ARGON2_MIN);
  deepEqual(
    file.subarray(OFFSET.argon2Memory, OFFSET.salt),
    Uint8Array.of(0, 1, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1),
  );
  const decoded = await decodeDna(file, { key: { passphrase: "cafe\u0301 au lait" } });
  deepEqual(decoded.manifest, sampleManifest());
  const opened = cryptoCalls.aeadOpen;
  await rejects(decodeDna(file, { key: { passphrase: "cafe au lait" } }), code("decrypt_failed"));
  equal(cryptoCalls.aeadOpen, opened, "a wrong passphrase is caught before decryption");
  equal(cryptoCalls.argon2id - before.argon2id, 3);
});

Deno.test("a wrong raw key is decrypt_failed before any decryption", async () => {
  const file = await encodeDna(options());
  const opened = cryptoCalls.aeadOpen;
  await rejects(decodeDna(file, { key: { rawKey: OTHER_RAW_KEY } }), code("decrypt_failed"));
  equal(cryptoCalls.aeadOpen, opened);
});

Deno.test("a key of the wrong kind for the file is invalid_input, with no Argon2id run", async () => {
  const raw = await encodeDna(options());
  const runs = cryptoCalls.argon2id;
  await rejects(decodeDna(raw, { key: { passphrase: "pw" } }), code("invalid_input"));
  const passphraseFile = forgeDna({
    fields: { kdf: "argon2id", argon2: ARGON2_MIN },
    ciphertext: new Uint8Array(40),
  });
  equal(readDnaHeader(passphraseFile).kdf, "argon2id");
  await rejects(decodeDna(passphraseFile, { key }), code("invalid_input"));
  equal(cryptoCalls.argon2id, runs);
});

Deno.test("signed Argon2id parameters below the minimum or above the cap are corrupt, before any derivation", async (t) => {
  const cases = {
    "64 MiB - 1 KiB": { memoryKiB: 65_535, iterations: 3, parallelism: 1 },
    "2 passes": { memoryKiB: 65_536, iterations: 2, parallelism: 1 },
    "2 lanes": { memoryKiB: 65_536, iterations: 3, parallelism: 2 },
    "0 lanes": { memoryKiB: 65_536, iterations: 3, parallelism: 0 },
    "1 GiB + 1 KiB": { memoryKiB: 1_048_577, iterations: 3, parallelism: 1 },
    "4 TiB": { memoryKiB: 0xffff_ffff, iterations: 3, parallelism: 1 },
    "11 passes": { memoryKiB: 65_536, iterations: 11, parallelism: 1 },
    "2^32 - 1 passes": { memoryKiB: 65_536, iterations: 0xffff_ffff, parallelism: 1 },
  };
  const runs = cryptoCalls.argon2id;
  for (const [name, argon2] of Object.entries(cases)) {
    await t.step(name, async () => {
      const file = forgeDna({
        fields: { kdf: "argon2id", argon2 },
        ciphertext: new Uint8Array(40),
      });
      await rejects(decodeDna(file, { key: { passphrase: "pw" } }), code("corrupt"));
      await rejects(
        encodeDna(options({ key: { passphrase: "pw" }, argon2 })),
        code("invalid_input"),
      );
    });
  }
  equal(cryptoCalls.argon2id, runs);
});

Deno.test("expectedSigner pins the signer: another key is bad_signature", async () => {
  const file = await encodeDna(options());
  await decodeDna(file, { key, expectedSigner: publicKeyOf(SIGNING_KEY) });
  await rejects(
    decodeDna(file, { key, expectedSigner: publicKeyOf(OTHER_SIGNING_KEY) }),
    code("bad_signature"),
  );
});

Deno.test("a small-order signer key is bad_signature even with a signature that verifies under it", async () => {
  // The identity point A = (0, 1) with R = identity and S = 0 satisfies [S]B = R + [k]A for
  // every message: anyone could "sign" as it.
  const identity = new Uint8Array(32);
  identity[0] = 1;
  const file = forgeDna({ ciphertext: new Uint8Array(40) });
  file.set(identity, OFFSET.signer);
  file.set(concat(identity, new Uint8Array(32)), file.length - 64);
  await rejects(decodeDna(file, { key }), code("bad_signature"));
});

Deno.test("a header kind that disagrees with the manifest is tampered", async () => {
  const file = await sealContainer({
    kind: "delta",
    plaintext: framePayload(sampleManifest({ kind: "export" }), SAMPLE_BODY),
    key,
    signingKey: SIGNING_KEY,
  });
  await rejects(decodeDna(file, { key }), code("tampered"));
});

Deno.test("a payload that is not length-framed canonical manifest JSON is corrupt", async (t) => {
  const manifest = new TextEncoder().encode(JSON.stringify(sampleManifest(), null, 1));
  const length = (n: number) => {
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, n);
    return out;
  };
  const payloads = {
    "no length": Uint8Array.of(0, 0),
    "a length past the end": concat(length(1000), new Uint8Array(10)),
    "a length of 2^32 - 1": concat(length(0xffff_ffff), new Uint8Array(10)),
    "an empty manifest": length(0),
    "an indented manifest": concat(length(manifest.length), manifest),
  };
  for (const [name, plaintext] of Object.entries(payloads)) {
    await t.step(name, async () => {
      const file = await sealContainer({ kind: "export", plaintext, key, signingKey: SIGNING_KEY });
      await rejects(decodeDna(file, { key }), code("corrupt"));
    });
  }
});

Deno.test("truncated, extended and empty inputs are corrupt", async () => {
  const file = await encodeDna(options());
  for (
    const bad of [
      file.subarray(0, file.length - 1),
      concat(file, Uint8Array.of(0)),
      new Uint8Array(0),
    ]
  ) {
    await rejects(decodeDna(bad, { key }), code("corrupt"));
  }
});

Deno.test("bad arguments are invalid_input", async (t) => {
  const encodeCases: Record<string, Partial<EncodeDnaOptions>> = {
    "a 15-byte salt": { salt: new Uint8Array(15) },
    "a 12-byte nonce": { nonce: new Uint8Array(12) },
    "a 64-byte signing key": { signingKey: new Uint8Array(64) },
    "a 16-byte raw key": { key: { rawKey: new Uint8Array(16) } },
    "an empty passphrase": { key: { passphrase: "" } },
    "both key kinds": { key: { passphrase: "pw", rawKey: RAW_KEY } as never },
    "no key": { key: {} as never },
    "Argon2id parameters with a raw key": { argon2: ARGON2_MIN },
    "a body that is a string": { body: "text" as never },
    "an invalid manifest": { manifest: sampleManifest({ strandId: "" }) },
  };
  for (const [name, overrides] of Object.entries(encodeCases)) {
    await t.step(`encodeDna() with ${name}`, async () => {
      await rejects(encodeDna(options(overrides)), code("invalid_input"));
    });
  }
  const file = await encodeDna(options());
  await t.step("decodeDna() of a string", async () => {
    await rejects(decodeDna("dna" as never, { key }), code("invalid_input"));
  });
  await t.step("decodeDna() without options", async () => {
    await rejects(decodeDna(file, undefined as never), code("invalid_input"));
  });
  await t.step("decodeDna() with a 31-byte expected signer", async () => {
    await rejects(
      decodeDna(file, { key, expectedSigner: new Uint8Array(31) }),
      code("invalid_input"),
    );
  });
  await t.step("encodeDna() without options", async () => {
    await rejects(encodeDna(undefined as never), code("invalid_input"));
  });
});
