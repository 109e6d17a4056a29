import fc from "fast-check";
import { deepEqual, equal, ok } from "node:assert/strict";
import { isHelixError } from "../../errors.ts";
import { cryptoCalls } from "../../crypto/calls.ts";
import { decodeDna } from "./format.ts";
import { DNA_MAGIC } from "./header.ts";
import { parseManifest, serializeManifest } from "./manifest.ts";
import { RAW_KEY, sampleManifest, SIGNING_KEY } from "../../../tests/fixtures/dna_samples.ts";
import {
  FUZZ_PASSPHRASE,
  FUZZ_RAW_KEY,
  fuzzDna,
  fuzzPayload,
  mutate,
  passphraseFile,
  rawCorpus,
  samplePayloads,
} from "../../../tests/fixtures/dna_fuzz.ts";
import { seededRandom } from "../../../tests/fixtures/random.ts";

const rawKey = FUZZ_RAW_KEY;

function failuresOf(report: { failures: readonly string[] }): string {
  return report.failures.slice(0, 5).join("\n");
}

Deno.test("decodeDna() rejects 100,000 mutated and random inputs with a HelixError, before any key work", async () => {
  const files = [
    ...await rawCorpus(),
    await passphraseFile(),
  ];
  const before = { ...cryptoCalls };
  const report = await fuzzDna({
    corpus: files,
    keys: [rawKey, FUZZ_PASSPHRASE],
    iterations: 100_000,
    seed: 0xd7a,
  });
  equal(report.failures.length, 0, failuresOf(report));
  const total = Object.values(report.codes).reduce((sum, n) => sum + n, 0);
  equal(total, 100_000);
  for (const code of ["corrupt", "unsupported_version", "bad_signature"]) {
    ok((report.codes[code] ?? 0) > 1000, `${code}: ${report.codes[code]}`);
  }
  // No mutant got past the signature: no Argon2id derivation, no decryption.
  deepEqual(cryptoCalls, before);
});

Deno.test("decodeDna() rejects 5,000 re-signed mutants in the commitment, AEAD and payload checks", async () => {
  const report = await fuzzDna({
    corpus: await rawCorpus(), // raw keys only: re-signed mutants would reach Argon2id

    keys: [rawKey],
    iterations: 5_000,
    seed: 0x5e1,
    resign: SIGNING_KEY,
  });
  equal(report.failures.length, 0, failuresOf(report));
  for (const code of ["corrupt", "decrypt_failed", "tampered"]) {
    ok((report.codes[code] ?? 0) > 20, `${code}: ${report.codes[code]}`);
  }
});

Deno.test("validly sealed mutated payloads are rejected, or accepted and re-encoded byte for byte", async () => {
  const report = await fuzzPayload({
    payloads: samplePayloads(),
    rawKey: RAW_KEY,
    signingKey: SIGNING_KEY,
    iterations: 2_000,
    seed: 0xb0d,
  });
  equal(report.failures.length, 0, failuresOf(report));
  ok(report.accepted > 0 && (report.codes.corrupt ?? 0) > 1000, JSON.stringify(report.codes));
});

Deno.test("parseManifest() rejects 50,000 mutated manifests with corrupt, or accepts canonical ones", () => {
  const random = seededRandom(0x3a1);
  const seeds = [
    serializeManifest(sampleManifest()),
    serializeManifest(sampleManifest({ embedding: null, filters: { scopes: ["a", "b"] } })),
  ];
  let accepted = 0;
  for (let i = 0; i < 50_000; i++) {
    const { bytes } = mutate(seeds[i % 2]!, seeds[(i + 1) % 2]!, random);
    try {
      const manifest = parseManifest(bytes);
      deepEqual(serializeManifest(manifest), bytes);
      accepted++;
    } catch (error) {
      ok(isHelixError(error, "corrupt"), `#${i}: ${error}`);
    }
  }
  ok(accepted < 50_000);
});

Deno.test("decodeDna() rejects arbitrary bytes, with or without the magic, with a HelixError", async () => {
  const prefixed = fc.uint8Array({ maxLength: 400 }).map((tail) => {
    const out = new Uint8Array(10 + tail.length);
    out.set(DNA_MAGIC);
    out[9] = 1;
    out.set(tail, 10);
    return out;
  });
  await fc.assert(
    fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 400 }), prefixed), async (bytes) => {
      try {
        await decodeDna(bytes, { key: rawKey });
      } catch (error) {
        ok(isHelixError(error));
        return;
      }
      throw new Error("accepted");
    }),
    { numRuns: 3_000 },
  );
});
