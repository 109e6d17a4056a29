/**
 * The long run of the `.dna` decoder fuzzer (sync-protocol T5; the CI-sized run is
 * `core/transfer/dna/fuzz_test.ts`): `--iterations` raw mutants of a valid corpus (stopped by
 * the layout parse or the signature), a twentieth as many re-signed mutants (stopped by the
 * commitment, AEAD or payload checks) and a fiftieth as many validly sealed payload mutants
 * (rejected by the manifest checks, or accepted and re-encoded byte for byte). Prints the
 * rejections per error code and exits 1 on any input that was accepted or threw something
 * other than a `HelixError`.
 *
 * Usage: deno run -A bench/fuzz_dna.ts [--iterations 1000000] [--seed 1]
 *
 * @module
 */
import { parseArgs } from "node:util";
import { ARGON2_MIN, dnaCryptoCalls } from "../core/transfer/dna/crypto.ts";
import { encodeDna } from "../core/transfer/dna/format.ts";
import {
  counting,
  framePayload,
  RAW_KEY,
  SAMPLE_BODY,
  sampleManifest,
  SIGNING_KEY,
} from "../tests/fixtures/dna_samples.ts";
import { fuzzDna, fuzzPayload, type FuzzReport } from "../tests/fixtures/dna_fuzz.ts";
import { log, MACHINE_LINE } from "./measure.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { iterations: { type: "string" }, seed: { type: "string" } },
});
const iterations = Number(values.iterations ?? 1_000_000);
const seed = Number(values.seed ?? 1);
if (!Number.isSafeInteger(iterations) || iterations < 1 || !Number.isSafeInteger(seed)) {
  log("usage: deno run -A bench/fuzz_dna.ts [--iterations n] [--seed n]");
  Deno.exit(64);
}

const rawKey = { rawKey: RAW_KEY };
const signed = { key: rawKey, signingKey: SIGNING_KEY };
const rawCorpus = [
  await encodeDna({ ...signed, manifest: sampleManifest(), body: SAMPLE_BODY }),
  await encodeDna({
    ...signed,
    manifest: sampleManifest({ kind: "delta", embedding: null, filters: { scopes: ["global"] } }),
    body: new Uint8Array(0),
  }),
  await encodeDna({
    ...signed,
    manifest: sampleManifest({ bodyEncoding: "jsonl+deflate" }),
    body: counting(1500),
  }),
];
const passphrase = { passphrase: "correct horse battery staple" };
const passphraseFile = await encodeDna({
  manifest: sampleManifest({ kind: "delta" }),
  body: SAMPLE_BODY,
  key: passphrase,
  argon2: ARGON2_MIN,
  signingKey: SIGNING_KEY,
});

function show(name: string, report: FuzzReport, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(report.iterations / seconds);
  log(`${name}: ${report.iterations} inputs in ${seconds.toFixed(1)} s (${rate}/s)`);
  log(`  codes: ${JSON.stringify(report.codes)}`);
  log(`  unchanged mutants skipped: ${report.unchanged}; failures: ${report.failures.length}`);
  for (const failure of report.failures.slice(0, 10)) log(`  FAIL ${failure}`);
}

log(`fuzz .dna v1, seed ${seed}, ${MACHINE_LINE}`);
const argon2Before = dnaCryptoCalls.argon2id;
let started = performance.now();
const raw = await fuzzDna({
  corpus: [...rawCorpus, passphraseFile],
  keys: [rawKey, passphrase],
  iterations,
  seed,
});
show("raw mutants", raw, started);

started = performance.now();
const resigned = await fuzzDna({
  corpus: rawCorpus,
  keys: [rawKey],
  iterations: Math.max(1, Math.floor(iterations / 20)),
  seed: seed + 1,
  resign: SIGNING_KEY,
});
show("re-signed mutants", resigned, started);

started = performance.now();
const payload = await fuzzPayload({
  payloads: [
    framePayload(sampleManifest(), SAMPLE_BODY),
    framePayload(
      sampleManifest({ kind: "delta", filters: { types: ["fact"] } }),
      new Uint8Array(0),
    ),
  ],
  rawKey: RAW_KEY,
  signingKey: SIGNING_KEY,
  iterations: Math.max(1, Math.floor(iterations / 50)),
  seed: seed + 2,
});
show("sealed payload mutants", payload, started);
log(`  accepted and re-encoded identically: ${payload.accepted}`);

const derivations = dnaCryptoCalls.argon2id - argon2Before;
log(`Argon2id derivations during the runs: ${derivations} (must be 0)`);
const failed = raw.failures.length + resigned.failures.length + payload.failures.length;
Deno.exit(failed === 0 && derivations === 0 ? 0 : 1);
