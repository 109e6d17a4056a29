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
import { cryptoCalls } from "../core/crypto/calls.ts";
import { RAW_KEY, SIGNING_KEY } from "../tests/fixtures/dna_samples.ts";
import {
  FUZZ_PASSPHRASE,
  FUZZ_RAW_KEY,
  fuzzDna,
  fuzzPayload,
  type FuzzReport,
  passphraseFile,
  rawCorpus,
  samplePayloads,
} from "../tests/fixtures/dna_fuzz.ts";
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

const rawFiles = await rawCorpus();
const argon2File = await passphraseFile();

function show(name: string, report: FuzzReport, started: number): void {
  const seconds = (performance.now() - started) / 1000;
  const rate = Math.round(report.iterations / seconds);
  log(`${name}: ${report.iterations} inputs in ${seconds.toFixed(1)} s (${rate}/s)`);
  log(`  codes: ${JSON.stringify(report.codes)}`);
  log(`  unchanged mutants skipped: ${report.unchanged}; failures: ${report.failures.length}`);
  for (const failure of report.failures.slice(0, 10)) log(`  FAIL ${failure}`);
}

log(`fuzz .dna v1, seed ${seed}, ${MACHINE_LINE}`);
const argon2Before = cryptoCalls.argon2id;
let started = performance.now();
const raw = await fuzzDna({
  corpus: [...rawFiles, argon2File],
  keys: [FUZZ_RAW_KEY, FUZZ_PASSPHRASE],
  iterations,
  seed,
});
show("raw mutants", raw, started);

started = performance.now();
const resigned = await fuzzDna({
  corpus: rawFiles,
  keys: [FUZZ_RAW_KEY],
  iterations: Math.max(1, Math.floor(iterations / 20)),
  seed: seed + 1,
  resign: SIGNING_KEY,
});
show("re-signed mutants", resigned, started);

started = performance.now();
const payload = await fuzzPayload({
  payloads: samplePayloads(),
  rawKey: RAW_KEY,
  signingKey: SIGNING_KEY,
  iterations: Math.max(1, Math.floor(iterations / 50)),
  seed: seed + 2,
});
show("sealed payload mutants", payload, started);
log(`  accepted and re-encoded identically: ${payload.accepted}`);

const derivations = cryptoCalls.argon2id - argon2Before;
log(`Argon2id derivations during the runs: ${derivations} (must be 0)`);
const failed = raw.failures.length + resigned.failures.length + payload.failures.length;
Deno.exit(failed === 0 && derivations === 0 ? 0 : 1);
